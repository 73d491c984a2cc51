import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR, amountIssue, amountIssueCode, fromMinorUnits, toMinorUnits } from './amount.ts';
import { CURRENCY_EXPONENTS, currencyExponent } from './currencies.ts';
import { allocateByWeight, divideRoundHalfUp, parseScaled } from './decimal.ts';
import { MONEY_ERRORS, MONEY_ERROR_CODES } from './errors.ts';

describe('currency exponents (ISO 4217)', () => {
  it('covers every currency Cita offers (server/catalog.ts) with its exponent', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('GBP')).toBe(2);
    expect(currencyExponent('MXN')).toBe(2);
    expect(currencyExponent('ARS')).toBe(2);
    expect(currencyExponent('COP')).toBe(2);
    expect(currencyExponent('CLP')).toBe(0);
    expect(currencyExponent('PEN')).toBe(2);
    expect(currencyExponent('CHF')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
  });

  it('knows the 0-, 3- and 4-decimal currencies', () => {
    for (const code of ['JPY', 'KRW', 'CLP', 'VND', 'ISK', 'XOF']) expect(currencyExponent(code)).toBe(0);
    for (const code of ['KWD', 'BHD', 'TND', 'OMR', 'JOD', 'IQD', 'LYD']) expect(currencyExponent(code)).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    expect(currencyExponent('UYW')).toBe(4);
  });

  it('answers undefined for what ISO does not list (and for inherited keys)', () => {
    expect(currencyExponent('XYZ')).toBeUndefined();
    expect(currencyExponent('eur')).toBeUndefined();
    expect(currencyExponent('toString')).toBeUndefined();
    expect(Object.keys(CURRENCY_EXPONENTS).length).toBeGreaterThan(150);
  });
});

describe('the error codes', () => {
  it('are the values the API answers', () => {
    expect(MONEY_ERROR_CODES).toEqual(['not_a_number', 'too_many_decimals', 'out_of_range', 'unknown_currency', 'too_many_tax_rates', 'invalid_exemption', 'mixed_signs']);
  });
});

describe('the one bound', () => {
  it('is 10^12 minor units either way', () => {
    expect(MAX_AMOUNT_MINOR).toBe(1_000_000_000_000);
    expect(amountIssueCode(1_000_000_000_000)).toBeNull();
    expect(amountIssueCode(1_000_000_000_001)).toBe('out_of_range');
    expect(amountIssueCode(-1_000_000_000_000, { allowNegative: true })).toBeNull();
    expect(amountIssueCode(-1_000_000_000_001, { allowNegative: true })).toBe('out_of_range');
  });

  it('refuses a negative amount unless allowed, a fraction of a minor unit and what is not a number', () => {
    expect(amountIssueCode(-1)).toBe('out_of_range');
    expect(amountIssueCode(0)).toBeNull();
    expect(amountIssueCode(12.5)).toBe('too_many_decimals');
    expect(amountIssueCode(Number.NaN)).toBe('not_a_number');
    expect(amountIssueCode(Number.POSITIVE_INFINITY)).toBe('not_a_number');
    expect(amountIssue(-1)).toEqual({ code: 'out_of_range', detail: 'The amount must be from 0 to 1000000000000 minor units.' });
    expect(amountIssue(2500)).toBeNull();
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['19.99', 'EUR', 1999],
    [19.99, 'EUR', 1999],
    [0.1, 'EUR', 10],
    ['0.07', 'EUR', 7],
    [1.005, 'EUR', Number.NaN], // three decimals: refused, not rounded
    ['1000', 'JPY', 1000],
    [1000, 'JPY', 1000],
    ['1.500', 'KWD', 1500],
    ['0.001', 'BHD', 1],
    ['12.3450', 'TND', 12345],
    ['25', 'EUR', 2500],
    ['19.990', 'EUR', 1999],
    ['1e3', 'EUR', 100000],
    ['10000000000', 'EUR', 1_000_000_000_000],
    ['1000000000000', 'JPY', 1_000_000_000_000],
    ['1000000000', 'KWD', 1_000_000_000_000],
  ])('%s %s → %d', (value, currency, expected) => {
    const result = toMinorUnits(value, currency);
    if (Number.isNaN(expected)) expect(result).toEqual({ ok: false, code: 'too_many_decimals' });
    else expect(result).toEqual({ ok: true, value: expected });
  });

  it('refuses with one code per reason', () => {
    expect(toMinorUnits('19.999', 'EUR')).toEqual({ ok: false, code: MONEY_ERRORS.tooManyDecimals });
    expect(toMinorUnits('1.5', 'JPY')).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(toMinorUnits('1.0001', 'KWD')).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(toMinorUnits('abc', 'EUR')).toEqual({ ok: false, code: 'not_a_number' });
    expect(toMinorUnits('', 'EUR')).toEqual({ ok: false, code: 'not_a_number' });
    expect(toMinorUnits('1.', 'EUR')).toEqual({ ok: false, code: 'not_a_number' });
    expect(toMinorUnits('1,5', 'EUR')).toEqual({ ok: false, code: 'not_a_number' });
    expect(toMinorUnits(Number.NaN, 'EUR')).toEqual({ ok: false, code: 'not_a_number' });
    expect(toMinorUnits('10000000000.01', 'EUR')).toEqual({ ok: false, code: 'out_of_range' });
    expect(toMinorUnits('1000000000001', 'JPY')).toEqual({ ok: false, code: 'out_of_range' });
    expect(toMinorUnits('1e400', 'EUR')).toEqual({ ok: false, code: 'out_of_range' });
    expect(toMinorUnits('-5', 'EUR')).toEqual({ ok: false, code: 'out_of_range' });
    expect(toMinorUnits('-5', 'EUR', { allowNegative: true })).toEqual({ ok: true, value: -500 });
    expect(toMinorUnits('5', 'XYZ')).toEqual({ ok: false, code: 'unknown_currency' });
  });
});

