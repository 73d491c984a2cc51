import { MAX_AMOUNT_MINOR, MAX_QUANTITY, amountIssueCode, exponentOf } from './amount.ts';
import { allocateByWeight, divideRoundHalfUp, formatScaled, parseScaled, type DecimalInput } from './decimal.ts';
import { MONEY_ERRORS, MoneyError, type MoneyErrorCode, type MoneyResult } from './errors.ts';

/**
 * The arithmetic of every money document (ticket, sale, invoice, credit note, report line): one pure
 * function, integers only (BigInt for every product), so that a sale and its invoice can never differ
 * by a cent (MONEY.md §1, invariant 1).
 *
 * For each line: amount = quantity × unit price, rounded once to the minor unit; minus its own
 * discount (a percentage of it, rounded, or an amount); minus its share of the document discount
 * (allocated by largest remainder). The lines are then grouped by tax rate (an exempt line is its own
 * bucket per exemption cause) and each bucket's tax is rounded ONCE, half up (halves away from zero,
 * so a refund mirrors its sale):
 * - prices without tax: base = Σ amounts, tax = round(base × rate);
 * - prices with tax:    gross = Σ amounts, base = round(gross / (1 + rate)), tax = gross − base;
 * - a tax given for the rate (givenTax: the refund closing a rate of its sale) replaces the rounding.
 * Each line gets its share of its bucket's tax by largest remainder, so that
 *   Σ line totals = Σ breakdown (base + tax) = subtotal + tax, exactly,
 * and total = subtotal + tax − withholding (IRPF, on the subtotal). Every amount in and out is within
 * ±MAX_AMOUNT_MINOR, or the document is refused (MoneyError `out_of_range`).
 */

/** VERI*FACTU accepts at most 12 breakdown entries (rates and exemption causes) in one invoice. */
export const MAX_TAX_RATES = 12;

/** Decimals of a quantity (1.5 h, 0.25 kg): 3. */
export const QUANTITY_SCALE = 3;
/**
 * Decimals of a percentage (21, 10.5, 8.875 — New York City's sales tax): 3. Rates are carried in
 * thousandths of a percent (milli-percent): 21 % is 21000, 8.875 % is 8875. A two-decimal rate gives
 * exactly the same amounts as when they were carried in basis points: every ratio is the same.
 */
export const PERCENTAGE_SCALE = 3;
/** 100 % in thousandths of a percent. */
export const ONE_HUNDRED_PERCENT = 100_000n;
const QUANTITY_ONE = 1000n; // thousandths

/** Exemption causes of the Spanish tax agency (VERI*FACTU `CausaExencion`): E1 art. 20 LIVA (healthcare, education…), E2 art. 21, E3 art. 22, E4 arts. 23–24, E5 art. 25, E6 others. */
export const EXEMPTION_CODES = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;
export type ExemptionCode = (typeof EXEMPTION_CODES)[number];

/** TAX_INCLUSIVE: unit prices include tax (a salon's price list); TAX_EXCLUSIVE: tax is added on top (a B2B invoice). */
export type PriceMode = 'TAX_INCLUSIVE' | 'TAX_EXCLUSIVE';

/** A discount: a percentage (0–100, 3 decimals) of what it applies to, or an amount in minor units (of the prices' kind: with tax when they include it). */
export type DiscountInput = { percentage: DecimalInput } | { amount: number };

/** A line's tax: a rate in percent (21, '10.5'), or an exemption cause instead (rate 0, shown with its cause). */
export type LineTaxInput = { rate: DecimalInput } | { exemption: ExemptionCode };

export interface DocumentLineInput {
  /** Up to 3 decimals; negative on a refund. At most MAX_QUANTITY either way. */
  quantity: DecimalInput;
  /** Minor units, with or without tax as the document's priceMode says. */
  unitPrice: number;
  tax: LineTaxInput;
  discount?: DiscountInput;
}

export interface DocumentInput {
  /** ISO 4217; it only has to be known here (the arithmetic is in minor units whatever the exponent). */
  currency: string;
  priceMode: PriceMode;
  lines: readonly DocumentLineInput[];
  /** A discount on the whole document, shared among the lines in proportion to their amounts. */
  discount?: DiscountInput;
  /** Income tax withheld by the customer (Spain's IRPF: 15 %, or 7 % for new professionals), on the subtotal. */
  withholding?: { rate: DecimalInput };
  /**
   * The tax of some rates given instead of rounded (minor units, of the lines' sign): the refund that
   * closes a rate of its sale takes exactly the tax left on it, and the credit of a refund repeats the
   * refund's. The rate's base follows (prices with tax: gross − the given tax) and its lines share the
   * given tax by largest remainder as usual. Each rate given must be one of the lines' (not exempt).
   */
  givenTax?: readonly { rate: DecimalInput; tax: number }[];
}

