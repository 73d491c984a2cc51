import type { PaymentTransactionKind, PaymentTransactionStatus, SaleLifecycle, SaleSort, SaleStatus } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import type { Row } from '../kit/rows.ts';
import type { ComputedDocument } from '../../common/money/index.ts';
import type { SaleMoney } from './rules.ts';

/** All the SQL of sales and their payment transactions (migration 030). */

const COMPLETED = 'PAYMENT_TRANSACTION_STATUS_COMPLETED';
const PAYMENT = 'PAYMENT_TRANSACTION_KIND_PAYMENT';
const REFUND = 'PAYMENT_TRANSACTION_KIND_REFUND';
const LIVE = 'SALE_LIFECYCLE_COMPLETED';

/** The business's currency and time zone. */
export async function businessOf(tx: Queryable, tenantId: string): Promise<{ currency: string; timeZone: string } | undefined> {
  const { rows } = await tx.query<{ currency_code: string; time_zone: string }>('SELECT currency_code, time_zone FROM tenants WHERE id = $1', [tenantId]);
  return rows[0] && { currency: rows[0].currency_code, timeZone: rows[0].time_zone };
}

/** Whether the business has recorded any sale (its currency is then locked). */
export async function tenantHasSales(tx: Queryable, tenantId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM sales WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  return rows.length > 0;
}

/** The appointment to charge, locked (one checkout of it at a time). */
export async function lockAppointment(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  const { rows } = await tx.query(
    'SELECT id, status, user_id, customer_id, customer_snapshot FROM appointments WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
    [tenantId, id],
  );
  return rows[0];
}

/** The id of the appointment's live (non-voided, non-refund) sale. */
export async function liveSaleOfAppointment(tx: Queryable, tenantId: string, appointmentId: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM sales WHERE tenant_id = $1 AND appointment_id = $2 AND refund_of_sale_id IS NULL AND lifecycle = '${LIVE}'`,
    [tenantId, appointmentId],
  );
  return rows[0]?.id;
}

export async function isMember(tx: Queryable, tenantId: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]);
  return rows.length > 0;
}

export async function customerExists(tx: Queryable, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  return rows.length > 0;
}

/** Which of these service ids are the business's. */
export async function knownServices(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM services WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, [...new Set(ids)]]);
  return new Set(rows.map((row) => row.id));
}

export interface MethodRow {
  id: string;
  name: string;
  usable: boolean;
  commission: string;
}

/** The business's payment methods among these ids; `usable` when active and not archived. */
export async function paymentMethods(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<Map<string, MethodRow>> {
  const map = new Map<string, MethodRow>();
  if (ids.length === 0) return map;
  const { rows } = await tx.query<{ id: string; name: string; usable: boolean; commission: string }>(
    `SELECT id, name, (active AND archived_at IS NULL) AS usable, commission_percentage::text AS commission
       FROM payment_methods WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
    [tenantId, [...new Set(ids)]],
  );
  for (const row of rows) map.set(row.id, row);
  return map;
}

export interface NewSale {
  id: string;
  operationType: string;
  appointmentId: string | null;
  customerId: string | null;
  customerName: string | null;
  userId: string;
  soldAt: string;
  notes: string | null;
  currency: string;
  discountPercentage: number | null;
  discountAmount: number | null;
  document: ComputedDocument;
  refundOfSaleId: string | null;
  search: string;
  paymentStatus: SaleStatus;
}

export async function insertSale(tx: Queryable, tenantId: string, sale: NewSale): Promise<void> {
  const { totals, breakdown } = sale.document;
  await tx.query(
    `INSERT INTO sales (tenant_id, id, operation_type, appointment_id, customer_id, customer_name, user_id, sold_at, sold_on, notes, currency,
                        discount_percentage, discount_amount, subtotal, discount, tax, total, tax_breakdown, refund_of_sale_id, search, payment_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, ($8::timestamptz AT TIME ZONE (SELECT time_zone FROM tenants WHERE id = $1))::date, $9, $10,
             $11, $12, $13, $14, $15, $16, $17, $18, cita_fold($19), $20)`,
    [
      tenantId,
      sale.id,
      sale.operationType,
      sale.appointmentId,
      sale.customerId,
      sale.customerName,
      sale.userId,
      sale.soldAt,
      sale.notes,
      sale.currency,
      sale.discountPercentage,
      sale.discountAmount,
      totals.subtotal,
      totals.discount,
      totals.tax,
      totals.total,
      JSON.stringify(breakdown.map((entry) => ({ taxPercentage: entry.taxPercentage, base: entry.base, tax: entry.tax }))),
      sale.refundOfSaleId,
      sale.search,
      sale.paymentStatus,
    ],
  );
}

