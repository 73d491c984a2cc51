/**
 * The money module shared by the SPA and the server (README "Money"): amounts are integers in the
 * currency's minor units (ISO 4217 exponent), within one bound (MAX_AMOUNT_MINOR); decimals entered
 * by people are read exactly; one code per refusal; one function for the arithmetic of every document.
 */
export { CURRENCY_EXPONENTS, currencyExponent } from './currencies.ts';
export { MONEY_ERRORS, MONEY_ERROR_CODES, MoneyError, type MoneyErrorCode, type MoneyResult } from './errors.ts';
export { allocateByWeight, divideRoundHalfUp, formatScaled, parseScaled, type DecimalInput } from './decimal.ts';
export {
  MAX_AMOUNT_MINOR,
  MAX_QUANTITY,
  amountIssue,
  amountIssueCode,
  amountIssueDetail,
  exponentOf,
  fromMinorUnits,
  toMinorUnits,
  type AmountRange,
} from './amount.ts';
export {
  EXEMPTION_CODES,
  MAX_TAX_RATES,
  ONE_HUNDRED_PERCENT,
  PERCENTAGE_SCALE,
  QUANTITY_SCALE,
  computeDocument,
  parsePercentage,
  percentOf,
  type ComputedDocument,
  type DiscountInput,
  type DocumentInput,
  type DocumentLine,
  type DocumentLineInput,
  type DocumentTotals,
  type ExemptionCode,
  type LineTaxInput,
  type PriceMode,
  type TaxBreakdownEntry,
} from './document.ts';
