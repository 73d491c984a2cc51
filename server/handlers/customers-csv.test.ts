import { describe, expect, it } from 'vitest';
import type { FieldError } from '../problem.ts';
import { checkImportRow, parseImportDate, splitTagNames } from './customers-csv.ts';

const context = { locale: 'es-ES', defaultDialCode: '+34', today: '2026-11-23' };

describe('customers CSV', () => {
  it('reads dates as ISO or in the business order, refusing impossible ones', () => {
    expect(parseImportDate('1990-04-12', 'es-ES')).toBe('1990-04-12');
    expect(parseImportDate('12/04/1990', 'es-ES')).toBe('1990-04-12');
    expect(parseImportDate('04/12/1990', 'en-US')).toBe('1990-04-12');
    expect(parseImportDate('31/02/1990', 'es-ES')).toBeUndefined();
    expect(parseImportDate('ayer', 'es-ES')).toBeUndefined();
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
});
