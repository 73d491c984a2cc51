/**
 * One code for each way an amount (or a document's arithmetic) is refused. The server puts the code
 * in its 422 problem details (`errors[].code`, with the field's pointer); the SPA translates it
 * (src/lib/money-messages.ts). The values are part of the API: never rename one.
 */
export const MONEY_ERRORS = {
  /** The text or number is not a decimal number at all ('abc', '', NaN, Infinity). */
  notANumber: 'not_a_number',
  /** More decimals than the currency has (19.999 EUR, 1.5 JPY, 12.5 minor units), than a quantity (3) or a percentage (2) has. */
  tooManyDecimals: 'too_many_decimals',
  /**
   * Beyond the one bound (|amount| > MAX_AMOUNT_MINOR), below the field's minimum (a negative price),
   * a percentage above 100, a quantity beyond MAX_QUANTITY, or a discount larger than what it discounts.
   * The same code services have always answered for a price out of range.
   */
  outOfRange: 'out_of_range',
  /** A currency code that ISO 4217 does not list, so its exponent is unknown. */
  unknownCurrency: 'unknown_currency',
  /** A document with more tax rates (breakdown entries) than MAX_TAX_RATES. */
  tooManyTaxRates: 'too_many_tax_rates',
  /** An exemption cause that is not E1…E6, or given together with a non-zero rate. */
  invalidExemption: 'invalid_exemption',
  /** A discount on the whole document whose lines are not all of one sign (a sale mixed with a refund). */
  mixedSigns: 'mixed_signs',
} as const;

export type MoneyErrorCode = (typeof MONEY_ERRORS)[keyof typeof MONEY_ERRORS];

/** Every code, for tests and for the SPA's message table. */
export const MONEY_ERROR_CODES: readonly MoneyErrorCode[] = Object.values(MONEY_ERRORS);

/** The outcome of reading a value: the value, or the code of the refusal. */
export type MoneyResult<T> = { ok: true; value: T } | { ok: false; code: MoneyErrorCode };

export const ok = <T>(value: T): MoneyResult<T> => ({ ok: true, value });
export const refused = <T = never>(code: MoneyErrorCode): MoneyResult<T> => ({ ok: false, code });

/** A refusal of computeDocument: its code and where in the input ('lines', 2, 'quantity'). */
export class MoneyError extends Error {
  readonly code: MoneyErrorCode;
  readonly path: readonly (string | number)[];

  constructor(code: MoneyErrorCode, path: readonly (string | number)[], detail: string) {
    super(detail);
    this.name = 'MoneyError';
    this.code = code;
    this.path = path;
  }
}
