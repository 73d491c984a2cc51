import {
  QUANTITY_SCALE,
  computeDocument,
  divideRoundHalfUp,
  formatScaled,
  parsePercentage,
  parseScaled,
  type ComputedDocument,
  type DocumentLineInput,
  type MoneyErrorCode,
  type PriceMode,
} from '../money/index.ts';

/**
 * The rule of a refund, shared by the server (which records it: server/sales/rules.ts) and the SPA's
 * refund dialog (which proposes it): pure, no database, so that the dialog proposes exactly what the
 * server will accept (MONEY.md §1–2).
 */

/** The document price mode of a sale charged with or without tax in its prices (the business's choice at charge, kept with the sale). */
export const priceModeOf = (pricesIncludeTax: boolean): PriceMode => (pricesIncludeTax ? 'TAX_INCLUSIVE' : 'TAX_EXCLUSIVE');

/** A line of the original sale, as a refund needs it (minor units). */
export interface SoldLine {
  position: number;
  quantity: string | number;
  unitPrice: number;
  taxPercentage: string | number;
  /** quantity × unit price, rounded (positive). */
  amount: number;
  /** Its own discount plus its share of the sale's (positive). */
  discount: number;
  /** Its share of its rate's tax in the sale (positive). */
  tax: number;
}

/** What earlier refunds took back of a line: quantity in thousandths, amount, discount and tax (positive). */
export interface Refunded {
  quantity: bigint;
  amount: number;
  discount: number;
  tax: number;
}

export interface RefundRequest {
  position: number;
  quantity: number | string;
  restock?: boolean;
}

export interface RefundPlan {
  document: ComputedDocument;
  /** Per refund line: the original position, the quantity taken back (positive thousandths), restock. */
  lines: Array<{ position: number; quantity: bigint; restock: boolean }>;
}

/** A refund the sale cannot give: its code (the server's 422 `errors[].code`) and the request's field (a JSON pointer, /lines/0/quantity). */
export class RefundError extends Error {
  readonly code: 'refund_exceeds_sold' | MoneyErrorCode;
  readonly pointer: string;

  constructor(code: RefundError['code'], pointer: string, detail: string) {
    super(detail);
    this.name = 'RefundError';
    this.code = code;
    this.pointer = pointer;
  }
}

const thousandths = (value: number | string, pointer: string): bigint => {
  const parsed = parseScaled(value, QUANTITY_SCALE);
  if (!parsed.ok) throw new RefundError(parsed.code, pointer, 'A quantity has at most 3 decimals.');
  return parsed.value;
};

/** A rate's key (thousandths of a percent), so that '7.250' and 7.25 are one rate. */
const rateKey = (rate: string | number): string => {
  const parsed = parsePercentage(rate);
  return parsed.ok ? String(parsed.value) : String(rate);
};

/**
 * The refund sale of some lines: each line mirrors the original's unit price, rate and discount,
 * pro rata of the quantity taken back (the last of a line takes exactly what is left of its
 * discount, so a line refunded in parts gives back exactly what it was sold for). Each rate's tax is
 * rounded once as in any document, except in the refund that closes a rate: the one after which
 * every line of the sale at that rate has been refunded in full (a line with nothing to give back,
 * free or wholly discounted, counts as refunded). That refund takes exactly the tax left on the rate
 * (the sale's tax at that rate minus what earlier refunds took), so refunds made in parts add up to
 * the sale's total and tax per rate to the cent, in both price modes; earlier refunds stay rounded
 * as they were. Throws RefundError refund_exceeds_sold beyond what was sold minus earlier refunds, or
 * for a line the sale lacks; MoneyError when the document function refuses the refund.
 */
export function refundDocument(
  currency: string,
  sold: readonly SoldLine[],
  earlier: ReadonlyMap<number, Refunded>,
  requests: readonly RefundRequest[],
  pricesIncludeTax: boolean,
): RefundPlan {
  const taken = new Map<number, Refunded>(earlier);
  const inputs: DocumentLineInput[] = [];
  const lines: RefundPlan['lines'] = [];
  requests.forEach((request, index) => {
    const pointer = `/lines/${index}/quantity`;
    const line = sold.find((candidate) => candidate.position === request.position);
    if (!line) throw new RefundError('refund_exceeds_sold', `/lines/${index}/position`, 'The sale has no such line.');
    const quantity = thousandths(request.quantity, pointer);
    const soldQuantity = thousandths(line.quantity, pointer);
    const before = taken.get(line.position) ?? { quantity: 0n, amount: 0, discount: 0, tax: 0 };
    const remaining = soldQuantity - before.quantity;
    if (quantity <= 0n || quantity > remaining) {
      throw new RefundError('refund_exceeds_sold', pointer, `At most ${formatScaled(remaining < 0n ? 0n : remaining, QUANTITY_SCALE)} of this line can still be refunded.`);
    }
    const amount = divideRoundHalfUp(quantity * BigInt(line.unitPrice), 1000n);
    // The last of a line gives back exactly what is left of it (amount − discount); a part, its share.
    let discount = quantity === remaining ? amount - BigInt(line.amount - line.discount - (before.amount - before.discount)) : divideRoundHalfUp(BigInt(line.discount) * quantity, soldQuantity);
    if (discount > amount) discount = amount;
    if (discount < 0n) discount = 0n;
    taken.set(line.position, { quantity: before.quantity + quantity, amount: before.amount + Number(amount), discount: before.discount + Number(discount), tax: before.tax });
    inputs.push({ quantity: `-${formatScaled(quantity, QUANTITY_SCALE)}`, unitPrice: line.unitPrice, tax: { rate: line.taxPercentage }, discount: { amount: -Number(discount) } });
    lines.push({ position: line.position, quantity, restock: request.restock === true });
  });
  // The rates this refund closes, and the tax left on each: the sale's minus earlier refunds'.
  const givenTax: Array<{ rate: string | number; tax: number }> = [];
  const closing = new Map(requests.map((request) => sold.find((line) => line.position === request.position)!).map((line) => [rateKey(line.taxPercentage), line.taxPercentage]));
  for (const [key, rate] of closing) {
    const atRate = sold.filter((line) => rateKey(line.taxPercentage) === key);
    const closes = atRate.every((line) => line.amount - line.discount === 0 || taken.get(line.position)?.quantity === thousandths(line.quantity, '/lines'));
    if (!closes) continue;
    const left = atRate.reduce((acc, line) => acc + line.tax - (earlier.get(line.position)?.tax ?? 0), 0);
    givenTax.push({ rate, tax: -left });
  }
  return { document: computeDocument({ currency, priceMode: priceModeOf(pricesIncludeTax), lines: inputs, givenTax }), lines };
}

/** Where a sale stands before a refund (minor units): what was collected net (payments − refunds), and what its lines still stand for (total − earlier refunds' totals). */
export interface RefundStanding {
  net: number;
  remaining: number;
}

/**
 * The money a refund of lines worth `worth` (positive) gives back: at most what was collected net and
 * what the lines are worth, at least what would otherwise stay collected beyond the sale's new total.
 * The till proposes the maximum.
 */
export function refundMoneyBounds(standing: RefundStanding, worth: number): { minimum: number; maximum: number } {
  return {
    maximum: Math.min(standing.net, worth),
    minimum: Math.max(0, standing.net - (standing.remaining - worth)),
  };
}