export interface NewLine {
  kind: string;
  itemId: string | null;
  name: string;
  taxPercentage: number | string;
  discountPercentage: number | string;
  stockMoved: boolean;
  refundOfPosition: number | null;
}

/** The lines of a sale: what was asked (kind, item, name, rates) with the document's amounts, by position. */
export async function insertLines(tx: Queryable, tenantId: string, saleId: string, lines: readonly NewLine[], document: ComputedDocument): Promise<void> {
  const computed = document.lines;
  await tx.query(
    `INSERT INTO sale_lines (tenant_id, sale_id, position, kind, item_id, name, quantity, unit_price, tax_percentage, discount_percentage,
                             amount, discount, base, tax, total, stock_moved, refund_of_position)
     SELECT $1, $2, l.position, l.kind, l.item_id, l.name, l.quantity, l.unit_price, l.tax_percentage, l.discount_percentage,
            l.amount, l.discount, l.base, l.tax, l.total, l.stock_moved, l.refund_of_position
       FROM unnest($3::int[], $4::text[], $5::uuid[], $6::text[], $7::numeric[], $8::bigint[], $9::numeric[], $10::numeric[],
                   $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[], $15::bigint[], $16::boolean[], $17::int[])
            AS l(position, kind, item_id, name, quantity, unit_price, tax_percentage, discount_percentage, amount, discount, base, tax, total, stock_moved, refund_of_position)`,
    [
      tenantId,
      saleId,
      lines.map((_, i) => i),
      lines.map((line) => line.kind),
      lines.map((line) => line.itemId),
      lines.map((line) => line.name),
      computed.map((line) => String(line.quantity)),
      computed.map((line) => line.unitPrice),
      lines.map((line) => String(line.taxPercentage)),
      lines.map((line) => String(line.discountPercentage)),
      computed.map((line) => line.amount),
      computed.map((line) => line.discount),
      computed.map((line) => line.base),
      computed.map((line) => line.tax),
      computed.map((line) => line.total),
      lines.map((line) => line.stockMoved),
      lines.map((line) => line.refundOfPosition),
    ],
  );
}

