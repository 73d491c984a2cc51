import type { CashUp, PaymentTransaction, PaymentTransactionInput, PaymentTransactionList, PaymentTransactionStatusChange } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { keyReused, staleVersion } from '../kit/write-rules.ts';
import { conflict, forbidden, notFound, unprocessable } from '../problem.ts';
import { inCurrency, positive, recomputeSale, refundablePayment, usableMethod, type Actor } from './checkout.ts';
import { toCashUpRow, toPaymentTransaction } from './mappers.ts';
import {
  businessOf,
  businessToday,
  cashUpRows,
  changeTransactionStatus,
  insertTransaction,
  liveSaleOfAppointment,
  loadTransactions,
  lockSale,
  paymentMethods,
  saleMoney,
  salesOfReference,
  transactionPage,
  transactionRow,
  type TransactionFilter,
} from './repository.ts';
import { assertSaleVisible } from './visibility.ts';
import { canTransition, changeOf, checkPaymentFits, checkRefundFits, commissionOf } from './rules.ts';

/** Payments and refunds of money (MONEY.md §2): each recomputes its sale's figures in the same transaction. */

const COMPLETED = 'PAYMENT_TRANSACTION_STATUS_COMPLETED';
const REFUND = 'PAYMENT_TRANSACTION_KIND_REFUND';

export async function getPaymentTransaction(tx: Queryable, tenantId: string, id: string): Promise<PaymentTransaction> {
  const [row] = await loadTransactions(tx, tenantId, [id]);
  if (!row) throw notFound('No payment transaction has this id.');
  return toPaymentTransaction(row);
}

/** The sale a payment's reference names: the appointment's live sale, or the sale itself. */
async function saleOfReference(tx: Queryable, tenantId: string, input: PaymentTransactionInput): Promise<string> {
  if (input.operationType === 'OPERATION_TYPE_UNSPECIFIED') {
    throw unprocessable('/paymentTransaction/operationType', 'invalid_operation_type', 'Say whether this pays an appointment or a sale.');
  }
  const viaAppointment = input.operationType === 'OPERATION_TYPE_APPOINTMENT_SALE' ? await liveSaleOfAppointment(tx, tenantId, input.referenceId) : undefined;
  if (viaAppointment) return viaAppointment;
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM sales WHERE tenant_id = $1 AND id = $2', [tenantId, input.referenceId]);
  if (!rows[0]) throw unprocessable('/paymentTransaction/referenceId', 'no_sale_for_reference', 'Charge the appointment first: it has no sale to pay.');
  return rows[0].id;
}

/**
 * Records a payment (or, for owners and administrators, a refund of money alone) of a sale. `mayRefund`:
 * the caller's role allows payments.delete.
 */
