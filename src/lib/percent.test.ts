import { describe, expect, it } from 'vitest';
import { formatRate, hasThreeDecimalsAtMost, parseRateText, rateInputText } from './percent';

describe('rates with up to three decimals (issue 17)', () => {
  it("shows New York's 8.875 % and Spain's 21 % without trailing zeros, in the interface's format", () => {
    expect(formatRate(8.875, 'en-US')).toBe('8.875 %');
    expect(formatRate(8.875, 'es-ES')).toBe('8,875 %');
    expect(formatRate(21, 'en-US')).toBe('21 %');
    expect(formatRate(21, 'es-ES')).toBe('21 %');
    expect(formatRate(10.5, 'es-ES')).toBe('10,5 %');
    expect(formatRate(0, 'en-US')).toBe('0 %');
  });

  it('puts a rate in an input with the decimal mark of the interface', () => {
    expect(rateInputText(8.875, 'en-US')).toBe('8.875');
    expect(rateInputText(8.875, 'es-ES')).toBe('8,875');
    expect(rateInputText(21, 'es-ES')).toBe('21');
    expect(rateInputText('', 'es-ES')).toBe('');
    expect(rateInputText(undefined, 'en-US')).toBe('');
  });

  it("reads '8.875' and '8,875' alike, keeps what is not a number as typed", () => {
    expect(parseRateText('8.875')).toBe(8.875);
    expect(parseRateText('8,875')).toBe(8.875);
    expect(parseRateText(' 21 % ')).toBe(21);
    expect(parseRateText('')).toBe('');
    expect(parseRateText('8.8.75')).toBe('8.8.75');
    expect(parseRateText('abc')).toBe('abc');
  });

  it('takes three decimals and refuses a fourth', () => {
    expect(hasThreeDecimalsAtMost(8.875)).toBe(true);
    expect(hasThreeDecimalsAtMost(21)).toBe(true);
    expect(hasThreeDecimalsAtMost(8.8751)).toBe(false);
  });
});