export interface DocumentLine {
  /** The quantity as read (1.5), and in thousandths (1500). */
  quantity: number;
  quantityThousandths: number;
  unitPrice: number;
  /** The tax rate in thousandths of a percent (21 % → 21000, 8.875 % → 8875); 0 when exempt. */
  rateMilliPercent: number;
  /** The rate in percent (21, 10.5), as the contract's Percentage. */
  taxPercentage: number;
  exemption: ExemptionCode | null;
  /** quantity × unit price, rounded once (before discounts), with or without tax as the prices. */
  amount: number;
  /** Its own discount plus its share of the document's, of the same kind as `amount`. */
  discount: number;
  /** Taxable base after discounts. */
  base: number;
  /** Its share of its bucket's tax. */
  tax: number;
  /** base + tax. */
  total: number;
}

export interface TaxBreakdownEntry {
  /** Thousandths of a percent (21 % → 21000). */
  rateMilliPercent: number;
  taxPercentage: number;
  exemption: ExemptionCode | null;
  base: number;
  tax: number;
}

export interface DocumentTotals {
  /** Σ bases (taxable base after discounts). */
  subtotal: number;
  /** Σ discounts granted, of the prices' kind (with tax when they include it); informative, already deducted. */
  discount: number;
  /** Σ taxes of the breakdown. */
  tax: number;
  /** subtotal + tax = Σ line totals = Σ breakdown (base + tax): the invoice's total. */
  totalBeforeWithholding: number;
  /** Income tax withheld (0 without withholding). */
  withholding: number;
  /** subtotal + tax − withholding: the amount due. */
  total: number;
}

export interface ComputedDocument {
  currency: string;
  priceMode: PriceMode;
  lines: DocumentLine[];
  /** One entry per rate (and per exemption cause), highest rate first, at most MAX_TAX_RATES. */
  breakdown: TaxBreakdownEntry[];
  withholding: { rateMilliPercent: number; percentage: number; amount: number } | null;
  totals: DocumentTotals;
}

type Path = readonly (string | number)[];

function fail(code: MoneyErrorCode, path: Path, detail: string): never {
  throw new MoneyError(code, path, detail);
}

/** A percentage (tax rate, discount, withholding) in thousandths of a percent: 0 to 100 with at most 3 decimals ('21', 10.5, '8.875' → 21000, 10500, 8875), or why not. */
export function parsePercentage(value: DecimalInput): MoneyResult<number> {
  const parsed = parseScaled(value, PERCENTAGE_SCALE);
  if (!parsed.ok) return parsed;
  if (parsed.value < 0n || parsed.value > ONE_HUNDRED_PERCENT) return { ok: false, code: MONEY_ERRORS.outOfRange };
  return { ok: true, value: Number(parsed.value) };
}

/** Thousandths of a percent → the percent as the contract's number (8875 → 8.875), read from its exact decimal text. */
export function percentOf(milliPercent: bigint | number): number {
  return Number(formatScaled(milliPercent, PERCENTAGE_SCALE));
}

function readPercentage(value: DecimalInput, path: Path): bigint {
  const parsed = parsePercentage(value);
  if (!parsed.ok) {
    const detail =
      parsed.code === MONEY_ERRORS.tooManyDecimals ? 'A percentage has at most 3 decimals.' : parsed.code === MONEY_ERRORS.outOfRange ? 'A percentage is from 0 to 100.' : 'Enter a percentage.';
    fail(parsed.code, path, detail);
  }
  return BigInt(parsed.value);
}

function readAmount(value: number, path: Path, allowNegative: boolean): bigint {
  const code = amountIssueCode(value, { allowNegative });
  if (code) fail(code, path, `An amount is a whole number of minor units within ±${MAX_AMOUNT_MINOR}.`);
  return BigInt(value);
}

const bound = BigInt(MAX_AMOUNT_MINOR);
/** A computed amount: within the one bound, or the document is refused at `path`. */
function within(value: bigint, path: Path): number {
  if (value > bound || value < -bound) fail(MONEY_ERRORS.outOfRange, path, `The amount exceeds ${MAX_AMOUNT_MINOR} minor units.`);
  return Number(value);
}

const sign = (value: bigint) => (value > 0n ? 1 : value < 0n ? -1 : 0);

/**
 * A discount of `amount`: a percentage of it (rounded half up) or an amount of the same sign and no
 * larger (else `out_of_range`).
 */
