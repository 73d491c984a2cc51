// From the money module's files, not its index: the build ties an importer to every file an index
// re-exports, and every page formats money (the invoice-document arithmetic is the invoice pages' own).
import { fromMinorUnits, toMinorUnits, type AmountRange } from '@common/money/amount.ts';
import { currencyExponent } from '@common/money/currencies.ts';
import { divideRoundHalfUp } from '@common/money/decimal.ts';
import type { MoneyResult } from '@common/money/errors.ts';

/**
 * Money on screen: formatting and reading what people type, in integer minor units of the currency
 * (its ISO 4217 exponent: cents for EUR, none for JPY, thousandths for KWD). The arithmetic, the bound
 * and the error codes are the money module's (common/money), shared with the server. Display defaults
 * of SPEC §3 and §9.
 */

export const DEFAULT_CURRENCY_CODE = 'EUR';
export const DEFAULT_CURRENCY_SYMBOL = '€';
export const DEFAULT_MONEY_LOCALE = 'en-IE';
export const DEFAULT_TAX_RATE = 0.21;
/** Currency of the subscription payment links when none is given. */
export const SUBSCRIPTION_DEFAULT_CURRENCY = 'USD';

export interface FormatMoneyOptions {
  /** ISO 4217 code; its symbol is used unless `currencySymbol` is given. Default EUR. */
  currencyCode?: string;
  /** A symbol to show instead of the currency's own, e.g. the tenant's currencySymbol. */
  currencySymbol?: string;
  /** Number formatting locale. Default en-IE. */
  locale?: string;
  /** '25.00 €' instead of '€25.00'. */
  symbolAfter?: boolean;
  /** Default: the currency's exponent (2 for EUR, 0 for JPY, 3 for KWD). */
  fractionDigits?: number;
}

/** Decimals of a currency's amounts: its ISO 4217 exponent; 2 for EUR when none is given, and for a code ISO does not list. */
export function fractionDigitsOf(currencyCode?: string): number {
  return currencyExponent(currencyCode ?? DEFAULT_CURRENCY_CODE) ?? 2;
}

/**
 * Minor units as a number of the interface language, without symbol, with the currency's decimals:
 * (123456, 'es-ES', 'EUR') → '1.234,56'; without grouping → '1234,56'; (1500, 'en', 'KWD') → '1.500'.
 * Exact for every amount (the decimal text is formatted, not a float).
 */
export function formatAmount(amountMinor: number, locale: string, currencyCode?: string, options: { grouping?: boolean; fractionDigits?: number } = {}): string {
  const digits = options.fractionDigits ?? fractionDigitsOf(currencyCode);
  const magnitude = Math.abs(amountMinor);
  // Exact decimal text for whole minor units; anything else (never an API amount) as a float.
  const exact = Number.isSafeInteger(magnitude)
    ? (fromMinorUnits(magnitude, currencyCode ?? DEFAULT_CURRENCY_CODE) as Intl.StringNumericLiteral)
    : magnitude / 10 ** fractionDigitsOf(currencyCode);
  const format = (tag: string) =>
    new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits, ...(options.grouping === false ? { useGrouping: false } : {}) }).format(exact);
  let text: string;
  try {
    text = format(locale);
  } catch {
    text = format(DEFAULT_MONEY_LOCALE);
  }
  return amountMinor < 0 ? `-${text}` : text;
}

function currencySymbolOf(currencyCode: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currencyCode,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currencyCode;
  } catch {
    return currencyCode;
  }
}

/** Languages whose people write the currency symbol after the amount ('18,50 €'). */
const SYMBOL_AFTER_LANGUAGES = ['es', 'ca', 'gl', 'eu', 'fr', 'de', 'it', 'pt'];

/** Does the interface language `locale` write the symbol after the amount (es-ES '18,50 €'; en-US '$18.50')? */
export function writesSymbolAfter(locale: string): boolean {
  return SYMBOL_AFTER_LANGUAGES.includes(locale.slice(0, 2).toLowerCase());
}

/** 2500 → '€25.00'; with symbolAfter → '25.00 €'; -2500 → '-€25.00'; 2500 JPY → '¥2,500'. */
export function formatMoney(amountMinor: number, options: FormatMoneyOptions = {}): string {
  const locale = options.locale ?? DEFAULT_MONEY_LOCALE;
  const symbol =
    options.currencySymbol ||
    (options.currencyCode ? currencySymbolOf(options.currencyCode, locale) : DEFAULT_CURRENCY_SYMBOL);
  const number = formatAmount(Math.abs(amountMinor), locale, options.currencyCode, options.fractionDigits === undefined ? {} : { fractionDigits: options.fractionDigits });
  const sign = amountMinor < 0 ? '-' : '';
  // Without the flag, an interface language that writes the symbol after the amount does so (es-ES '18,50 €').
  const after = options.symbolAfter ?? (options.locale ? writesSymbolAfter(options.locale) : false);
  return after ? `${sign}${number} ${symbol}` : `${sign}${symbol}${number}`;
}

