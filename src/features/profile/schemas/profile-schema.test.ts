import { describe, expect, it } from 'vitest';
import type { User } from '@generated/types.gen';
import { issueErrorMap } from '~/lib/form-issues';
import { phoneFieldMessages } from '~/lib/phone-field';
import { profileFromUser, profileIssueMessages, profileSchema, toUserInput } from './profile-schema';

const user: User = {
  id: '2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d',
  email: 'ana@example.com',
  status: 'USER_STATUS_ACTIVE',
  name: 'Ana',
  lastName: 'García',
  locale: 'es-ES',
  phoneCountryCode: '+34',
  phoneNumber: '612345678',
  version: 2,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

function messageIds(input: object) {
  const result = profileSchema.safeParse(input, { error: issueErrorMap((descriptor) => String(descriptor.id), profileIssueMessages) });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('profile form', () => {
  it('round-trips the stored profile', () => {
    expect(toUserInput(profileSchema.parse(profileFromUser(user, 'en-US')))).toEqual({
      name: 'Ana',
      lastName: 'García',
      locale: 'es-ES',
      phoneCountryCode: '+34',
      phoneNumber: '612345678',
    });
  });

  it('starts an empty profile with empty fields and sends only the language', () => {
    const bare: User = { ...user, name: undefined, lastName: undefined, phoneCountryCode: undefined, phoneNumber: undefined, locale: 'en-US' };
    const input = profileFromUser(bare, 'en-US');
    expect(input).toEqual({ name: '', lastName: '', phone: { countryCode: '+1', number: '' }, locale: 'en-US' });
    expect(toUserInput(profileSchema.parse(input))).toEqual({ locale: 'en-US' });
  });

  it('trims names and reports too long ones and bad phones', () => {
    expect(profileSchema.parse({ ...profileFromUser(user, 'es-ES'), name: '  Ana María ' }).name).toBe('Ana María');
    expect(messageIds({ ...profileFromUser(user, 'es-ES'), lastName: 'x'.repeat(101), phone: { countryCode: '+34', number: 'abc' } })).toEqual({
      lastName: 'form.issue.tooLong',
      'phone.number': phoneFieldMessages.number.id,
    });
  });

  it('only accepts the supported languages', () => {
    expect(Object.keys(messageIds({ ...profileFromUser(user, 'es-ES'), locale: 'fr-FR' }))).toEqual(['locale']);
  });
});