function discountOf(discount: DiscountInput, amount: bigint, path: Path): bigint {
  if ('percentage' in discount) {
    return divideRoundHalfUp(amount * readPercentage(discount.percentage, [...path, 'percentage']), ONE_HUNDRED_PERCENT);
  }
  const value = readAmount(discount.amount, [...path, 'amount'], true);
  const magnitude = (x: bigint) => (x < 0n ? -x : x);
  if (value !== 0n && (sign(value) !== sign(amount) || magnitude(value) > magnitude(amount))) {
    fail(MONEY_ERRORS.outOfRange, [...path, 'amount'], 'A discount cannot exceed what it discounts.');
  }
  return value;
}

interface Bucket {
  key: string;
  rate: bigint;
  exemption: ExemptionCode | null;
  lines: number[];
}

/** Computes a document's lines, tax breakdown and totals; throws MoneyError (code + input path) when refused. */
export function computeDocument(input: DocumentInput): ComputedDocument {
  const currency = exponentOf(input.currency);
  if (!currency.ok) fail(currency.code, ['currency'], `${input.currency} is not an ISO 4217 currency.`);
  if (input.priceMode !== 'TAX_INCLUSIVE' && input.priceMode !== 'TAX_EXCLUSIVE') {
    throw new TypeError(`priceMode is TAX_INCLUSIVE or TAX_EXCLUSIVE, not ${String(input.priceMode)}`);
  }
  const inclusive = input.priceMode === 'TAX_INCLUSIVE';

  // 1. Each line: quantity × unit price, rounded once, minus its own discount.
  const lines = input.lines.map((line, index) => {
    const path = ['lines', index] as const;
    const quantity = parseScaled(line.quantity, QUANTITY_SCALE);
    if (!quantity.ok) fail(quantity.code, [...path, 'quantity'], 'A quantity has at most 3 decimals.');
    if (quantity.value > BigInt(MAX_QUANTITY) * QUANTITY_ONE || quantity.value < -BigInt(MAX_QUANTITY) * QUANTITY_ONE) {
      fail(MONEY_ERRORS.outOfRange, [...path, 'quantity'], `A quantity is at most ${MAX_QUANTITY} either way.`);
    }
    const unitPrice = readAmount(line.unitPrice, [...path, 'unitPrice'], true);
    let rate = 0n;
    let exemption: ExemptionCode | null = null;
    if ('exemption' in line.tax && line.tax.exemption !== undefined) {
      const given = line.tax as { exemption: unknown; rate?: DecimalInput };
      if (!EXEMPTION_CODES.includes(given.exemption as ExemptionCode)) {
        fail(MONEY_ERRORS.invalidExemption, [...path, 'tax', 'exemption'], `An exemption cause is one of ${EXEMPTION_CODES.join(', ')}.`);
      }
      if (given.rate !== undefined && readPercentage(given.rate, [...path, 'tax', 'rate']) !== 0n) {
        fail(MONEY_ERRORS.invalidExemption, [...path, 'tax', 'rate'], 'An exempt line has no tax rate.');
      }
      exemption = given.exemption as ExemptionCode;
    } else {
      rate = readPercentage((line.tax as { rate: DecimalInput }).rate, [...path, 'tax', 'rate']);
    }
    const amount = divideRoundHalfUp(quantity.value * unitPrice, QUANTITY_ONE);
    within(amount, path);
    const ownDiscount = line.discount ? discountOf(line.discount, amount, [...path, 'discount']) : 0n;
    return { quantity: quantity.value, unitPrice, rate, exemption, amount, ownDiscount, net: amount - ownDiscount };
  });

  // 2. The document's discount, shared by largest remainder in proportion to what is left of each line.
  const nets = lines.map((line) => line.net);
  const netSum = nets.reduce((acc, net) => acc + net, 0n);
  let shares = nets.map(() => 0n);
  if (input.discount) {
    const signs = new Set(nets.map(sign).filter((s) => s !== 0));
    if (signs.size > 1) fail(MONEY_ERRORS.mixedSigns, ['discount'], 'A discount on the whole document needs lines of one sign.');
    const documentDiscount = discountOf(input.discount, netSum, ['discount']);
    shares = allocateByWeight(documentDiscount, nets);
  }
  const amounts = lines.map((line, index) => line.net - shares[index]!);

  // 3. Buckets by rate (and exemption cause), in order: highest rate first, exempt causes last.
  const byKey = new Map<string, Bucket>();
  lines.forEach((line, index) => {
    const key = line.exemption ?? `rate:${line.rate}`;
    let bucket = byKey.get(key);
    if (!bucket) {
      bucket = { key, rate: line.rate, exemption: line.exemption, lines: [] };
      byKey.set(key, bucket);
    }
    bucket.lines.push(index);
  });
  if (byKey.size > MAX_TAX_RATES) fail(MONEY_ERRORS.tooManyTaxRates, ['lines'], `A document has at most ${MAX_TAX_RATES} tax rates.`);
  const buckets = [...byKey.values()].sort((a, b) => {
    if ((a.exemption === null) !== (b.exemption === null)) return a.exemption === null ? -1 : 1;
    if (a.rate !== b.rate) return a.rate > b.rate ? -1 : 1;
    return (a.exemption ?? '').localeCompare(b.exemption ?? '');
  });

  // 4. Each bucket's tax, rounded once (or as given); each line's share of it by largest remainder.
  const given = new Map<string, bigint>();
  (input.givenTax ?? []).forEach((entry, index) => {
    const key = `rate:${readPercentage(entry.rate, ['givenTax', index, 'rate'])}`;
    if (!byKey.has(key) || given.has(key)) throw new RangeError(`givenTax[${index}] names a rate the lines do not have, or twice`);
    given.set(key, readAmount(entry.tax, ['givenTax', index, 'tax'], true));
  });
  const lineBase = amounts.map(() => 0n);
  const lineTax = amounts.map(() => 0n);
  const breakdown: TaxBreakdownEntry[] = [];
  let subtotal = 0n;
  let taxTotal = 0n;
  for (const bucket of buckets) {
    const sum = bucket.lines.reduce((acc, index) => acc + amounts[index]!, 0n);
    const fixed = given.get(bucket.key);
    let base: bigint;
    let tax: bigint;
    if (fixed !== undefined) {
      tax = fixed;
      base = inclusive ? sum - fixed : sum;
    } else {
      base = inclusive ? divideRoundHalfUp(sum * ONE_HUNDRED_PERCENT, ONE_HUNDRED_PERCENT + bucket.rate) : sum;
      tax = inclusive ? sum - base : divideRoundHalfUp(sum * bucket.rate, ONE_HUNDRED_PERCENT);
    }
    // A given tax on lines whose amounts sum to zero (free lines closing a rate) is shared equally.
    const weights = bucket.lines.map((index) => amounts[index]!);
    const taxShares = allocateByWeight(tax, sum === 0n && tax !== 0n ? weights.map(() => 1n) : weights);
    bucket.lines.forEach((index, i) => {
      lineTax[index] = taxShares[i]!;
      lineBase[index] = inclusive ? amounts[index]! - taxShares[i]! : amounts[index]!;
    });
    breakdown.push({
      rateMilliPercent: Number(bucket.rate),
      taxPercentage: percentOf(bucket.rate),
      exemption: bucket.exemption,
      base: within(base, ['lines']),
      tax: within(tax, ['lines']),
    });
    subtotal += base;
    taxTotal += tax;
  }

  const out: DocumentLine[] = lines.map((line, index) => {
    const path = ['lines', index];
    return {
      quantity: Number(formatScaled(line.quantity, QUANTITY_SCALE)),
      quantityThousandths: Number(line.quantity),
      unitPrice: Number(line.unitPrice),
      rateMilliPercent: Number(line.rate),
      taxPercentage: percentOf(line.rate),
      exemption: line.exemption,
      amount: within(line.amount, path),
      discount: within(line.ownDiscount + shares[index]!, path),
      base: within(lineBase[index]!, path),
      tax: within(lineTax[index]!, path),
      total: within(lineBase[index]! + lineTax[index]!, path),
    };
  });

  // 5. Withholding on the subtotal; totals.
  let withholding: ComputedDocument['withholding'] = null;
  let withheld = 0n;
  if (input.withholding) {
    const rate = readPercentage(input.withholding.rate, ['withholding', 'rate']);
    withheld = divideRoundHalfUp(subtotal * rate, ONE_HUNDRED_PERCENT);
    withholding = { rateMilliPercent: Number(rate), percentage: percentOf(rate), amount: within(withheld, ['withholding']) };
  }
  const discount = lines.reduce((acc, line, index) => acc + line.ownDiscount + shares[index]!, 0n);
  return {
    currency: input.currency,
    priceMode: input.priceMode,
    lines: out,
    breakdown,
    withholding,
    totals: {
      subtotal: within(subtotal, ['lines']),
      discount: within(discount, ['lines']),
      tax: within(taxTotal, ['lines']),
      totalBeforeWithholding: within(subtotal + taxTotal, ['lines']),
      withholding: within(withheld, ['withholding']),
      total: within(subtotal + taxTotal - withheld, ['lines']),
    },
  };
}