function separatorsOf(locale: string): { decimal: string; group: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(1234567.5);
  }
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * Reads what a person typed into a money field, in minor units of the currency (default EUR), or why
 * not (the money module's codes: `not_a_number`, `too_many_decimals`, `out_of_range`).
 * Either '.' or ',' may be the decimal mark ('25.5', '25,50'). With both, the last one is the decimal
 * mark ('1.234,56', '1,234.56'). A single mark followed by exactly three digits is a thousands
 * separator when it is the locale's ('1.234' is 1234 in es, '1,234' in en). More decimals than the
 * currency has ('25.555' EUR, '1.5' JPY) are refused, never rounded. Negative amounts are read unless
 * the range says otherwise.
 */
export function readMoneyInput(
  text: string | null | undefined,
  locale: string = DEFAULT_MONEY_LOCALE,
  currencyCode: string = DEFAULT_CURRENCY_CODE,
  range: AmountRange = { allowNegative: true },
): MoneyResult<number> {
  const notANumber = { ok: false, code: 'not_a_number' } as const;
  let value = (text ?? '').replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^[-\u2212]/.test(value)) {
    negative = true;
    value = value.slice(1);
  }
  if (!/^[\d.,]*\d[\d.,]*$/.test(value)) return notANumber;

  const hasDot = value.includes('.');
  const hasComma = value.includes(',');
  let decimalMark: string | null = null;
  let groupMark: string | null = null;
  if (hasDot && hasComma) {
    decimalMark = value.lastIndexOf('.') > value.lastIndexOf(',') ? '.' : ',';
    groupMark = decimalMark === '.' ? ',' : '.';
  } else if (hasDot || hasComma) {
    const mark = hasDot ? '.' : ',';
    const count = value.split(mark).length - 1;
    const afterLast = value.length - value.lastIndexOf(mark) - 1;
    if (count > 1 || (afterLast === 3 && separatorsOf(locale).group === mark)) groupMark = mark;
    else decimalMark = mark;
  }

  let integerPart = value;
  let fractionPart = '';
  if (decimalMark) {
    const index = value.lastIndexOf(decimalMark);
    integerPart = value.slice(0, index);
    fractionPart = value.slice(index + 1);
    if (!/^\d+$/.test(fractionPart)) return notANumber;
  }
  if (groupMark) {
    const grouped = new RegExp(`^\\d{1,3}(\\${groupMark}\\d{3})+$`);
    if (!grouped.test(integerPart)) return notANumber;
    integerPart = integerPart.split(groupMark).join('');
  }
  if (!/^\d*$/.test(integerPart)) return notANumber;

  const decimal = `${negative ? '-' : ''}${integerPart || '0'}${fractionPart ? `.${fractionPart}` : ''}`;
  return toMinorUnits(decimal, currencyCode, range);
}

/** What readMoneyInput reads, or null when it is not an amount of the currency (default EUR) within the bound. */
export function parseMoneyInput(text: string | null | undefined, locale: string = DEFAULT_MONEY_LOCALE, currencyCode: string = DEFAULT_CURRENCY_CODE): number | null {
  const result = readMoneyInput(text, locale, currencyCode);
  return result.ok ? result.value : null;
}

/** Tenant taxPercentage → rate: 21 → 0.21; missing → 0.21; 0 stays 0 (tax-free). */
export function taxRateFromPercentage(percentage?: number | null): number {
  return percentage == null || !Number.isFinite(percentage) ? DEFAULT_TAX_RATE : percentage / 100;
}

/** Tax on a net amount in minor units, rounded half up (halves away from zero), as the money module rounds a rate's tax. */
export function taxOf(netMinor: number, rate: number = DEFAULT_TAX_RATE): number {
  // In thousandths of a percent, as common/money carries rates (8.875 % → 8875).
  const milliPercent = BigInt(Math.round(rate * 100_000));
  return Number(divideRoundHalfUp(BigInt(netMinor) * milliPercent, 100_000n));
}

/** Net amount plus its tax, in minor units. */
export function addTax(netMinor: number, rate: number = DEFAULT_TAX_RATE): number {
  return netMinor + taxOf(netMinor, rate);
}
