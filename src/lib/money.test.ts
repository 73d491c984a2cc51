import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY_CODE,
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_TAX_RATE,
  SUBSCRIPTION_DEFAULT_CURRENCY,
  addTax,
  formatAmount,
  formatMoney,
  fractionDigitsOf,
  parseMoneyInput,
  readMoneyInput,
  taxOf,
  taxRateFromPercentage,
} from './money.ts';

describe('defaults', () => {
  it('match SPEC §9', () => {
    expect(DEFAULT_CURRENCY_CODE).toBe('EUR');
    expect(DEFAULT_CURRENCY_SYMBOL).toBe('€');
    expect(DEFAULT_TAX_RATE).toBe(0.21);
    expect(SUBSCRIPTION_DEFAULT_CURRENCY).toBe('USD');
  });
});

describe('formatMoney', () => {
  it('shows euros with two decimals and the symbol first by default', () => {
    expect(formatMoney(2500)).toBe('€25.00');
    expect(formatMoney(5)).toBe('€0.05');
    expect(formatMoney(123456789)).toBe('€1,234,567.89');
  });

  it('puts the symbol after the amount when asked', () => {
    expect(formatMoney(2500, { symbolAfter: true })).toBe('25.00 €');
  });

  it('honours a custom symbol, currency and locale', () => {
    expect(formatMoney(2500, { currencySymbol: 'EUR ' })).toBe('EUR 25.00');
    expect(formatMoney(1999, { currencyCode: 'USD' })).toBe('$19.99');
    expect(formatMoney(1999, { currencyCode: 'GBP', symbolAfter: true })).toBe('19.99 £');
    expect(formatMoney(123456, { locale: 'es-ES', symbolAfter: true })).toBe('1234,56 €');
    // The interface language decides when the flag is not given: Spanish after, English before.
    expect(formatMoney(1850, { locale: 'es-ES', currencyCode: 'EUR' })).toBe('18,50 €');
    expect(formatMoney(1850, { locale: 'en-US', currencyCode: 'USD' })).toBe('$18.50');
    expect(formatMoney(1850, { locale: 'es-ES', currencyCode: 'EUR', symbolAfter: false })).toBe('€18,50');
    expect(formatMoney(12345678, { locale: 'es-ES', symbolAfter: true })).toBe('123.456,78 €');
  });

  it('writes negative amounts with a leading minus', () => {
    expect(formatMoney(-2500)).toBe('-€25.00');
    expect(formatMoney(-2500, { symbolAfter: true })).toBe('-25.00 €');
    expect(formatMoney(-0)).toBe('€0.00');
  });
});

describe('the currency’s decimals (ISO 4217 exponent)', () => {
  it('come from the money module: 2 for EUR, 0 for JPY and CLP, 3 for KWD', () => {
    expect(fractionDigitsOf('EUR')).toBe(2);
    expect(fractionDigitsOf('JPY')).toBe(0);
    expect(fractionDigitsOf('CLP')).toBe(0);
    expect(fractionDigitsOf('KWD')).toBe(3);
    expect(fractionDigitsOf(undefined)).toBe(2);
    expect(fractionDigitsOf('XYZ')).toBe(2);
  });

  it('format yen without decimals and dinars with three', () => {
    expect(formatMoney(2500, { currencyCode: 'JPY' })).toBe('¥2,500');
    expect(formatMoney(1500, { currencyCode: 'KWD', currencySymbol: 'KD ' })).toBe('KD 1.500');
    expect(formatMoney(12345, { currencyCode: 'KWD', currencySymbol: 'KD', locale: 'es-ES', symbolAfter: true })).toBe('12,345 KD');
    expect(formatMoney(-5, { currencyCode: 'BHD', currencySymbol: 'BD ' })).toBe('-BD 0.005');
  });

  it('format the largest amount exactly', () => {
    expect(formatAmount(1_000_000_000_000, 'en-US', 'EUR')).toBe('10,000,000,000.00');
    expect(formatAmount(999_999_999_999, 'es-ES', 'EUR')).toBe('9.999.999.999,99');
    expect(formatAmount(999_999_999_999, 'en-US', 'KWD', { grouping: false })).toBe('999999999.999');
  });

  it('read what is typed in the currency’s decimals, never more', () => {
    expect(parseMoneyInput('2500', 'en', 'JPY')).toBe(2500);
    expect(parseMoneyInput('2.500', 'es', 'JPY')).toBe(2500);
    expect(parseMoneyInput('2,500', 'en', 'JPY')).toBe(2500);
    expect(readMoneyInput('25.5', 'en', 'JPY')).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(parseMoneyInput('1.5', 'en', 'KWD')).toBe(1500);
    expect(parseMoneyInput('1,250', 'es', 'KWD')).toBe(1250);
    expect(parseMoneyInput('12.345', 'en', 'KWD')).toBe(12345);
    expect(readMoneyInput('1.2345', 'en', 'KWD')).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(readMoneyInput('25.555', 'en')).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(readMoneyInput('abc', 'en')).toEqual({ ok: false, code: 'not_a_number' });
  });

  it('read the one bound: 10,000,000,000.00 EUR and not a cent more', () => {
    expect(readMoneyInput('10.000.000.000,00', 'es', 'EUR')).toEqual({ ok: true, value: 1_000_000_000_000 });
    expect(readMoneyInput('10000000000.01', 'en', 'EUR')).toEqual({ ok: false, code: 'out_of_range' });
    expect(readMoneyInput('1000000000001', 'en', 'JPY')).toEqual({ ok: false, code: 'out_of_range' });
    expect(readMoneyInput('-5', 'en', 'EUR', {})).toEqual({ ok: false, code: 'out_of_range' });
    expect(parseMoneyInput('19.99', 'en')).toBe(1999); // 19.99 is 19.989999… as a double: read exactly
  });
});

