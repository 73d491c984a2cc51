import { currencyExponent } from './currencies.ts';
import { formatScaled, parseScaled, type DecimalInput } from './decimal.ts';
import { MONEY_ERRORS, ok, refused, type MoneyErrorCode, type MoneyResult } from './errors.ts';

/**
 * The one bound of every amount: |amount| ≤ 10^12 minor units, for a price, a cost, a line, a tax,
 * a discount and a document total alike (and so for a sale, an invoice, a payment, an expense).
 *
 * Why 10^12:
 * - It is ten billion major units of a 2-decimal currency, so it never refuses a real amount: the
 *   weakest currencies Cita offers (COP about 4,500 and ARS over 1,000 to the euro) still reach
 *   millions of euros, with room for years of inflation; 0-decimal currencies (JPY, CLP, KRW, VND) get
 *   10^12 units and 3-decimal ones (KWD, BHD) 10^9 units, which are all large sums too: the exponent
 *   follows the unit's value. The old services bound (99,999,999 minor units) refused a 1,000,000 COP
 *   treatment (about €220).
 * - It stays far inside exact arithmetic: 2^53 / 10^12 ≈ 9,007, so a report may add up 9,007 amounts
 *   of the maximum in JS numbers exactly (and real ones by the million); PostgreSQL's bigint
 *   (9.2 × 10^18) holds 9.2 million of them. Products (quantity × price, amount × rate) are computed
 *   in BigInt, so no intermediate result loses a unit.
 * - It is the bound the contract's `Money` already had (±10^12), so no amount a client could store
 *   before becomes invalid, and the database CHECKs can be validated on existing rows.
 */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/** The largest |quantity| of a document line (the inventory's quantity bound). */
export const MAX_QUANTITY = 1_000_000_000;

export interface AmountRange {
  /** Negative amounts (refunds, credit notes) are allowed. Default false: from 0 to the bound. */
  allowNegative?: boolean;
}

/** The exponent of a currency, or the refusal of a code that ISO 4217 does not list. */
export function exponentOf(currency: string): MoneyResult<number> {
  const exponent = currencyExponent(currency);
  return exponent === undefined ? refused(MONEY_ERRORS.unknownCurrency) : ok(exponent);
}

/**
 * Why an amount in minor units is refused, or null when it is fine: not a number (`not_a_number`), not
 * a whole number of minor units (`too_many_decimals`), negative where not allowed or beyond the one
 * bound (`out_of_range`).
 */
export function amountIssueCode(minor: number, range: AmountRange = {}): MoneyErrorCode | null {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return MONEY_ERRORS.notANumber;
  if (!Number.isInteger(minor)) return MONEY_ERRORS.tooManyDecimals;
  if (Math.abs(minor) > MAX_AMOUNT_MINOR || (minor < 0 && !range.allowNegative)) return MONEY_ERRORS.outOfRange;
  return null;
}

/** The English detail of an amount's refusal, for a problem response (the SPA translates the code instead). */
export function amountIssueDetail(code: MoneyErrorCode, range: AmountRange = {}): string {
  switch (code) {
    case MONEY_ERRORS.outOfRange:
      return `The amount must be from ${range.allowNegative ? -MAX_AMOUNT_MINOR : 0} to ${MAX_AMOUNT_MINOR} minor units.`;
    case MONEY_ERRORS.tooManyDecimals:
      return 'The amount must be a whole number of minor units.';
    case MONEY_ERRORS.unknownCurrency:
      return 'This currency is not an ISO 4217 currency.';
    default:
      return 'The amount must be a number of minor units.';
  }
}

/**
 * An amount in minor units checked against the one bound: null when it is fine, else its code and an
 * English detail for a 422 (e.g. `throw unprocessable(field, issue.code, issue.detail)`).
 */
export function amountIssue(minor: number, range: AmountRange = {}): { code: MoneyErrorCode; detail: string } | null {
  const code = amountIssueCode(minor, range);
  return code === null ? null : { code, detail: amountIssueDetail(code, range) };
}

/**
 * A decimal amount of a currency, as entered ('19.99', 19.99, '1000' JPY, '1.500' KWD), in minor
 * units: 1999, 1000, 1500. Exact (no binary floating point). Refused with `unknown_currency`,
 * `not_a_number`, `too_many_decimals` ('19.999' EUR, '1.5' JPY) or `out_of_range` (beyond the one
 * bound, or negative unless allowed).
 */
export function toMinorUnits(value: DecimalInput, currency: string, range: AmountRange = {}): MoneyResult<number> {
  const exponent = exponentOf(currency);
  if (!exponent.ok) return exponent;
  const scaled = parseScaled(value, exponent.value);
  if (!scaled.ok) return scaled;
  const bound = BigInt(MAX_AMOUNT_MINOR);
  if (scaled.value > bound || scaled.value < (range.allowNegative ? -bound : 0n)) return refused(MONEY_ERRORS.outOfRange);
  return ok(Number(scaled.value));
}

/**
 * Minor units as a plain decimal of the currency: (1999, 'EUR') → '19.99', (1000, 'JPY') → '1000',
 * (1500, 'KWD') → '1.500', (-5, 'EUR') → '-0.05'. The inverse of toMinorUnits, exactly; for an
 * unknown currency, 2 decimals.
 */
export function fromMinorUnits(minor: number | bigint, currency: string): string {
  return formatScaled(minor, currencyExponent(currency) ?? 2);
}
