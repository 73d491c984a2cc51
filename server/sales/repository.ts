import type { PaymentTransactionKind, PaymentTransactionStatus, SaleLifecycle, SaleSort, SaleStatus } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { json, type Row } from '../kit/rows.ts';
import type { ComputedDocument } from '../../common/money/index.ts';
import type { SaleMoney } from './rules.ts';
import { memberSaleSql } from './visibility.ts';

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

/** Today's date in the business's time zone (YYYY-MM-DD). */
export async function businessToday(tx: Queryable, tenantId: string): Promise<string> {
  const { rows } = await tx.query<{ day: string }>('SELECT (now() AT TIME ZONE time_zone)::date::text AS day FROM tenants WHERE id = $1', [tenantId]);
  return rows[0]!.day;
}

/** Whether the business has recorded any sale (its currency is then locked). */
export async function tenantHasSales(tx: Queryable, tenantId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM sales WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  return rows.length > 0;
}

/**
 * The appointments among `ids` with money against them (issue 17): `standing`, those with a live sale
 * that still stands for something (not voided, not wholly refunded), which cancelling or rejecting
 * would leave charged for an appointment that did not happen; `recorded`, those a live sale (even
 * wholly refunded) or an invoice that is not voided refers to, which stay in the history (no delete).
 */