/** The sale's row, locked for a payment, a refund or a void. */
export async function lockSale(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  const { rows } = await tx.query('SELECT * FROM sales WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]);
  return rows[0];
}

export async function saleLines(tx: Queryable, tenantId: string, saleIds: readonly string[]): Promise<Row[]> {
  if (saleIds.length === 0) return [];
  const { rows } = await tx.query('SELECT * FROM sale_lines WHERE tenant_id = $1 AND sale_id = ANY($2::uuid[]) ORDER BY sale_id, position', [tenantId, [...saleIds]]);
  return rows;
}

/** The refund sales of these sales (id, refund_of_sale_id), oldest first. */
export async function refundSalesOf(tx: Queryable, tenantId: string, saleIds: readonly string[]): Promise<Row[]> {
  if (saleIds.length === 0) return [];
  const { rows } = await tx.query(
    'SELECT id, refund_of_sale_id FROM sales WHERE tenant_id = $1 AND refund_of_sale_id = ANY($2::uuid[]) ORDER BY created_at, id',
    [tenantId, [...saleIds]],
  );
  return rows;
}

/** Sales with their lines and refund ids, in the order of `rows`. */
export interface LoadedSale {
  row: Row;
  lines: Row[];
  refundIds: string[];
}

export async function withDetails(tx: Queryable, tenantId: string, rows: readonly Row[]): Promise<LoadedSale[]> {
  const ids = rows.map((row) => row.id as string);
  const [lines, refunds] = await Promise.all([saleLines(tx, tenantId, ids), refundSalesOf(tx, tenantId, ids)]);
  return rows.map((row) => ({
    row,
    lines: lines.filter((line) => line.sale_id === row.id),
    refundIds: refunds.filter((refund) => refund.refund_of_sale_id === row.id).map((refund) => refund.id as string),
  }));
}

export async function loadSale(tx: Queryable, tenantId: string, id: string): Promise<LoadedSale | undefined> {
  const { rows } = await tx.query('SELECT * FROM sales WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  if (!rows[0]) return undefined;
  return (await withDetails(tx, tenantId, rows))[0];
}

export interface SaleFilter {
  q?: string;
  startDate?: string;
  endDate?: string;
  operationType?: string;
  status?: string;
  lifecycle?: SaleLifecycle;
  customerId?: string;
  userId?: string;
  paymentMethodId?: string;
  appointmentId?: string;
}

const SALE_SORTS: Record<SaleSort, string> = {
  soldAt: 's.sold_at ASC, s.id ASC',
  '-soldAt': 's.sold_at DESC, s.id DESC',
  total: 's.total ASC, s.id ASC',
  '-total': 's.total DESC, s.id DESC',
};

export interface SaleTotalsRow {
  count: number;
  listed: number;
  total: number;
  tax: number;
  tip: number;
  paid: number;
  outstanding: number;
}

/** A page of sales (with details) and the totals of the filter. */
export async function salePage(tx: Queryable, tenantId: string, filter: SaleFilter, sort: SaleSort, limit: number, offset: number) {
  const where = ['s.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('$?', `$${params.length}`));
  };
  if (filter.q?.trim()) add('strpos(s.search, cita_fold($?)) > 0', filter.q.trim());
  if (filter.startDate) add('s.sold_on >= $?::date', filter.startDate);
  if (filter.endDate) add('s.sold_on <= $?::date', filter.endDate);
  if (filter.operationType) add('s.operation_type = $?', filter.operationType);
  if (filter.status) add('s.payment_status = $?', filter.status);
  if (filter.lifecycle) add('s.lifecycle = $?', filter.lifecycle);
  if (filter.customerId) add('s.customer_id = $?', filter.customerId);
  if (filter.userId) add('s.user_id = $?', filter.userId);
  if (filter.appointmentId) add('s.appointment_id = $?', filter.appointmentId);
  if (filter.paymentMethodId) {
    add(`EXISTS (SELECT 1 FROM payment_transactions pt WHERE pt.tenant_id = s.tenant_id AND pt.sale_id = s.id AND pt.payment_method_id = $? AND pt.status = '${COMPLETED}')`, filter.paymentMethodId);
  }
  const condition = where.join(' AND ');
  const n = params.length;
  const { rows } = await tx.query(`SELECT s.* FROM sales s WHERE ${condition} ORDER BY ${SALE_SORTS[sort]} LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, limit, offset]);
  const totals = (
    await tx.query<Record<keyof SaleTotalsRow, unknown>>(
      `SELECT count(*)::int AS listed,
              count(*) FILTER (WHERE s.lifecycle = '${LIVE}')::int AS count,
              coalesce(sum(s.total) FILTER (WHERE s.lifecycle = '${LIVE}'), 0) AS total,
              coalesce(sum(s.tax) FILTER (WHERE s.lifecycle = '${LIVE}'), 0) AS tax,
              coalesce(sum(s.tip) FILTER (WHERE s.lifecycle = '${LIVE}'), 0) AS tip,
              coalesce(sum(s.paid - s.refunded) FILTER (WHERE s.lifecycle = '${LIVE}' AND s.refund_of_sale_id IS NULL), 0) AS paid,
              coalesce(sum(greatest(0, s.total - s.refunded_lines - (s.paid - s.refunded))) FILTER (WHERE s.lifecycle = '${LIVE}' AND s.refund_of_sale_id IS NULL), 0) AS outstanding
         FROM sales s WHERE ${condition}`,
      params,
    )
  ).rows[0]!;
  const number = (key: keyof SaleTotalsRow) => Number(totals[key]);
  return {
    sales: await withDetails(tx, tenantId, rows),
    totals: {
      count: number('count'),
      listed: number('listed'),
      total: number('total'),
      tax: number('tax'),
      tip: number('tip'),
      paid: number('paid'),
      outstanding: number('outstanding'),
    } satisfies SaleTotalsRow,
  };
}

/** The money figures of a sale, summed from its COMPLETED transactions and its live refund sales. */
export async function saleMoney(tx: Queryable, tenantId: string, sale: Row): Promise<SaleMoney & { tip: number }> {
  const isRefund = sale.refund_of_sale_id !== null && sale.refund_of_sale_id !== undefined;
  const { rows } = await tx.query<{ paid: unknown; refunded: unknown; tip: unknown; refunded_lines: unknown }>(
    `SELECT
       coalesce((SELECT sum(amount) FROM payment_transactions WHERE tenant_id = $1 AND sale_id = $2 AND kind = '${PAYMENT}' AND status = '${COMPLETED}'), 0) AS paid,
       coalesce((SELECT sum(tip_amount) FROM payment_transactions WHERE tenant_id = $1 AND sale_id = $2 AND kind = '${PAYMENT}' AND status = '${COMPLETED}'), 0) AS tip,
       coalesce((SELECT sum(amount) FROM payment_transactions WHERE tenant_id = $1 AND ${isRefund ? 'refund_sale_id' : 'sale_id'} = $2 AND kind = '${REFUND}' AND status = '${COMPLETED}'), 0) AS refunded,
       coalesce((SELECT -sum(total) FROM sales WHERE tenant_id = $1 AND refund_of_sale_id = $2 AND lifecycle = '${LIVE}'), 0) AS refunded_lines`,
    [tenantId, sale.id],
  );
  const sums = rows[0]!;
  return {
    isRefund,
    voided: sale.lifecycle !== LIVE,
    total: Number(sale.total),
    refundedLines: isRefund ? 0 : Number(sums.refunded_lines),
    paid: isRefund ? 0 : Number(sums.paid),
    refunded: Number(sums.refunded),
    tip: isRefund ? 0 : Number(sums.tip),
  };
}

/** Stores recomputed money figures and status; bumps the version (the sale changed). */
export async function storeSaleMoney(tx: Queryable, tenantId: string, id: string, money: SaleMoney & { tip: number }, status: SaleStatus): Promise<void> {
  await tx.query(
    `UPDATE sales SET paid = $3, refunded = $4, tip = $5, refunded_lines = $6, payment_status = $7, version = version + 1
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, money.paid, money.refunded, money.tip, money.refundedLines, status],
  );
}

export async function markVoided(tx: Queryable, tenantId: string, id: string, reason: string | null): Promise<void> {
  await tx.query(
    `UPDATE sales SET lifecycle = 'SALE_LIFECYCLE_VOIDED', voided_at = now(), void_reason = $3, version = version + 1 WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, reason],
  );
}

/** Whether any transaction of the sale is COMPLETED or PENDING (something collected, or on its way). */
export async function hasLiveTransactions(tx: Queryable, tenantId: string, saleId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM payment_transactions WHERE tenant_id = $1 AND sale_id = $2 AND status <> 'PAYMENT_TRANSACTION_STATUS_FAILED' LIMIT 1`,
    [tenantId, saleId],
  );
  return rows.length > 0;
}

/** What earlier refund sales took back of each line of a sale: quantity in thousandths and discount (positive). */
export async function refundedByLine(tx: Queryable, tenantId: string, saleId: string): Promise<Map<number, { quantity: bigint; amount: number; discount: number }>> {
  const { rows } = await tx.query<{ position: number; quantity: string; amount: unknown; discount: unknown }>(
    `SELECT l.refund_of_position AS position, (-sum(l.quantity) * 1000)::bigint::text AS quantity, -sum(l.amount) AS amount, -sum(l.discount) AS discount
       FROM sale_lines l JOIN sales r ON r.tenant_id = l.tenant_id AND r.id = l.sale_id
      WHERE r.tenant_id = $1 AND r.refund_of_sale_id = $2 AND r.lifecycle = '${LIVE}'
      GROUP BY l.refund_of_position`,
    [tenantId, saleId],
  );
  return new Map(rows.map((row) => [Number(row.position), { quantity: BigInt(row.quantity), amount: Number(row.amount), discount: Number(row.discount) }]));
}

export async function addRefundedQuantity(tx: Queryable, tenantId: string, saleId: string, position: number, quantity: string): Promise<void> {
  await tx.query('UPDATE sale_lines SET refunded_quantity = refunded_quantity + $4::numeric WHERE tenant_id = $1 AND sale_id = $2 AND position = $3', [
    tenantId,
    saleId,
    position,
    quantity,
  ]);
}

export interface NewTransaction {
  id: string;
  saleId: string;
  kind: PaymentTransactionKind;
  amount: number;
  tipAmount: number;
  tendered: number | null;
  change: number | null;
  currency: string;
  paymentMethodId: string;
  commissionPercentage: string;
  commission: number;
  status: PaymentTransactionStatus;
  paidAt: string | null;
  refundOfTransactionId: string | null;
  refundSaleId: string | null;
  notes: string | null;
  userId: string;
}

export async function insertTransaction(tx: Queryable, tenantId: string, t: NewTransaction): Promise<void> {
  await tx.query(
    `INSERT INTO payment_transactions (tenant_id, id, sale_id, kind, amount, tip_amount, tendered, change_amount, currency, payment_method_id,
                                       commission_percentage, commission, status, paid_at, refund_of_transaction_id, refund_sale_id, notes, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::numeric, $12, $13, $14, $15, $16, $17, $18)`,
    [
      tenantId,
      t.id,
      t.saleId,
      t.kind,
      t.amount,
      t.tipAmount,
      t.tendered,
      t.change,
      t.currency,
      t.paymentMethodId,
      t.commissionPercentage,
      t.commission,
      t.status,
      t.paidAt,
      t.refundOfTransactionId,
      t.refundSaleId,
      t.notes,
      t.userId,
    ],
  );
}

const TRANSACTION_SELECT = `pt.*, s.operation_type, s.appointment_id, pm.name AS method_name,
  coalesce((SELECT sum(r.amount) FROM payment_transactions r
             WHERE r.tenant_id = pt.tenant_id AND r.refund_of_transaction_id = pt.id AND r.status = '${COMPLETED}'), 0) AS refunded_amount`;
const TRANSACTION_FROM = `payment_transactions pt
  JOIN sales s ON s.tenant_id = pt.tenant_id AND s.id = pt.sale_id
  JOIN payment_methods pm ON pm.tenant_id = pt.tenant_id AND pm.id = pt.payment_method_id`;

export async function loadTransactions(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query(`SELECT ${TRANSACTION_SELECT} FROM ${TRANSACTION_FROM} WHERE pt.tenant_id = $1 AND pt.id = ANY($2::uuid[]) ORDER BY pt.created_at, pt.id`, [
    tenantId,
    [...ids],
  ]);
  return rows;
}

/** A transaction's plain row, optionally locked. */
export async function transactionRow(tx: Queryable, tenantId: string, id: string, lock = false): Promise<Row | undefined> {
  const { rows } = await tx.query(`SELECT * FROM payment_transactions WHERE tenant_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [tenantId, id]);
  return rows[0];
}

/** Σ COMPLETED refunds against a payment. */
export async function refundedOfPayment(tx: Queryable, tenantId: string, paymentId: string): Promise<number> {
  const { rows } = await tx.query<{ n: unknown }>(
    `SELECT coalesce(sum(amount), 0) AS n FROM payment_transactions WHERE tenant_id = $1 AND refund_of_transaction_id = $2 AND status = '${COMPLETED}'`,
    [tenantId, paymentId],
  );
  return Number(rows[0]!.n);
}

export async function changeTransactionStatus(tx: Queryable, tenantId: string, id: string, status: string, paidAt: string | null): Promise<void> {
  await tx.query('UPDATE payment_transactions SET status = $3, paid_at = $4, version = version + 1 WHERE tenant_id = $1 AND id = $2', [tenantId, id, status, paidAt]);
}

/** The sale a screen's reference names: the appointment's sales (APPOINTMENT_SALE) or the sale itself. */
export async function salesOfReference(tx: Queryable, tenantId: string, referenceId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM sales WHERE tenant_id = $1 AND (appointment_id = $2 OR id = $2) ORDER BY created_at', [tenantId, referenceId]);
  return rows.map((row) => row.id);
}

export interface TransactionFilter {
  saleIds?: string[];
  startDate?: string;
  endDate?: string;
  paymentMethodId?: string;
  userId?: string;
  kind?: string;
  status?: string;
}

const LOCAL_DAY = `(coalesce(pt.paid_at, pt.created_at) AT TIME ZONE (SELECT time_zone FROM tenants WHERE id = pt.tenant_id))::date`;

export async function transactionPage(tx: Queryable, tenantId: string, filter: TransactionFilter, limit: number, offset: number) {
  const where = ['pt.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('$?', `$${params.length}`));
  };
  if (filter.saleIds) add('pt.sale_id = ANY($?::uuid[])', filter.saleIds);
  if (filter.startDate) add(`${LOCAL_DAY} >= $?::date`, filter.startDate);
  if (filter.endDate) add(`${LOCAL_DAY} <= $?::date`, filter.endDate);
  if (filter.paymentMethodId) add('pt.payment_method_id = $?', filter.paymentMethodId);
  if (filter.userId) add('pt.user_id = $?', filter.userId);
  if (filter.kind) add('pt.kind = $?', filter.kind);
  if (filter.status) add('pt.status = $?', filter.status);
  const condition = where.join(' AND ');
  const n = params.length;
  const { rows } = await tx.query(`SELECT ${TRANSACTION_SELECT} FROM ${TRANSACTION_FROM} WHERE ${condition} ORDER BY pt.created_at, pt.id LIMIT $${n + 1} OFFSET $${n + 2}`, [
    ...params,
    limit,
    offset,
  ]);
  const sums = (
    await tx.query<{ total: number; paid: unknown; refunded: unknown }>(
      `SELECT count(*)::int AS total,
              coalesce(sum(pt.amount) FILTER (WHERE pt.status = '${COMPLETED}' AND pt.kind = '${PAYMENT}'), 0) AS paid,
              coalesce(sum(pt.amount) FILTER (WHERE pt.status = '${COMPLETED}' AND pt.kind = '${REFUND}'), 0) AS refunded
         FROM payment_transactions pt WHERE ${condition}`,
      params,
    )
  ).rows[0]!;
  return { rows, total: Number(sums.total), paid: Number(sums.paid), refunded: Number(sums.refunded) };
}

/** COMPLETED transactions of a business-local day, per method and member. */
export async function cashUpRows(tx: Queryable, tenantId: string, date: string, userId: string | undefined): Promise<Row[]> {
  const { rows } = await tx.query(
    `SELECT pt.payment_method_id, pm.name AS method_name, pm.kind AS method_kind, pt.user_id,
            count(*)::int AS count,
            coalesce(sum(pt.amount) FILTER (WHERE pt.kind = '${PAYMENT}'), 0) AS collected,
            coalesce(sum(pt.amount) FILTER (WHERE pt.kind = '${REFUND}'), 0) AS refunded,
            coalesce(sum(pt.tip_amount) FILTER (WHERE pt.kind = '${PAYMENT}'), 0) AS tips,
            coalesce(sum(pt.commission), 0) AS commission
       FROM payment_transactions pt
       JOIN payment_methods pm ON pm.tenant_id = pt.tenant_id AND pm.id = pt.payment_method_id
      WHERE pt.tenant_id = $1 AND pt.status = '${COMPLETED}' AND ${LOCAL_DAY} = $2::date AND ($3::uuid IS NULL OR pt.user_id = $3::uuid)
      GROUP BY pt.payment_method_id, pm.name, pm.kind, pm.sort_order, pt.user_id
      ORDER BY pm.sort_order, pm.name, pt.user_id`,
    [tenantId, date, userId ?? null],
  );
  return rows;
}
