import { computeDocument, formatScaled, MoneyError, parseScaled, PERCENTAGE_SCALE, QUANTITY_SCALE, type ComputedDocument } from '@common/money';
import type { SaleInput, SaleLineKind } from '@generated/types.gen';

/** A line of the charge form as typed (texts until sent). */
export interface DraftLine {
  key: string;
  kind: SaleLineKind;
  itemId?: string;
  name: string;
  quantity: string;
  unitPrice: number | null;
  taxPercentage: string;
  discountPercentage: string;
  /** For products: the stock when added. */
  stock?: number;
}

export interface DraftPayment {
  key: string;
  paymentMethodId: string | null;
  amount: number | null;
  tip: number | null;
  tendered: number | null;
}

const decimal = (text: string) => text.trim().replace(',', '.');

/**
 * The sale the form describes, computed by the same function as the server (common/money
 * computeDocument), in the business's price mode (prices with tax, or tax added on top as a US till
 * does): the preview is what will be charged, to the cent. Null while a field is not a number.
 */
export function previewOf(lines: DraftLine[], currency: string, discount: string, pricesIncludeTax = true): ComputedDocument | null {
  if (lines.length === 0) return null;
  try {
    const whole = decimal(discount);
    return computeDocument({
      currency,
      priceMode: pricesIncludeTax ? 'TAX_INCLUSIVE' : 'TAX_EXCLUSIVE',
      lines: lines.map((line) => ({
        quantity: decimal(line.quantity),
        unitPrice: line.unitPrice ?? Number.NaN,
        tax: { rate: decimal(line.taxPercentage) || '0' },
        ...(decimal(line.discountPercentage) ? { discount: { percentage: decimal(line.discountPercentage) } } : {}),
      })),
      ...(whole && whole !== '0' ? { discount: { percentage: whole } } : {}),
    });
  } catch (error) {
    if (error instanceof MoneyError || error instanceof RangeError || error instanceof TypeError) return null;
    throw error;
  }
}

/** The typed decimal as the number the API takes, read exactly at `scale` decimals (NaN when it has more, or is not a number). */
const exact = (text: string, scale: number) => {
  const parsed = parseScaled(decimal(text) || '0', scale);
  return parsed.ok ? Number(formatScaled(parsed.value, scale)) : Number.NaN;
};

/** The createSale body of the form. */
export function saleInputOf(draft: { appointmentId?: string; customer?: { customerId?: string; name: string }; lines: DraftLine[]; discount: string; payments: DraftPayment[]; notes: string }, currency: string): SaleInput {
  const money = (amount: number) => ({ amount, currency });
  const whole = exact(draft.discount, PERCENTAGE_SCALE);
  return {
    operationType: draft.appointmentId ? 'OPERATION_TYPE_APPOINTMENT_SALE' : 'OPERATION_TYPE_PRODUCT_SALE',
    ...(draft.appointmentId ? { appointmentId: draft.appointmentId } : {}),
    ...(draft.customer ? { customer: draft.customer } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
    lines: draft.lines.map((line) => ({
      kind: line.kind,
      ...(line.itemId ? { itemId: line.itemId } : {}),
      name: line.name,
      quantity: exact(line.quantity, QUANTITY_SCALE),
      unitPrice: money(line.unitPrice ?? 0),
      taxPercentage: exact(line.taxPercentage, PERCENTAGE_SCALE),
      discountPercentage: exact(line.discountPercentage, PERCENTAGE_SCALE),
    })),
    ...(whole > 0 ? { discount: { percentage: whole } } : {}),
    payments: draft.payments
      .filter((payment) => payment.paymentMethodId && payment.amount)
      .map((payment) => ({
        paymentMethodId: payment.paymentMethodId!,
        amount: money(payment.amount!),
        ...(payment.tip ? { tipAmount: money(payment.tip) } : {}),
        ...(payment.tendered ? { tendered: money(payment.tendered) } : {}),
      })),
  };
}
