import type { CashUpRow, Money, PaymentTransaction, Sale, SaleLine, SaleTaxBreakdown } from '../../generated/types.gen.ts';
import { iso, json, opt, type Row } from '../kit/rows.ts';
import { outstandingOf, type SaleMoney } from './rules.ts';
import type { LoadedSale } from './repository.ts';

/** Rows of sales and payment transactions → the contract's shapes. */

const money = (amount: unknown, currency: string): Money => ({ amount: Number(amount), currency });
const percent = (value: unknown) => Number(value);

function toLine(row: Row, currency: string): SaleLine {
  return {
    position: Number(row.position),
    kind: row.kind as SaleLine['kind'],
    ...opt('itemId', row.item_id as string | null),
    name: row.name as string,
    quantity: Number(row.quantity),
    unitPrice: money(row.unit_price, currency),
    taxPercentage: percent(row.tax_percentage),
    discountPercentage: percent(row.discount_percentage),
    discountAmount: money(row.discount, currency),
    baseAmount: money(row.base, currency),
    taxAmount: money(row.tax, currency),
    lineTotal: money(row.total, currency),
    refundedQuantity: Number(row.refunded_quantity),
    refundedAmount: money(row.refunded_amount ?? 0, currency),
    refundedDiscountAmount: money(row.refunded_discount ?? 0, currency),
    refundedTaxAmount: money(row.refunded_tax ?? 0, currency),
    ...opt('refundOfPosition', row.refund_of_position === null || row.refund_of_position === undefined ? null : Number(row.refund_of_position)),
  };
}

export function moneyOfRow(row: Row): SaleMoney {
  return {
    isRefund: row.refund_of_sale_id !== null && row.refund_of_sale_id !== undefined,
    voided: row.lifecycle !== 'SALE_LIFECYCLE_COMPLETED',
    total: Number(row.total),
    refundedLines: Number(row.refunded_lines),
    paid: Number(row.paid),
    refunded: Number(row.refunded),
  };
}

export function toSale({ row, lines, refundIds }: LoadedSale): Sale {
  const currency = row.currency as string;
  const figures = moneyOfRow(row);
  const appointmentId = (row.appointment_id as string | null) ?? null;
  const discount =
    row.discount_percentage !== null && row.discount_percentage !== undefined
      ? { percentage: percent(row.discount_percentage) }
      : row.discount_amount !== null && row.discount_amount !== undefined
        ? { amount: money(row.discount_amount, currency) }
        : undefined;
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    operationType: row.operation_type as Sale['operationType'],
    appointmentId,
    referenceId: appointmentId,
    ...(row.customer_name ? { customer: { ...opt('customerId', row.customer_id as string | null), name: row.customer_name as string } } : {}),
    soldAt: iso(row.sold_at),
    userId: row.user_id as string,
    ...opt('notes', row.notes as string | null),
    lines: lines.map((line) => toLine(line, currency)),
    ...opt('discount', discount),
    pricesIncludeTax: row.prices_include_tax !== false,
    totals: {
      subtotal: money(row.subtotal, currency),
      discount: money(row.discount, currency),
      tax: money(row.tax, currency),
      total: money(row.total, currency),
    },
    taxBreakdown: json<Array<{ taxPercentage: number; base: number; tax: number }>>(row.tax_breakdown).map(
      (entry): SaleTaxBreakdown => ({ taxPercentage: entry.taxPercentage, base: money(entry.base, currency), tax: money(entry.tax, currency) }),
    ),
    tip: money(row.tip, currency),
    paidAmount: money(figures.paid - figures.refunded < 0 || figures.isRefund ? 0 : figures.paid - figures.refunded, currency),
    refundedAmount: money(figures.refunded, currency),
    outstandingAmount: money(outstandingOf(figures), currency),
    lifecycle: row.lifecycle as Sale['lifecycle'],
    paymentStatus: row.payment_status as Sale['paymentStatus'],
    refundOfSaleId: (row.refund_of_sale_id as string | null) ?? null,
    refundSaleIds: refundIds,
    invoiceId: (row.invoice_id as string | null) ?? null,
    ...opt('voidedAt', row.voided_at ? iso(row.voided_at) : null),
    ...opt('voidReason', row.void_reason as string | null),
    currency,
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toPaymentTransaction(row: Row): PaymentTransaction {
  const currency = row.currency as string;
  const appointmentSale = row.operation_type === 'OPERATION_TYPE_APPOINTMENT_SALE' && row.appointment_id;
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    saleId: row.sale_id as string,
    referenceId: (appointmentSale ? row.appointment_id : row.sale_id) as string,
    operationType: row.operation_type as PaymentTransaction['operationType'],
    kind: row.kind as PaymentTransaction['kind'],
    amount: money(row.amount, currency),
    tipAmount: money(row.tip_amount, currency),
    ...opt('tendered', row.tendered === null || row.tendered === undefined ? null : money(row.tendered, currency)),
    ...opt('change', row.change_amount === null || row.change_amount === undefined ? null : money(row.change_amount, currency)),
    paymentMethodId: row.payment_method_id as string,
    ...opt('paymentMethodName', row.method_name as string | null),
    status: row.status as PaymentTransaction['status'],
    ...opt('paidAt', row.paid_at ? iso(row.paid_at) : null),
    ...opt('notes', row.notes as string | null),
    commission: money(row.commission, currency),
    commissionPercentage: percent(row.commission_percentage),
    refundOfTransactionId: (row.refund_of_transaction_id as string | null) ?? null,
    ...opt('refundSaleId', row.refund_sale_id as string | null),
    refundedAmount: money(row.refunded_amount ?? 0, currency),
    userId: row.user_id as string,
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toCashUpRow(row: Row, currency: string, withUser: boolean): CashUpRow {
  const collected = Number(row.collected);
  const refunded = Number(row.refunded);
  const tips = Number(row.tips);
  return {
    paymentMethodId: row.payment_method_id as string,
    paymentMethodName: row.method_name as string,
    paymentMethodKind: row.method_kind as CashUpRow['paymentMethodKind'],
    ...(withUser ? { userId: row.user_id as string } : {}),
    count: Number(row.count),
    collected: money(collected, currency),
    refunded: money(refunded, currency),
    tips: money(tips, currency),
    commission: money(row.commission, currency),
    net: money(collected + tips - refunded, currency),
  };
}
