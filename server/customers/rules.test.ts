import { describe, expect, it } from 'vitest';
import type { FieldError } from '../problem.ts';
import { HttpProblem } from '../problem.ts';
import { checkImportRow, checkInput, IMPORT_CHUNK, importContext, importRowId, nextChunkSize, parseImportDate, planImport, searchTerms, splitTagNames, TAG_PALETTE, tagColorFor } from './rules.ts';

const context = { dateOrder: 'DMY' as const, defaultDialCode: '+34', today: '2026-11-23' };

describe('customers rules', () => {
  it('reads dates as ISO or in the order of the business country, refusing impossible ones', () => {
    expect(parseImportDate('1990-04-12', 'DMY')).toBe('1990-04-12');
    expect(parseImportDate('1990/04/12', 'MDY')).toBe('1990-04-12');
    expect(parseImportDate('12/04/1990', 'DMY')).toBe('1990-04-12');
    expect(parseImportDate('12.04.1990', 'DMY')).toBe('1990-04-12');
    expect(parseImportDate('04/12/1990', 'MDY')).toBe('1990-04-12');
    expect(parseImportDate('31/02/1990', 'DMY')).toBeUndefined();
    expect(parseImportDate('12/31/1990', 'DMY')).toBeUndefined();
    expect(parseImportDate('31/12/1990', 'MDY')).toBeUndefined();
    // Year first where dates are written so; a year-last date is not guessed there.
    expect(parseImportDate('1990/04/12', 'YMD')).toBe('1990-04-12');
    expect(parseImportDate('12/04/1990', 'YMD')).toBeUndefined();
    expect(parseImportDate('ayer', 'DMY')).toBeUndefined();
  });

  it("takes the date order from the business's country, not its language (issue 18)", () => {
    const today = '2026-11-23';
    // A US business whose owner works in Spanish: 03/04/2026 is March 4, and numbers without a dial code are +1.
    const usInSpanish = importContext({ today, locale: 'es-ES', country: 'US', dialCode: null });
    expect(usInSpanish).toEqual({ dateOrder: 'MDY', defaultDialCode: '+1', today });
    expect(parseImportDate('03/04/2026', usInSpanish.dateOrder)).toBe('2026-03-04');
    // A British business in English: day first, 3 April.
    const britishInEnglish = importContext({ today, locale: 'en-US', country: 'GB', dialCode: null });
    expect(britishInEnglish).toEqual({ dateOrder: 'DMY', defaultDialCode: '+44', today });
    expect(parseImportDate('03/04/2026', britishInEnglish.dateOrder)).toBe('2026-04-03');
    // A dial code the business chose wins over its country's.
    expect(importContext({ today, locale: 'es-ES', country: 'ES', dialCode: '+351' }).defaultDialCode).toBe('+351');
    // Created before the country was asked: its language decides, as before.
    expect(importContext({ today, locale: 'en-US', country: null, dialCode: null })).toEqual({ dateOrder: 'MDY', defaultDialCode: '+1', today });
    expect(importContext({ today, locale: 'es-ES', country: null, dialCode: null })).toEqual({ dateOrder: 'DMY', defaultDialCode: '+34', today });
    // Through a whole row: a US business in Spanish imports the birthday 03/04/1990 as 4 March 1990.
    const errors: FieldError[] = [];
    expect(checkImportRow({ name: 'Ann', birthday: '03/04/1990' }, 0, usInSpanish, errors)).toMatchObject({ birthday: '1990-03-04' });
    expect(errors).toEqual([]);
  });

  it('splits tag names once each, whatever the separator and case', () => {
    expect(splitTagNames('VIP; vip , Pelo  rizado|')).toEqual(['VIP', 'Pelo rizado']);
  });

  it('cleans a good row and names every failing cell of a bad one', () => {
    const errors: FieldError[] = [];
    expect(checkImportRow({ name: ' Lucía ', phoneNumber: '+44 7700 900123', email: 'LUCIA@Example.com', marketingConsent: 'Sí', taxId: '12345678z' }, 0, context, errors)).toEqual({
      name: 'Lucía',
      lastName: null,
      phoneCountryCode: '+44',
      phoneNumber: '7700900123',
      email: 'lucia@example.com',
      birthday: null,
      taxId: '12345678Z',
      marketingConsent: true,
      notes: null,
      tags: [],
    });
    expect(checkImportRow({ name: 'Ana', phoneNumber: '612 34 56 78' }, 1, context, errors)).toMatchObject({ phoneCountryCode: '+34', phoneNumber: '612345678' });
    expect(errors).toEqual([]);
    expect(checkImportRow({ email: 'x@', phoneNumber: '12', birthday: '2999-01-01', marketingConsent: 'quizá' }, 7, context, errors)).toBeUndefined();
    expect(errors.map((error) => [error.field, error.code])).toEqual([
      ['/rows/7/name', 'required'],
      ['/rows/7/email', 'invalid_email'],
      ['/rows/7/phoneNumber', 'invalid_phone'],
      ['/rows/7/birthday', 'out_of_range'],
      ['/rows/7/marketingConsent', 'invalid_boolean'],
    ]);
  });

  it('plans an import: existing tags by any case, new ones once for managers, unknown ones failing a member\'s row', () => {
    const tags = [{ id: 't1', name: 'Regular' }];
    const rows = [{ name: 'Ana', tags: 'regular; Nueva' }, { name: 'Bea', tags: 'nueva' }];
    const manager = planImport(rows, context, tags, true);
    expect(manager.errors).toEqual([]);
    expect(manager.createdTags).toEqual(['Nueva']);
    expect(manager.customers.map((c) => c.name)).toEqual(['Ana', 'Bea']);
    expect(manager.existingTags.get('regular')).toBe('t1');
    const member = planImport(rows, context, tags, false);
    expect(member.errors.map((error) => [error.field, error.code])).toEqual([
      ['/rows/0/tags', 'unknown_tag'],
      ['/rows/1/tags', 'unknown_tag'],
    ]);
    expect(member.customers).toEqual([]);
    // One bad cell anywhere: nothing to write.
    expect(planImport([{ name: 'Ana' }, { name: '' }], context, [], true).customers).toEqual([]);
  });

  it('sizes import chunks to the time they take, within bounds, at most doubling', () => {
    expect(nextChunkSize(100, IMPORT_CHUNK.targetMs)).toBe(100);
    expect(nextChunkSize(100, 4 * IMPORT_CHUNK.targetMs)).toBe(25);
    expect(nextChunkSize(100, 1000 * IMPORT_CHUNK.targetMs)).toBe(IMPORT_CHUNK.min);
    expect(nextChunkSize(100, IMPORT_CHUNK.targetMs / 10)).toBe(200);
    expect(nextChunkSize(800, 0)).toBe(IMPORT_CHUNK.max);
  });

  it("derives an import row's id from tenant, key and row: stable, distinct, a valid UUID", () => {
    const id = importRowId('tenant', 'key', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(importRowId('tenant', 'key', 0)).toBe(id);
    expect(new Set([id, importRowId('tenant', 'key', 1), importRowId('other', 'key', 0), importRowId('tenant', 'other', 0)]).size).toBe(4);
  });

  it('reads a search as words, or as the digits of a phone', () => {
    expect(searchTerms('  Lucía  García ')).toEqual(['Lucía', 'García']);
    expect(searchTerms('+34 612-34')).toEqual(['3461234']);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it("refuses what a customer's schema cannot say, naming the field", () => {
    const field = (fn: () => void) => {
      try {
        fn();
      } catch (error) {
        return (error as HttpProblem).errors?.[0]?.field;
      }
      return undefined;
    };
    expect(field(() => checkInput({ name: '  ' }, '2026-11-23'))).toBe('/customer/name');
    expect(field(() => checkInput({ name: 'Ana', phoneNumber: '612345678' }, '2026-11-23'))).toBe('/customer/phoneCountryCode');
    expect(field(() => checkInput({ name: 'Ana', birthday: '2026-11-24' }, '2026-11-23'))).toBe('/customer/birthday');
    expect(field(() => checkInput({ name: 'Ana', birthday: '2026-11-23' }, '2026-11-23'))).toBeUndefined();
  });

  it('gives new tags the palette in turn', () => {
    expect(tagColorFor(0)).toBe(TAG_PALETTE[0]);
    expect(tagColorFor(TAG_PALETTE.length + 1)).toBe(TAG_PALETTE[1]);
  });
});
