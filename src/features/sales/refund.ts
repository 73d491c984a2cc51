import { MoneyError, parseScaled, QUANTITY_SCALE } from '@common/money';
import { refundDocument, refundMoneyBounds, RefundError, type Refunded, type SoldLine } from '@common/sales/refund';
import type { Sale } from '@generated/types.gen';

/** What the refund dialog shows and proposes for the quantities chosen (minor units, positive). */
export interface RefundProposal {
  /** What the lines chosen are worth: the refund sale's total, as the server will record it. */
  worth: number;
  /** Its tax. */
  tax: number;
  /** The money the till proposes to give back: the most the server accepts for these lines. */
  money: number;
  /** The least money the server accepts back (what would otherwise stay collected beyond the sale's new total). */
  minimum: number;
}

/** The sale's lines as the refund rule reads them: amount = what the line stands for before tax (or with it, prices with tax) + its discount. */
function soldLines(sale: Sale): SoldLine[] {
  return sale.lines.map((line) => ({
    position: line.position,
    quantity: line.quantity,
    unitPrice: line.unitPrice.amount,
    taxPercentage: line.taxPercentage,
    amount: (sale.pricesIncludeTax === false ? line.baseAmount.amount : line.lineTotal.amount) + line.discountAmount.amount,
    discount: line.discountAmount.amount,
    tax: line.taxAmount.amount,
  }));
}

/** What earlier refunds took back of each line, as the sale tells it. */
function refundedLines(sale: Sale): Map<number, Refunded> {
  const earlier = new Map<number, Refunded>();
  for (const line of sale.lines) {
    const quantity = parseScaled(line.refundedQuantity, QUANTITY_SCALE);
    if (!quantity.ok || quantity.value === 0n) continue;
    earlier.set(line.position, { quantity: quantity.value, amount: line.refundedAmount.amount, discount: line.refundedDiscountAmount.amount, tax: line.refundedTaxAmount.amount });
  }
  return earlier;
}

/**
 * The refund of `quantities` (per line position) the server will make, by the server's own rule
 * (common/sales/refund.ts): its worth and tax (the refund that closes a tax rate takes exactly the tax
 * left on it), and the money to give back, the most the server accepts (collected net, at most what
 * the lines are worth). Null when nothing is chosen or the server would refuse the quantities.
 */
export function refundProposal(sale: Sale, quantities: Readonly<Record<number, number>>): RefundProposal | null {
  const requests = sale.lines.filter((line) => (quantities[line.position] ?? 0) > 0).map((line) => ({ position: line.position, quantity: quantities[line.position]! }));
  if (requests.length === 0) return null;
  try {
    const { document } = refundDocument(sale.currency, soldLines(sale), refundedLines(sale), requests, sale.pricesIncludeTax !== false);
    const worth = -document.totals.total;
    // Collected net, and what the sale still stands for (outstanding + collected net: never less, MONEY.md §2).
    const net = sale.paidAmount.amount;
    const { maximum, minimum } = refundMoneyBounds({ net, remaining: sale.outstandingAmount.amount + net }, worth);
    const money = Math.max(0, maximum);
    return { worth, tax: -document.totals.tax, money, minimum: Math.min(minimum, money) };
  } catch (error) {
    if (error instanceof RefundError || error instanceof MoneyError || error instanceof RangeError) return null;
    throw error;
  }
}
