import { parsePercentage } from '@common/money/document.ts';
import { MONEY_ERRORS } from '@common/money/errors.ts';

/**
 * Percentages as people read and type them (issue 17): a tax rate has up to three decimals (New York
 * City's sales tax is 8.875 %), shown without trailing zeros ('21 %', not '21.000 %') in the
 * interface's number format ('8.875 %' in en-US, '8,875 %' in es-ES), and typed with either decimal
 * mark ('8.875' or '8,875').
 */

/** Decimals of a percentage, as common/money reads it. */
export const RATE_DECIMALS = 3;

/** A rate as shown wherever rates are listed: '8.875 %', '8,875 %', '21 %'. */
export function formatRate(percentage: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: RATE_DECIMALS }).format(percentage)} %`;
}

/** The text of a rate in an input: the interface's decimal mark, no grouping, no trailing zeros ('8,875', '21'); '' when none. */
export function rateInputText(value: number | string | null | undefined, locale: string): string {
  if (typeof value === 'number') return Number.isFinite(value) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false }).format(value) : '';
  return value ?? '';
}

/**
 * What a typed rate is: a number ('8,875' and '8.875' → 8.875; a trailing '%' is allowed), '' when
 * empty, or the text itself when it is not a number (the form shows its error; nothing typed is lost).
 * The range and the decimals are the schema's (hasThreeDecimalsAtMost) and the server's to check.
 */
export function parseRateText(text: string): number | string {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return '';
  if (!/^\d{1,3}(?:[.,]\d+)?$/.test(trimmed)) return text;
  return Number(trimmed.replace(',', '.'));
}

/** At most three decimals, read exactly (10.125 yes, 8.8755 no); the range is checked elsewhere. */
export function hasThreeDecimalsAtMost(value: number): boolean {
  const parsed = parsePercentage(value);
  return parsed.ok || parsed.code === MONEY_ERRORS.outOfRange;
}