describe('fromMinorUnits', { timeout: 60_000 }, () => {
  it('writes the currency’s decimals exactly', () => {
    expect(fromMinorUnits(1999, 'EUR')).toBe('19.99');
    expect(fromMinorUnits(5, 'EUR')).toBe('0.05');
    expect(fromMinorUnits(-5, 'EUR')).toBe('-0.05');
    expect(fromMinorUnits(1000, 'JPY')).toBe('1000');
    expect(fromMinorUnits(1500, 'KWD')).toBe('1.500');
    expect(fromMinorUnits(1, 'BHD')).toBe('0.001');
    expect(fromMinorUnits(1_000_000_000_000, 'EUR')).toBe('10000000000.00');
  });

  const currencies = { 0: 'JPY', 2: 'EUR', 3: 'KWD', 4: 'CLF' } as const;
  for (const [exponent, currency] of Object.entries(currencies)) {
    it(`round-trips every amount within the bound, as text and as a number (exponent ${exponent}, ${currency})`, () => {
      fc.assert(
        fc.property(fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }), (minor) => {
          const text = fromMinorUnits(minor, currency);
          expect(toMinorUnits(text, currency, { allowNegative: true })).toEqual({ ok: true, value: minor });
          expect(toMinorUnits(Number(text), currency, { allowNegative: true })).toEqual({ ok: true, value: minor });
        }),
        { numRuns: 2000 },
      );
    });
  }
});

describe('exact integer helpers', { timeout: 60_000 }, () => {
  it('rounds halves away from zero', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(4n, 3n)).toBe(1n);
    expect(divideRoundHalfUp(5n, 3n)).toBe(2n);
    expect(divideRoundHalfUp(-5n, 3n)).toBe(-2n);
  });

  it('reads scaled decimals', () => {
    expect(parseScaled('10.5', 2)).toEqual({ ok: true, value: 1050n });
    expect(parseScaled(21, 2)).toEqual({ ok: true, value: 2100n });
    expect(parseScaled('0.125', 3)).toEqual({ ok: true, value: 125n });
    expect(parseScaled(5e-7, 3)).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(parseScaled('0e-500', 2)).toEqual({ ok: true, value: 0n });
  });

  it('allocates by largest remainder, exactly and symmetrically', () => {
    expect(allocateByWeight(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocateByWeight(-100n, [1n, 1n, 1n])).toEqual([-34n, -33n, -33n]);
    expect(allocateByWeight(10n, [3n, 0n, 7n])).toEqual([3n, 0n, 7n]);
    expect(allocateByWeight(0n, [5n, -5n])).toEqual([0n, 0n]);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), fc.array(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), { minLength: 1, maxLength: 30 }), (total, weights) => {
        fc.pre(weights.reduce((a, b) => a + b, 0n) !== 0n);
        const parts = allocateByWeight(total, weights);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        expect(allocateByWeight(-total, weights.map((w) => -w))).toEqual(parts.map((p) => -p));
      }),
    );
  });
});
