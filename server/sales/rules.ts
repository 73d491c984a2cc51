import {
  MoneyError,
  QUANTITY_SCALE,
  computeDocument,
  divideRoundHalfUp,
  formatScaled,
  ONE_HUNDRED_PERCENT,
  parsePercentage,
  parseScaled,
  type ComputedDocument,
  type DocumentLineInput,
  type PriceMode,
} from '../../common/money/index.ts';
import { unprocessable } from '../problem.ts';

/**
 * The pure rules of the till (MONEY.md §1–2): every amount of a sale or a refund comes from the one
 * document function (computeDocument, prices with tax or tax on top, as the business charges), so that totals = Σ breakdown = Σ lines
 * exactly; payments and refunds never take more than the sale stands for; quantities are compared
 * in exact thousandths.
 */

/** The document price mode of a sale charged with or without tax in its prices (the business's choice at charge, kept with the sale). */
export const priceModeOf = (pricesIncludeTax: boolean): PriceMode => (pricesIncludeTax ? 'TAX_INCLUSIVE' : 'TAX_EXCLUSIVE');

export interface SaleLineRequest {
  quantity: number | string;
  unitPrice: number;
  taxPercentage: number | string;
  discountPercentage?: number | string;
}

export interface DocumentDiscount {
  percentage?: number;
  amount?: number;
}

/** A refusal of the document function as a 422 naming the field under `pointer` (e.g. /sale). */
function asProblem(error: unknown, pointer: string): never {
  if (error instanceof MoneyError) {
    const [head, index, field, sub] = error.path;
    let path = `${pointer}/${error.path.join('/')}`;
    if (head === 'lines' && typeof index === 'number') {
      const name = field === 'tax' ? 'taxPercentage' : field === 'discount' ? (sub === 'amount' ? 'discountAmount' : 'discountPercentage') : field;
      path = `${pointer}/lines/${index}${name ? `/${name}` : ''}`;
    }
    throw unprocessable(path, error.code, error.message);
  }
  throw error;
}

/** The document of a sale: lines with their own percentage discount, and a discount on the whole. */
export function saleDocument(
  currency: string,
  lines: readonly SaleLineRequest[],
  discount: DocumentDiscount | undefined,
  pricesIncludeTax: boolean,
  pointer = '/sale',
): ComputedDocument {
  if (discount && (discount.percentage === undefined) === (discount.amount === undefined)) {
    throw unprocessable(`${pointer}/discount`, 'percentage_or_amount', 'Give the discount either as a percentage or as an amount.');
  }
  const inputs: DocumentLineInput[] = lines.map((line) => ({
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    tax: { rate: line.taxPercentage },
    ...(line.discountPercentage ? { discount: { percentage: line.discountPercentage } } : {}),
  }));
  try {
    return computeDocument({
      currency,
      priceMode: priceModeOf(pricesIncludeTax),
      lines: inputs,
      ...(discount ? { discount: discount.percentage !== undefined ? { percentage: discount.percentage } : { amount: discount.amount! } } : {}),
    });
  } catch (error) {
    asProblem(error, pointer);
  }
}

/** A stored line of the original sale, as a refund needs it. */
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