export async function appointmentsWithMoney(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<{ standing: Set<string>; recorded: Set<string> }> {
  const { rows } = await tx.query<{ appointment_id: string; standing: boolean }>(
    `SELECT appointment_id, bool_or(payment_status <> 'SALE_STATUS_REFUNDED') AS standing FROM sales
      WHERE tenant_id = $1 AND appointment_id = ANY($2::uuid[]) AND refund_of_sale_id IS NULL AND lifecycle = '${LIVE}'
      GROUP BY appointment_id
     UNION ALL
     SELECT DISTINCT appointment_id, false FROM invoices
      WHERE tenant_id = $1 AND appointment_id = ANY($2::uuid[]) AND status <> 'INVOICE_STATUS_VOIDED'`,
    [tenantId, ids],
  );
  return { standing: new Set(rows.filter((row) => row.standing).map((row) => row.appointment_id)), recorded: new Set(rows.map((row) => row.appointment_id)) };
}

/** The id of the appointment's live (non-voided, non-refund) sale. */
export async function liveSaleOfAppointment(tx: Queryable, tenantId: string, appointmentId: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM sales WHERE tenant_id = $1 AND appointment_id = $2 AND refund_of_sale_id IS NULL AND lifecycle = '${LIVE}'`,
    [tenantId, appointmentId],
  );
  return rows[0]?.id;
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

/** What a charge reads before it writes (createSale), in one statement: see chargeContext. */
export interface ChargeContext {
  currency: string;
  /** The business's price mode now (issue 17): prices with tax, or tax added on top. */
  pricesIncludeTax: boolean;
  /** The appointment charged, locked; absent when none was asked for or this business has no such one. */
  appointment?: Row;
  /** Whether that appointment already has a live (non-voided, non-refund) sale. */
  appointmentHasLiveSale: boolean;
  /** Whether the person the sale is in the name of is a member of the business. */
  sellerIsMember: boolean;
  /** Whether the customer the sale names (the request's, else the appointment's) exists. */
  customerExists: boolean;
  /** The business's services among the ids asked. */
  services: Set<string>;
  /** The business's payment methods among the ids asked. */
  methods: Map<string, MethodRow>;
}

export interface ChargeAsk {
  appointmentId: string | null;
  /** The member the request names, if any (else the appointment's, else `actorId`). */
  userId: string | null;
  actorId: string;
  /** The request's customer, when it names one (absent: the appointment's). */
  customer?: { id: string | null };
  serviceIds: readonly string[];
  methodIds: readonly string[];
}

/**
 * The business's currency and price mode, the appointment to charge locked (one checkout of it at a time; the first
 * lock a charge takes), and what the charge checks against: the appointment's live sale, the seller's
 * membership, the customer, the services and payment methods named. One statement instead of one per
 * question (issue 17's speed row: on PGlite's one connection every round trip holds up the server).
 * The live-sale answer is read in the statement's snapshot: a sale that a concurrent checkout of the
 * appointment commits while this one waits for the lock is refused by the unique index
 * sales_live_appointment_key instead, with the same 409.
 */
export async function chargeContext(tx: Queryable, tenantId: string, ask: ChargeAsk): Promise<ChargeContext | undefined> {
  const { rows } = await tx.query<Row & { currency_code: string; prices_include_tax: boolean; has_live_sale: boolean; seller_is_member: boolean; customer_exists: boolean; services: unknown; methods: unknown }>(
    `SELECT t.currency_code, t.prices_include_tax,
            a.id AS appointment_id, a.status AS appointment_status, a.user_id AS appointment_user_id, a.customer_id AS appointment_customer_id, a.customer_snapshot,
            EXISTS (SELECT 1 FROM sales s WHERE s.tenant_id = $1 AND s.appointment_id = a.id AND s.refund_of_sale_id IS NULL AND s.lifecycle = '${LIVE}') AS has_live_sale,
            EXISTS (SELECT 1 FROM memberships m WHERE m.tenant_id = $1 AND m.user_id = coalesce($3::uuid, a.user_id, $4::uuid)) AS seller_is_member,
            EXISTS (SELECT 1 FROM customers c WHERE c.tenant_id = $1 AND c.id = CASE WHEN $5::boolean THEN $6::uuid ELSE a.customer_id END) AS customer_exists,
            coalesce((SELECT json_agg(v.id) FROM services v WHERE v.tenant_id = $1 AND v.id = ANY($7::uuid[])), '[]') AS services,
            coalesce((SELECT json_agg(json_build_object('id', pm.id, 'name', pm.name, 'usable', pm.active AND pm.archived_at IS NULL, 'commission', pm.commission_percentage::text))
                        FROM payment_methods pm WHERE pm.tenant_id = $1 AND pm.id = ANY($8::uuid[])), '[]') AS methods
       FROM tenants t
       LEFT JOIN LATERAL (SELECT id, status, user_id, customer_id, customer_snapshot FROM appointments WHERE tenant_id = $1 AND id = $2::uuid FOR UPDATE) a ON true
      WHERE t.id = $1`,
    [tenantId, ask.appointmentId, ask.userId, ask.actorId, ask.customer !== undefined, ask.customer?.id ?? null, [...new Set(ask.serviceIds)], [...new Set(ask.methodIds)]],
  );
  const row = rows[0];
  if (!row) return undefined;
  const appointment = row.appointment_id
    ? { id: row.appointment_id, status: row.appointment_status, user_id: row.appointment_user_id, customer_id: row.appointment_customer_id, customer_snapshot: row.customer_snapshot }
    : undefined;
  return {
    currency: row.currency_code,
    pricesIncludeTax: row.prices_include_tax !== false,
    ...(appointment ? { appointment } : {}),
    appointmentHasLiveSale: row.has_live_sale,
    sellerIsMember: row.seller_is_member,
    customerExists: row.customer_exists,
    services: new Set(json<string[]>(row.services)),
    methods: new Map(json<MethodRow[]>(row.methods).map((method) => [method.id, method])),
  };
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
  /** The price mode the document was computed in, kept with the sale. */
  pricesIncludeTax: boolean;
  discountPercentage: number | null;
  discountAmount: number | null;
  document: ComputedDocument;
  refundOfSaleId: string | null;
  search: string;
  paymentStatus: SaleStatus;
  /** Σ of the COMPLETED payments inserted with it (tips apart), and of their tips; 0 without. */
  paid?: number;
  tip?: number;
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

/** The positional parameters of one statement, $1 the tenant: `bind(value, cast)` answers the next placeholder. */
function parameters(tenantId: string) {
  const values: unknown[] = [tenantId];
  const bind = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  return { values, bind };
}
type Bind = (value: unknown, cast?: string) => string;

function saleInsertSql(bind: Bind, sale: NewSale, lineCount: number): string {
  const { totals, breakdown } = sale.document;
  const soldAt = bind(sale.soldAt, '::timestamptz');
  const taxBreakdown = JSON.stringify(breakdown.map((entry) => ({ taxPercentage: entry.taxPercentage, base: entry.base, tax: entry.tax })));
  return `INSERT INTO sales (tenant_id, id, operation_type, appointment_id, customer_id, customer_name, user_id, sold_at, sold_on, notes, currency, prices_include_tax,
                        discount_percentage, discount_amount, subtotal, discount, tax, total, tax_breakdown, refund_of_sale_id, search, payment_status, paid, tip, line_count)
     VALUES ($1, ${bind(sale.id)}, ${bind(sale.operationType)}, ${bind(sale.appointmentId)}, ${bind(sale.customerId)}, ${bind(sale.customerName)}, ${bind(sale.userId)},
             ${soldAt}, (${soldAt} AT TIME ZONE (SELECT time_zone FROM tenants WHERE id = $1))::date, ${bind(sale.notes)}, ${bind(sale.currency)}, ${bind(sale.pricesIncludeTax, '::boolean')},
             ${bind(sale.discountPercentage)}, ${bind(sale.discountAmount)}, ${bind(totals.subtotal)}, ${bind(totals.discount)}, ${bind(totals.tax)}, ${bind(totals.total)},
             ${bind(taxBreakdown)}, ${bind(sale.refundOfSaleId)}, cita_fold(${bind(sale.search, '::text')}), ${bind(sale.paymentStatus)}, ${bind(sale.paid ?? 0)}, ${bind(sale.tip ?? 0)}, ${bind(lineCount, '::smallint')})
     RETURNING *`;
}

/**
 * The lines of a sale: what was asked (kind, item, name, rates) with the document's amounts, by
 * position, and the sale's local date (sold_on, from the `sale` CTE of insertSale's statement).
 */
function linesInsertSql(bind: Bind, saleId: string, lines: readonly NewLine[], document: ComputedDocument): string {
  const computed = document.lines;
  const columns = [
    bind(lines.map((_, i) => i), '::int[]'),
    bind(lines.map((line) => line.kind), '::text[]'),
    bind(lines.map((line) => line.itemId), '::uuid[]'),
    bind(lines.map((line) => line.name), '::text[]'),
    bind(computed.map((line) => String(line.quantity)), '::numeric[]'),
    bind(computed.map((line) => line.unitPrice), '::bigint[]'),
    bind(lines.map((line) => String(line.taxPercentage)), '::numeric[]'),
    bind(lines.map((line) => String(line.discountPercentage)), '::numeric[]'),
    bind(computed.map((line) => line.amount), '::bigint[]'),
    bind(computed.map((line) => line.discount), '::bigint[]'),
    bind(computed.map((line) => line.base), '::bigint[]'),
    bind(computed.map((line) => line.tax), '::bigint[]'),
    bind(computed.map((line) => line.total), '::bigint[]'),
    bind(lines.map((line) => line.stockMoved), '::boolean[]'),
    bind(lines.map((line) => line.refundOfPosition), '::int[]'),
  ];
  return `INSERT INTO sale_lines (tenant_id, sale_id, position, kind, item_id, name, quantity, unit_price, tax_percentage, discount_percentage,
                             amount, discount, base, tax, total, stock_moved, refund_of_position, sold_on)
     SELECT $1, ${bind(saleId, '::uuid')}, l.position, l.kind, l.item_id, l.name, l.quantity, l.unit_price, l.tax_percentage, l.discount_percentage,
            l.amount, l.discount, l.base, l.tax, l.total, l.stock_moved, l.refund_of_position, (SELECT sold_on FROM sale)
       FROM unnest(${columns.join(', ')})
            AS l(position, kind, item_id, name, quantity, unit_price, tax_percentage, discount_percentage, amount, discount, base, tax, total, stock_moved, refund_of_position)
     RETURNING *`;
}

/**
 * Writes a sale, its lines and the transactions taken with it in one statement (the foreign keys of
 * the lines and transactions are checked at its end, the sale there), and answers the sale as written.
 */
export async function insertSale(tx: Queryable, tenantId: string, sale: NewSale, lines: readonly NewLine[], transactions: readonly NewTransaction[] = []): Promise<LoadedSale> {
  const { values, bind } = parameters(tenantId);
  const taken = transactions.length > 0 ? `, taken AS (${transactionsInsertSql(bind, transactions)})` : '';
  const { rows } = await tx.query<Row & { lines_written: unknown }>(
    `WITH sale AS (${saleInsertSql(bind, sale, lines.length)}), written AS (${linesInsertSql(bind, sale.id, lines, sale.document)})${taken}
     SELECT sale.*, (SELECT json_agg(written ORDER BY written.position) FROM written) AS lines_written FROM sale`,
    values,
  );
  const { lines_written: written, ...row } = rows[0]!;
  return { row, lines: json<Row[] | null>(written) ?? [], refundIds: [] };
}

/** The sale's row, locked for a payment, a refund or a void. */
export async function lockSale(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  const { rows } = await tx.query('SELECT * FROM sales WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]);
  return rows[0];
}

/**
 * What the live refund sales of the sales $2 (uuid[]) of tenant $1 took back of each of their lines
 * (positive): quantity in thousandths, amount, discount and tax, per (sale_id, position).
 */
const REFUNDED_BY_LINE = `SELECT r.refund_of_sale_id AS sale_id, l.refund_of_position AS position, (-sum(l.quantity) * 1000)::bigint::text AS quantity,
         -sum(l.amount) AS amount, -sum(l.discount) AS discount, -sum(l.tax) AS tax
    FROM sale_lines l JOIN sales r ON r.tenant_id = l.tenant_id AND r.id = l.sale_id
   WHERE r.tenant_id = $1 AND r.refund_of_sale_id = ANY($2::uuid[]) AND r.lifecycle = '${LIVE}'
   GROUP BY r.refund_of_sale_id, l.refund_of_position`;

/** The lines of these sales, each with what later refunds took back of it (refunded_thousandths, refunded_amount, refunded_discount, refunded_tax). */
export async function saleLines(tx: Queryable, tenantId: string, saleIds: readonly string[]): Promise<Row[]> {
  if (saleIds.length === 0) return [];
  const { rows } = await tx.query(
    `SELECT s.*, coalesce(x.quantity, '0') AS refunded_thousandths, coalesce(x.amount, 0) AS refunded_amount, coalesce(x.discount, 0) AS refunded_discount, coalesce(x.tax, 0) AS refunded_tax
       FROM sale_lines s LEFT JOIN (${REFUNDED_BY_LINE}) x ON x.sale_id = s.sale_id AND x.position = s.position
      WHERE s.tenant_id = $1 AND s.sale_id = ANY($2::uuid[]) ORDER BY s.sale_id, s.position`,
    [tenantId, [...saleIds]],
  );
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
  /** Only this member's sales (MoneyScope). */
  visibleTo?: string;
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
  if (filter.visibleTo) add(memberSaleSql('s', '$?'), filter.visibleTo);
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

/** What earlier refund sales took back of each line of a sale (its saleLines rows): quantity in thousandths, amount, discount and tax (positive). */
export function refundedByLine(lines: readonly Row[]): Map<number, { quantity: bigint; amount: number; discount: number; tax: number }> {
  return new Map(
    lines
      .filter((line) => BigInt(line.refunded_thousandths as string) > 0n)
      .map((line) => [
        Number(line.position),
        { quantity: BigInt(line.refunded_thousandths as string), amount: Number(line.refunded_amount), discount: Number(line.refunded_discount), tax: Number(line.refunded_tax) },
      ]),
  );
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

function transactionsInsertSql(bind: Bind, list: readonly NewTransaction[]): string {
  const column = (key: keyof NewTransaction, cast: string) => bind(list.map((t) => t[key]), cast);
  const columns = [
    column('id', '::uuid[]'),
    column('saleId', '::uuid[]'),
    column('kind', '::text[]'),
    column('amount', '::bigint[]'),
    column('tipAmount', '::bigint[]'),
    column('tendered', '::bigint[]'),
    column('change', '::bigint[]'),
    column('currency', '::text[]'),
    column('paymentMethodId', '::uuid[]'),
    column('commissionPercentage', '::numeric[]'),
    column('commission', '::bigint[]'),
    column('status', '::text[]'),
    column('paidAt', '::timestamptz[]'),
    column('refundOfTransactionId', '::uuid[]'),
    column('refundSaleId', '::uuid[]'),
    column('notes', '::text[]'),
    column('userId', '::uuid[]'),
  ];
  return `INSERT INTO payment_transactions (tenant_id, id, sale_id, kind, amount, tip_amount, tendered, change_amount, currency, payment_method_id,
                                       commission_percentage, commission, status, paid_at, refund_of_transaction_id, refund_sale_id, notes, user_id)
     SELECT $1, t.* FROM unnest(${columns.join(', ')}) AS t`;
}

export async function insertTransaction(tx: Queryable, tenantId: string, t: NewTransaction): Promise<void> {
  const { values, bind } = parameters(tenantId);
  await tx.query(transactionsInsertSql(bind, [t]), values);
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
  /** Only the payments of this member's sales (MoneyScope). */
  visibleTo?: string;
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
  if (filter.visibleTo) add(`EXISTS (SELECT 1 FROM sales vs WHERE vs.tenant_id = pt.tenant_id AND vs.id = pt.sale_id AND ${memberSaleSql('vs', '$?')})`, filter.visibleTo);
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
