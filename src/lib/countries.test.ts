import { describe, expect, it } from 'vitest';
import { COUNTRY_DIAL_CODES, countries, findCountryByCode, findCountryByDialCode } from './countries.ts';

describe('COUNTRY_DIAL_CODES', () => {
  it('covers the ISO 3166-1 countries with well-formed dial codes', () => {
    const codes = Object.keys(COUNTRY_DIAL_CODES);
    expect(codes).toHaveLength(249);
    for (const [code, dialCode] of Object.entries(COUNTRY_DIAL_CODES)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(dialCode).toMatch(/^\+[1-9]\d{0,3}$/);
    }
  });

  it('knows the dial codes of common countries', () => {
    expect(COUNTRY_DIAL_CODES).toMatchObject({ ES: '+34', US: '+1', GB: '+44', FR: '+33', MX: '+52', AR: '+54', PT: '+351' });
  });

  it('names every country in the region names of Intl', () => {
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    for (const code of Object.keys(COUNTRY_DIAL_CODES)) {
      expect(names.of(code), code).toBeTruthy();
    }
  });
});

describe('countries', () => {
  it('puts Spain first, then sorts by localized name', () => {
    for (const language of ['en', 'es-ES']) {
      const list = countries(language);
      expect(list[0]?.code).toBe('ES');
      const rest = list.slice(1).map((country) => country.name);
      expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, language)));
    }
  });

  it('localizes names and builds entries', () => {
    // No emoji flag (regional-indicator letters) anywhere: flags are images (CountryFlag).
    expect(countries('es')[0]).toEqual({ name: 'España', code: 'ES', dial_code: '+34' });
    for (const language of ['en-US', 'es-ES']) expect(JSON.stringify(countries(language))).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    expect(findCountryByCode('DE', 'en')?.name).toBe('Germany');
    expect(findCountryByCode('de', 'es-ES')?.name).toBe('Alemania');
    expect(findCountryByCode('DE', 'ca')?.name).toBe('Alemanya');
  });

  it('sorts accented names where the language expects them', () => {
    const names = countries('es').map((country) => country.name);
    expect(names.indexOf('Austria')).toBeLessThan(names.indexOf('Azerbaiyán'));
    const enNames = countries('en').map((country) => country.name);
    expect(enNames.indexOf('Åland Islands')).toBeLessThan(enNames.indexOf('Albania'));
    expect(enNames.indexOf('Curaçao')).toBeGreaterThan(enNames.indexOf('Cuba'));
    expect(enNames.indexOf('Curaçao')).toBeLessThan(enNames.indexOf('Cyprus'));
  });

  it('falls back to English for an unusable language', () => {
    expect(findCountryByCode('DE', '')?.name).toBe('Germany');
    expect(findCountryByCode('DE', 'not a language')?.name).toBe('Germany');
  });
});

describe('findCountryByDialCode', () => {
  it('finds a country in any common notation', () => {
    expect(findCountryByDialCode('+34')?.code).toBe('ES');
    expect(findCountryByDialCode('34')?.code).toBe('ES');
    expect(findCountryByDialCode('0034')?.code).toBe('ES');
    expect(findCountryByDialCode('+1264')?.code).toBe('AI');
  });

  it('prefers the main country of a shared dial code', () => {
    expect(findCountryByDialCode('+1')?.code).toBe('US');
    expect(findCountryByDialCode('+44')?.code).toBe('GB');
    expect(findCountryByDialCode('+7')?.code).toBe('RU');
  });

  it('has a preferred country for every shared dial code', () => {
    const byDialCode = new Map<string, string[]>();
    for (const [code, dialCode] of Object.entries(COUNTRY_DIAL_CODES)) {
      byDialCode.set(dialCode, [...(byDialCode.get(dialCode) ?? []), code]);
    }
    for (const [dialCode, codes] of byDialCode) {
      if (codes.length < 2) continue;
      const found = findCountryByDialCode(dialCode)?.code;
      expect(codes, dialCode).toContain(found);
    }
  });

  it('returns undefined for unknown or empty codes', () => {
    expect(findCountryByDialCode('+999')).toBeUndefined();
    expect(findCountryByDialCode('')).toBeUndefined();
    expect(findCountryByDialCode(undefined)).toBeUndefined();
  });
});