export async function createPaymentTransaction(tx: Queryable, actor: Actor, id: string, input: PaymentTransactionInput, mayRefund: boolean): Promise<PaymentTransaction> {
  const { tenantId } = actor;
  const kind = input.kind ?? 'PAYMENT_TRANSACTION_KIND_PAYMENT';
  if (kind === REFUND && !mayRefund) throw forbidden('Refunds are for owners and administrators.');
  const business = await businessOf(tx, tenantId);
  if (!business) throw notFound();
  const { currency } = business;
  const saleId = await saleOfReference(tx, tenantId, input);
  await assertSaleVisible(tx, tenantId, saleId, actor.only ? { userId: actor.only } : null);
  const sale = (await lockSale(tx, tenantId, saleId))!;
  if (sale.lifecycle !== 'SALE_LIFECYCLE_COMPLETED') throw conflict('This sale was voided.', 'sale_voided');
  if (sale.refund_of_sale_id) throw conflict('A refund sale takes no payments.', 'invalid_transition');
  const pointer = '/paymentTransaction';
  const amount = positive(input.amount, currency, `${pointer}/amount`);
  const tip = inCurrency(input.tipAmount, currency, `${pointer}/tipAmount`);
  if (tip < 0 || (kind === REFUND && tip > 0)) throw unprocessable(`${pointer}/tipAmount/amount`, 'out_of_range', 'A tip is 0 or more, and only on a payment.');
  const tendered = input.tendered ? inCurrency(input.tendered, currency, `${pointer}/tendered`) : undefined;
  const change = kind === REFUND ? null : changeOf(tendered, amount, tip, `${pointer}/tendered`);
  const method = usableMethod(await paymentMethods(tx, tenantId, [input.paymentMethodId]), input.paymentMethodId, `${pointer}/paymentMethodId`);
  if (input.refundOfTransactionId && kind !== REFUND) throw unprocessable(`${pointer}/refundOfTransactionId`, 'unknown_payment', 'Only a refund goes back against a payment.');
  const of = input.refundOfTransactionId ? await refundablePayment(tx, tenantId, saleId, input.refundOfTransactionId, `${pointer}/refundOfTransactionId`) : undefined;
  const status = input.status ?? COMPLETED;
  if (status === COMPLETED) {
    const figures = await saleMoney(tx, tenantId, sale);
    if (kind === REFUND) checkRefundFits(figures, amount, `${pointer}/amount`, of);
    else checkPaymentFits(figures, amount, `${pointer}/amount`);
  }
  try {
    await insertTransaction(tx, tenantId, {
      id,
      saleId,
      kind,
      amount,
      tipAmount: tip,
      tendered: kind === REFUND ? null : (tendered ?? null),
      change,
      currency,
      paymentMethodId: method.id,
      commissionPercentage: method.commission,
      commission: kind === REFUND ? 0 : commissionOf(amount + tip, method.commission),
      status,
      paidAt: status === COMPLETED ? (input.paidAt ?? new Date().toISOString()) : null,
      refundOfTransactionId: input.refundOfTransactionId ?? null,
      refundSaleId: null,
      notes: input.notes?.trim() || null,
      userId: actor.userId,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw keyReused();
    throw error;
  }
  await recomputeSale(tx, tenantId, sale);
  return getPaymentTransaction(tx, tenantId, id);
}

/** PENDING → COMPLETED (it must still fit the sale) or FAILED; anything else 409 invalid_transition. */
export async function changePaymentTransactionStatus(tx: Queryable, actor: Actor, id: string, change: PaymentTransactionStatusChange): Promise<PaymentTransaction> {
  const { tenantId } = actor;
  const plain = await transactionRow(tx, tenantId, id);
  if (!plain) throw notFound('No payment transaction has this id.');
  const sale = (await lockSale(tx, tenantId, plain.sale_id as string))!;
  const current = (await transactionRow(tx, tenantId, id, true))!;
  if (Number(current.version) !== change.version) throw staleVersion();
  if (!canTransition(current.status as string, change.status)) throw conflict('A pending transaction becomes completed or failed, once; nothing else changes.', 'invalid_transition');
  if (change.status === COMPLETED) {
    if (sale.lifecycle !== 'SALE_LIFECYCLE_COMPLETED') throw conflict('This sale was voided.', 'sale_voided');
    const figures = await saleMoney(tx, tenantId, sale);
    const amount = Number(current.amount);
    if (current.kind === REFUND) {
      const of = current.refund_of_transaction_id
        ? await refundablePayment(tx, tenantId, sale.id as string, current.refund_of_transaction_id as string, '/status')
        : undefined;
      checkRefundFits(figures, amount, '/status', of);
    } else checkPaymentFits(figures, amount, '/status');
  }
  await changeTransactionStatus(tx, tenantId, id, change.status, change.status === COMPLETED ? (change.paidAt ?? new Date().toISOString()) : null);
  await recomputeSale(tx, tenantId, sale);
  return getPaymentTransaction(tx, tenantId, id);
}

export interface TransactionQuery extends Omit<TransactionFilter, 'saleIds'> {
  referenceId?: string;
  operationType?: string;
}

export async function listPaymentTransactions(tx: Queryable, tenantId: string, query: TransactionQuery, limit: number, offset: number): Promise<PaymentTransactionList> {
  const business = await businessOf(tx, tenantId);
  if (!business) throw notFound();
  if ((query.referenceId === undefined) !== (query.operationType === undefined)) {
    throw unprocessable(query.referenceId ? '/operationType' : '/referenceId', 'reference_incomplete', 'Send referenceId and operationType together.');
  }
  const saleIds = query.referenceId ? await salesOfReference(tx, tenantId, query.referenceId) : undefined;
  const filter: TransactionFilter = {
    startDate: query.startDate,
    endDate: query.endDate,
    paymentMethodId: query.paymentMethodId,
    userId: query.userId,
    kind: query.kind,
    status: query.status,
    visibleTo: query.visibleTo,
    ...(saleIds ? { saleIds } : {}),
  };
  const page = await transactionPage(tx, tenantId, filter, limit, offset);
  const money = (amount: number) => ({ amount, currency: business.currency });
  return {
    items: page.rows.map(toPaymentTransaction),
    total: page.total,
    paidTotal: money(page.paid - page.refunded),
    refundedTotal: money(page.refunded),
  };
}

export async function cashUp(tx: Queryable, tenantId: string, day: string | undefined, userId: string | undefined): Promise<CashUp> {
  const business = await businessOf(tx, tenantId);
  if (!business) throw notFound();
  const date = day ?? (await businessToday(tx, tenantId));
  const rows = await cashUpRows(tx, tenantId, date, userId);
  const perRow = rows.map((row) => toCashUpRow(row, business.currency, true));
  const byMethod = new Map<string, ReturnType<typeof toCashUpRow>>();
  for (const row of perRow) {
    const rest = { ...row };
    delete rest.userId;
    const seen = byMethod.get(row.paymentMethodId);
    if (!seen) {
      byMethod.set(row.paymentMethodId, { ...rest, collected: { ...rest.collected }, refunded: { ...rest.refunded }, tips: { ...rest.tips }, commission: { ...rest.commission }, net: { ...rest.net } });
      continue;
    }
    seen.count += row.count;
    for (const key of ['collected', 'refunded', 'tips', 'commission', 'net'] as const) seen[key] = { amount: seen[key].amount + row[key].amount, currency: business.currency };
  }
  return {
    date,
    currency: business.currency,
    rows: perRow,
    byMethod: [...byMethod.values()],
    total: { amount: perRow.reduce((sum, row) => sum + row.net.amount, 0), currency: business.currency },
  };
}
