/** Money in integer minor units (cents). Display defaults of SPEC §3 and §9. */

export const DEFAULT_CURRENCY_CODE = 'EUR';
export const DEFAULT_CURRENCY_SYMBOL = '€';
export const DEFAULT_MONEY_LOCALE = 'en-IE';
export const DEFAULT_FRACTION_DIGITS = 2;
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
  /** Default 2. */
  fractionDigits?: number;
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

/** 2500 → '€25.00'; with symbolAfter → '25.00 €'; -2500 → '-€25.00'. */
export function formatMoney(amountMinor: number, options: FormatMoneyOptions = {}): string {
  const locale = options.locale ?? DEFAULT_MONEY_LOCALE;
  const digits = options.fractionDigits ?? DEFAULT_FRACTION_DIGITS;
  const symbol =
    options.currencySymbol ||
    (options.currencyCode ? currencySymbolOf(options.currencyCode, locale) : DEFAULT_CURRENCY_SYMBOL);
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(amountMinor) / 10 ** digits);
  const sign = amountMinor < 0 ? '-' : '';
  return options.symbolAfter ? `${sign}${number} ${symbol}` : `${sign}${symbol}${number}`;
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
 * Reads what a person typed into a money field, in minor units; null when it is not an amount.
 * Either '.' or ',' may be the decimal mark ('25.5', '25,50'). With both, the last one is the decimal
 * mark ('1.234,56', '1,234.56'). A single mark followed by exactly three digits is a thousands
 * separator when it is the locale's ('1.234' is 1234 in es, '1,234' in en). More than two decimals → null.
 */
export function parseMoneyInput(text: string | null | undefined, locale: string = DEFAULT_MONEY_LOCALE): number | null {
  let value = (text ?? '').replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^[-\u2212]/.test(value)) {
    negative = true;
    value = value.slice(1);
  }
  if (!/^[\d.,]*\d[\d.,]*$/.test(value)) return null;

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
    if (!/^\d{1,2}$/.test(fractionPart)) return null;
  }
  if (groupMark) {
    const grouped = new RegExp(`^\\d{1,3}(\\${groupMark}\\d{3})+$`);
    if (!grouped.test(integerPart)) return null;
    integerPart = integerPart.split(groupMark).join('');
  }
  if (!/^\d*$/.test(integerPart)) return null;

  const minor = Number(integerPart || '0') * 100 + Number(fractionPart.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return negative ? -minor : minor;
}

/** Tenant taxPercentage → rate: 21 → 0.21; missing → 0.21; 0 stays 0 (tax-free). */
export function taxRateFromPercentage(percentage?: number | null): number {
  return percentage == null || !Number.isFinite(percentage) ? DEFAULT_TAX_RATE : percentage / 100;
}

const RATE_SCALE = 1_000_000;

/** Tax on a net amount in minor units, rounded half-up (halves away from zero). */
export function taxOf(netMinor: number, rate: number = DEFAULT_TAX_RATE): number {
  const scaledRate = Math.round(rate * RATE_SCALE);
  const magnitude = Math.floor((Math.abs(netMinor) * scaledRate + RATE_SCALE / 2) / RATE_SCALE);
  return netMinor < 0 ? -magnitude : magnitude;
}

/** Net amount plus its tax, in minor units. */
export function addTax(netMinor: number, rate: number = DEFAULT_TAX_RATE): number {
  return netMinor + taxOf(netMinor, rate);
}
