import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY_CODE,
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_TAX_RATE,
  SUBSCRIPTION_DEFAULT_CURRENCY,
  addTax,
  formatMoney,
  parseMoneyInput,
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
    expect(formatMoney(12345678, { locale: 'es-ES', symbolAfter: true })).toBe('123.456,78 €');
  });

  it('writes negative amounts with a leading minus', () => {
    expect(formatMoney(-2500)).toBe('-€25.00');
    expect(formatMoney(-2500, { symbolAfter: true })).toBe('-25.00 €');
    expect(formatMoney(-0)).toBe('€0.00');
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
