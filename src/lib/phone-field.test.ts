import { describe, expect, it } from 'vitest';
import { defaultDialCode, nationalDigits, phoneFieldSchema, phoneFromApi, phoneToApi } from './phone-field.ts';

const reasons = (value: { countryCode: string; number: string }) =>
  (phoneFieldSchema.safeParse(value).error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${String((issue as { params?: { reason?: string } }).params?.reason)}`);

describe('phoneFieldSchema', () => {
  it('accepts an empty number whatever the country', () => {
    expect(reasons({ countryCode: '', number: '' })).toEqual([]);
    expect(reasons({ countryCode: '+34', number: '   ' })).toEqual([]);
  });

  it('accepts a number typed with spaces, dashes or brackets', () => {
    expect(reasons({ countryCode: '+34', number: '612 345 678' })).toEqual([]);
    expect(reasons({ countryCode: '+1', number: '(212) 555-0100' })).toEqual([]);
  });

  it('rejects too short or too long numbers, and letters', () => {
    expect(reasons({ countryCode: '+34', number: '123' })).toEqual(['number:phone_number']);
    expect(reasons({ countryCode: '+34', number: '1234567890123456' })).toEqual(['number:phone_number']);
    expect(reasons({ countryCode: '+34', number: '612 ABC 678' })).toEqual(['number:phone_number']);
  });

  it('needs a country for a number', () => {
    expect(reasons({ countryCode: '', number: '612345678' })).toEqual(['countryCode:phone_country']);
  });
});

describe('nationalDigits', () => {
  it('drops the selected country prefix from a pasted international number', () => {
    expect(nationalDigits({ countryCode: '+34', number: '+34 612 345 678' })).toBe('612345678');
    expect(nationalDigits({ countryCode: '+34', number: '0034612345678' })).toBe('612345678');
    expect(nationalDigits({ countryCode: '+34', number: '612 345 678' })).toBe('612345678');
  });

  it('keeps another country prefix (the number is then checked as typed)', () => {
    expect(nationalDigits({ countryCode: '+34', number: '+44 20 7946 0000' })).toBe('442079460000');
  });
});

describe('phoneToApi / phoneFromApi', () => {
  it('sends the dial code and digits, or nothing', () => {
    expect(phoneToApi({ countryCode: '+34', number: '612 345 678' })).toEqual({ phoneCountryCode: '+34', phoneNumber: '612345678' });
    expect(phoneToApi({ countryCode: '+34', number: '' })).toEqual({});
  });

  it('reads stored values, defaulting the dial code by locale', () => {
    expect(phoneFromApi('+44', '2079460000', 'es-ES')).toEqual({ countryCode: '+44', number: '2079460000' });
    expect(phoneFromApi(undefined, undefined, 'es-ES')).toEqual({ countryCode: '+34', number: '' });
    expect(phoneFromApi(undefined, undefined, 'en-US').countryCode).toBe('+1');
    expect(defaultDialCode('es-ES')).toBe('+34');
  });
});
