import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { describeIssue, formIssueMessages, issueErrorMap, issueKey } from './form-issues.ts';

const schema = z.object({
  name: z.string().min(1).max(5),
  email: z.email(),
  size: z.number().int().gte(1).lte(10),
  mode: z.enum(['A', 'B']),
  items: z.array(z.object({ end: z.string().regex(/^\d\d:\d\d$/) })),
});

function idsOf(input: unknown, fields = {}) {
  const result = schema.safeParse(input, { error: issueErrorMap((descriptor, values) => `${descriptor.id}${values ? JSON.stringify(values) : ''}`, fields) });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const valid = { name: 'Ana', email: 'ana@example.com', size: 2, mode: 'A', items: [{ end: '10:00' }] };

describe('issueKey', () => {
  it('replaces indexes by *', () => {
    expect(issueKey(['items', 3, 'end'])).toBe('items.*.end');
    expect(issueKey()).toBe('');
  });
});

describe('issueErrorMap with generic messages', () => {
  it('says "required" for an empty string, a missing choice and a missing number', () => {
    const ids = idsOf({ ...valid, name: '', mode: '', size: undefined });
    expect(ids.name).toBe('form.issue.required{}');
    expect(ids.mode).toBe('form.issue.required{}');
    expect(ids.size).toBe('form.issue.required{}');
  });

  it('names the limit of too long texts and out-of-range numbers', () => {
    const ids = idsOf({ ...valid, name: 'abcdefgh', size: 11 });
    expect(ids.name).toBe('form.issue.tooLong{"maximum":5}');
    expect(ids.size).toBe('form.issue.tooBig{"maximum":10}');
    expect(idsOf({ ...valid, size: 0 }).size).toBe('form.issue.tooSmall{"minimum":1}');
  });

  it('has a message for e-mails and for other formats', () => {
    const ids = idsOf({ ...valid, email: 'nope', items: [{ end: '9' }] });
    expect(ids.email).toBe('form.issue.invalidEmail{}');
    expect(ids['items.0.end']).toBe('form.issue.invalid{}');
  });
});

describe('field messages', () => {
  const own = { id: 'own.name', defaultMessage: 'Name!' };
  const ownLong = { id: 'own.long', defaultMessage: 'Long!' };
  const ownEnd = { id: 'own.end', defaultMessage: 'End!' };

  it('win over the generic message, for any problem or per code', () => {
    expect(idsOf({ ...valid, name: '' }, { name: own }).name).toBe('own.name{}');
    expect(idsOf({ ...valid, name: 'abcdefgh' }, { name: { too_big: ownLong } }).name).toBe('own.long{"maximum":5}');
    expect(idsOf({ ...valid, name: '' }, { name: { too_big: ownLong } }).name).toBe('form.issue.required{}');
  });

  it('apply to every item of a list', () => {
    expect(idsOf({ ...valid, items: [{ end: '10:00' }, { end: 'x' }] }, { 'items.*.end': { '*': ownEnd } })['items.1.end']).toBe('own.end{}');
  });

  it('can be chosen by the reason of a custom issue', () => {
    const described = describeIssue({ code: 'custom', path: ['ranges'], params: { reason: 'overlap' } }, { ranges: { overlap: ownEnd } });
    expect(described.descriptor).toBe(ownEnd);
    expect(describeIssue({ code: 'custom', path: ['x'] }).descriptor).toBe(formIssueMessages.invalid);
  });

  it('can name their own "required"', () => {
    const ownRequired = { id: 'own.required', defaultMessage: 'Pick one' };
    expect(idsOf({ ...valid, mode: undefined }, { mode: { required: ownRequired } }).mode).toBe('own.required{}');
  });
});

describe('blank e-mail', () => {
  it('is "required", not "invalid e-mail"', () => {
    expect(idsOf({ ...valid, email: '' }).email).toBe('form.issue.required{}');
  });
});

describe('blank text with a minimum length', () => {
  const password = z.object({ password: z.string().min(6) });
  const ids = (input: unknown, fields = {}) =>
    (password.safeParse(input, { error: issueErrorMap((descriptor, values) => `${descriptor.id}${JSON.stringify(values)}`, fields) }).error?.issues ?? []).map(
      (issue) => issue.message,
    );

  it('is "required", not "too short"; a short text is "too short"', () => {
    expect(ids({ password: '' })).toEqual(['form.issue.required{"minimum":6}']);
    expect(ids({ password: '   ' })).toEqual(['form.issue.required{"minimum":6}']);
    expect(ids({ password: '12345' })).toEqual(['form.issue.tooShort{"minimum":6}']);
  });

  it('keeps a field message named for too_small, with the minimum', () => {
    const own = { id: 'own.short', defaultMessage: 'Short!' };
    expect(ids({ password: '' }, { password: { too_small: own } })).toEqual(['own.short{"minimum":6}']);
  });
});