describe('parseMoneyInput', () => {
  it.each([
    ['25', 'en', 2500],
    ['25.5', 'en', 2550],
    ['25.5', 'es', 2550],
    ['25,50', 'en', 2550],
    ['25,50', 'es', 2550],
    ['0,05', 'es', 5],
    [',5', 'es', 50],
    ['1.234,56', 'es', 123456],
    ['1,234.56', 'en', 123456],
    ['1.234', 'es', 123400],
    ['1,234', 'en', 123400],
    ['1.234.567', 'es', 123456700],
    [' 1 234,56 ', 'fr', 123456],
    ['-12.30', 'en', -1230],
  ])('%s (%s) → %d', (text, locale, expected) => {
    expect(parseMoneyInput(text, locale)).toBe(expected);
  });

  it.each([
    ['', 'en'],
    ['abc', 'en'],
    ['12abc', 'en'],
    ['25.555', 'en'],
    ['2,5555', 'es'],
    ['1,234', 'es'],
    ['1.234', 'en'],
    ['25.', 'en'],
    ['1.2.3', 'en'],
    ['1,23.45', 'en'],
    ['12.34,5.6', 'es'],
    ['.', 'en'],
    ['--5', 'en'],
    ['€25', 'en'],
  ])('rejects %s (%s)', (text, locale) => {
    expect(parseMoneyInput(text, locale)).toBeNull();
  });

  it('rejects missing input', () => {
    expect(parseMoneyInput(null)).toBeNull();
    expect(parseMoneyInput(undefined)).toBeNull();
  });
});

describe('tax', () => {
  it('turns a tenant percentage into a rate', () => {
    expect(taxRateFromPercentage(21)).toBe(0.21);
    expect(taxRateFromPercentage(10)).toBe(0.1);
    expect(taxRateFromPercentage(0)).toBe(0);
    expect(taxRateFromPercentage(undefined)).toBe(0.21);
    expect(taxRateFromPercentage(null)).toBe(0.21);
  });

  it('computes tax on minor units with half-up rounding', () => {
    expect(taxOf(10000)).toBe(2100);
    expect(taxOf(1050)).toBe(221); // 220.5 → 221
    expect(taxOf(1049)).toBe(220); // 220.29 → 220
    expect(taxOf(250, 0.1)).toBe(25);
    expect(taxOf(5, 0.1)).toBe(1); // 0.5 → 1
    expect(taxOf(-1050)).toBe(-221);
    expect(taxOf(999, 0)).toBe(0);
  });

  it('adds tax to a net amount', () => {
    expect(addTax(10000)).toBe(12100);
    expect(addTax(1050)).toBe(1271);
    expect(addTax(1000, 0.04)).toBe(1040);
  });
});