const thousandths = (value: number | string, pointer: string): bigint => {
  const parsed = parseScaled(value, QUANTITY_SCALE);
  if (!parsed.ok) throw unprocessable(pointer, parsed.code, 'A quantity has at most 3 decimals.');
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
 * as they were. 422 refund_exceeds_sold beyond what was sold minus earlier refunds, or for a line
 * the sale lacks.
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
    if (!line) throw unprocessable(`/lines/${index}/position`, 'refund_exceeds_sold', 'The sale has no such line.');
    const quantity = thousandths(request.quantity, pointer);
    const soldQuantity = thousandths(line.quantity, pointer);
    const before = taken.get(line.position) ?? { quantity: 0n, amount: 0, discount: 0, tax: 0 };
    const remaining = soldQuantity - before.quantity;
    if (quantity <= 0n || quantity > remaining) {
      throw unprocessable(pointer, 'refund_exceeds_sold', `At most ${formatScaled(remaining < 0n ? 0n : remaining, QUANTITY_SCALE)} of this line can still be refunded.`);
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
  try {
    return { document: computeDocument({ currency, priceMode: priceModeOf(pricesIncludeTax), lines: inputs, givenTax }), lines };
  } catch (error) {
    asProblem(error, '');
  }
}

/** The money figures of a sale that its payment status derives from (minor units). */
export interface SaleMoney {
  isRefund: boolean;
  voided: boolean;
  total: number;
  /** Σ of its refund sales' totals, positive. */
  refundedLines: number;
  /** Σ COMPLETED payments and refunds (tips apart). */
  paid: number;
  refunded: number;
}

export type PaymentStatus = 'SALE_STATUS_UNPAID' | 'SALE_STATUS_PARTIALLY_PAID' | 'SALE_STATUS_PAID' | 'SALE_STATUS_PARTIALLY_REFUNDED' | 'SALE_STATUS_REFUNDED';

export function paymentStatusOf(sale: SaleMoney): PaymentStatus {
  if (sale.isRefund) return 'SALE_STATUS_REFUNDED';
  if (sale.refundedLines > 0 || sale.refunded > 0) {
    return sale.total - sale.refundedLines <= 0 && sale.paid - sale.refunded <= 0 ? 'SALE_STATUS_REFUNDED' : 'SALE_STATUS_PARTIALLY_REFUNDED';
  }
  if (sale.paid <= 0) return 'SALE_STATUS_UNPAID';
  return sale.paid >= sale.total ? 'SALE_STATUS_PAID' : 'SALE_STATUS_PARTIALLY_PAID';
}

/** What is still to be collected: what the sale stands for minus what was collected net (never below 0). */
export function outstandingOf(sale: SaleMoney): number {
  if (sale.isRefund || sale.voided) return 0;
  return Math.max(0, sale.total - sale.refundedLines - (sale.paid - sale.refunded));
}

/** 422 overpayment: COMPLETED payments − refunds would exceed what the sale stands for. */
export function checkPaymentFits(sale: SaleMoney, amount: number, pointer: string): void {
  const room = sale.total - sale.refundedLines - (sale.paid - sale.refunded);
  if (amount > room) {
    throw unprocessable(pointer, 'overpayment', `At most ${Math.max(0, room)} minor units are still to be paid on this sale.`);
  }
}

/** 422 refund_exceeds_paid: a refund of more than was collected net (or than one payment collected net). */
export function checkRefundFits(sale: SaleMoney, amount: number, pointer: string, payment?: { amount: number; refunded: number }): void {
  const room = sale.paid - sale.refunded;
  if (amount > room) throw unprocessable(pointer, 'refund_exceeds_paid', `At most ${Math.max(0, room)} minor units were collected on this sale.`);
  if (payment && amount > payment.amount - payment.refunded) {
    throw unprocessable(pointer, 'refund_exceeds_paid', `At most ${payment.amount - payment.refunded} minor units of this payment are left to refund.`);
  }
}

/**
 * The money a refund sale gives back: at most what was collected net and what the lines are worth,
 * and at least what would otherwise stay collected beyond the sale's new total.
 */
export function checkRefundMoney(sale: SaleMoney, refundTotal: number, money: number, pointer: string): void {
  const net = sale.paid - sale.refunded;
  const worth = Math.abs(refundTotal);
  const maximum = Math.min(net, worth);
  const minimum = Math.max(0, net - (sale.total - sale.refundedLines - worth));
  if (money > maximum) throw unprocessable(pointer, 'refund_exceeds_paid', `At most ${maximum} minor units can be given back for these lines.`);
  if (money < minimum) throw unprocessable(pointer, 'refund_exceeds_paid', `At least ${minimum} minor units must be given back: they were collected beyond the sale's new total.`);
}

/** The method's commission on what passed through it (amount + tip), rounded half up, in minor units. */
export function commissionOf(amount: number, percentage: number | string): number {
  const rate = parsePercentage(percentage);
  if (!rate.ok) return 0;
  return Number(divideRoundHalfUp(BigInt(amount) * BigInt(rate.value), ONE_HUNDRED_PERCENT));
}

/** Cash change: tendered − amount − tip; 422 tendered_too_low when the cash does not cover it. */
export function changeOf(tendered: number | undefined, amount: number, tip: number, pointer: string): number | null {
  if (tendered === undefined) return null;
  const change = tendered - amount - tip;
  if (change < 0) throw unprocessable(pointer, 'tendered_too_low', 'The cash handed over does not cover the amount and the tip.');
  return change;
}

/** PENDING moves once, to COMPLETED or FAILED; nothing else changes (MONEY.md §2). */
export function canTransition(from: string, to: string): boolean {
  return from === 'PAYMENT_TRANSACTION_STATUS_PENDING' && (to === 'PAYMENT_TRANSACTION_STATUS_COMPLETED' || to === 'PAYMENT_TRANSACTION_STATUS_FAILED');
}

/** Appointments that can be charged: not CANCELLED or REJECTED. */
export function isBillable(appointmentStatus: string): boolean {
  return appointmentStatus !== 'APPOINTMENT_STATUS_CANCELLED' && appointmentStatus !== 'APPOINTMENT_STATUS_REJECTED';
}
