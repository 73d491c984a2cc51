import {
  MoneyError,
  computeDocument,
  divideRoundHalfUp,
  ONE_HUNDRED_PERCENT,
  parsePercentage,
  type ComputedDocument,
  type DocumentLineInput,
} from '../../common/money/index.ts';
import {
  RefundError,
  priceModeOf,
  refundDocument as computeRefund,
  refundMoneyBounds,
  type Refunded,
  type RefundPlan,
  type RefundRequest,
  type SoldLine,
} from '../../common/sales/refund.ts';
import { unprocessable } from '../problem.ts';

/**
 * The pure rules of the till (MONEY.md §1–2): every amount of a sale or a refund comes from the one
 * document function (computeDocument, prices with tax or tax on top, as the business charges), so that totals = Σ breakdown = Σ lines
 * exactly; payments and refunds never take more than the sale stands for; quantities are compared
 * in exact thousandths.
 */

export { priceModeOf, type Refunded, type RefundPlan, type RefundRequest, type SoldLine } from '../../common/sales/refund.ts';

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

/**
 * A refund's document (common/sales/refund.ts, the rule the SPA's refund dialog proposes from), its
 * refusals as 422 problems: refund_exceeds_sold at the request's field, or the document function's.
 */
export function refundDocument(
  currency: string,
  sold: readonly SoldLine[],
  earlier: ReadonlyMap<number, Refunded>,
  requests: readonly RefundRequest[],
  pricesIncludeTax: boolean,
): RefundPlan {
  try {
    return computeRefund(currency, sold, earlier, requests, pricesIncludeTax);
  } catch (error) {
    if (error instanceof RefundError) throw unprocessable(error.pointer, error.code, error.message);
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
  const { minimum, maximum } = refundMoneyBounds({ net: sale.paid - sale.refunded, remaining: sale.total - sale.refundedLines }, Math.abs(refundTotal));
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
