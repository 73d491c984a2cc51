import type { Queryable } from '../db/database.ts';

/**
 * The one revenue definition of Cita (issue 20, MONEY.md §6). Reports, statistics and the dashboard
 * read their money here and nowhere else, so that no screen disagrees with another:
 *
 * - **Net sales**: Σ total (tax included) of the non-voided sales, refund sales negative (they are
 *   stored negative), by the sale's local date (`sold_on`, the business's time zone). `netSalesBase`
 *   is its tax-excluded twin. A user scope credits `Sale.userId`.
 * - **Collected**: COMPLETED payments − COMPLETED refunds of money, by payment date (tips apart).
 * - **Outstanding**: Σ (what a sale still stands for − what it has collected) over the non-voided,
 *   non-refund sales not fully paid.
 * - **Invoiced**: issued invoices, credit notes negative, by issue date (the tax view; the business's
 *   figure only).
 * - **Unbilled done appointments**: done appointments with no live sale, at their booked price. Never
 *   revenue (nor are tips, deposits or Appointment.totalPrice).
 */

/** Whose figures: the business's (userId null) or one member's own sales and appointments. */
export interface FigureScope {
  tenantId: string;
  userId: string | null;
  timeZone: string;
  currency: string;
}

/** An inclusive range of local dates, YYYY-MM-DD. */
export interface DateRange {
  from: string;
  to: string;
}

/** Statement parameters: `add` returns the placeholder of a value. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Optional filters of the sales reports, combined with AND. */
export interface SaleFilters {
  userId?: string;
  serviceId?: string;
  inventoryItemId?: string;
  paymentMethodId?: string;
  operationType?: string;
  taxPercentage?: number;
}

export const COUNTED = `'SALE_LIFECYCLE_COMPLETED'`;

/**
 * The sale whose payments a sale of alias `alias` follows: its own, or for a refund sale its original's.
 * Written as CASE, not coalesce(): under row-level security PostgreSQL only lets a condition it deems
 * leakproof reach an index, and it takes coalesce() for leaky and CASE for not. With coalesce() every
 * row of a report joined payment_transactions by a sequential scan (73 s for a CSV page of 1,000 lines
 * in the bench's busy salon; 16 ms with the index).
 */
export const paidSaleId = (alias: string) => `CASE WHEN ${alias}.refund_of_sale_id IS NULL THEN ${alias}.id ELSE ${alias}.refund_of_sale_id END`;

/**
 * The WHERE of the sales that count for `scope` in `range` (alias `s`), with the report filters.
 * Voided sales never count; refund sales count negative through their own amounts. The line filters
 * (service, product, tax rate) keep the sales that have such a line, or, when the statement has joined
 * the sale's lines as `joinedLines`, the lines themselves.
 */
export function countedSalesWhere(params: Params, scope: FigureScope, range: DateRange, filters: SaleFilters = {}, joinedLines?: string): string {
  const where = [
    `s.tenant_id = ${params.add(scope.tenantId)}`,
    `s.lifecycle = ${COUNTED}`,
    `s.sold_on BETWEEN ${params.add(range.from)}::date AND ${params.add(range.to)}::date`,
  ];
  const userId = scope.userId ?? filters.userId;
  if (userId) where.push(`s.user_id = ${params.add(userId)}`);
  if (filters.operationType) where.push(`s.operation_type = ${params.add(filters.operationType)}`);
  const lineFilter = saleLineFilter(params, filters, joinedLines ?? 'l');
  if (lineFilter) where.push(joinedLines ? lineFilter : `EXISTS (SELECT 1 FROM sale_lines l WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id AND ${lineFilter})`);
  if (filters.paymentMethodId) {
    // A refund sale follows its original sale's payments.
    where.push(
      `EXISTS (SELECT 1 FROM payment_transactions p WHERE p.tenant_id = s.tenant_id AND p.sale_id = ${paidSaleId('s')}
                  AND p.payment_method_id = ${params.add(filters.paymentMethodId)} AND p.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED')`,
    );
  }
  return where.join(' AND ');
}

/**
 * FROM and WHERE of the lines (alias `l`) of the sales that count (alias `s`) in `range`, with the
 * report filters: the range's lines by their own date (a line carries its sale's sold_on), so the walk
 * reads a year of lines from sale_lines_sold_idx alone, not every line of the business's history
 * joined to the year's sales (migration 200).
 */
export function countedLinesFrom(params: Params, scope: FigureScope, range: DateRange, filters: SaleFilters = {}): string {
  return `sales s JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
            AND l.sold_on BETWEEN ${params.add(range.from)}::date AND ${params.add(range.to)}::date
     WHERE ${countedSalesWhere(params, scope, range, filters, 'l')}`;
}

/** Whether the filters keep only some lines of a sale (service, product, tax rate): saleLineFilter writes a condition. */
export const filtersLines = (filters: SaleFilters): boolean => saleLineFilter(new Params(), filters, 'l') !== '';

/** The line-level part of the filters (service, product, tax rate) on alias `alias`, or '' when none. */
export function saleLineFilter(params: Params, filters: SaleFilters, alias: string): string {
  const where: string[] = [];
  if (filters.serviceId) where.push(`${alias}.kind = 'SALE_LINE_KIND_SERVICE' AND ${alias}.item_id = ${params.add(filters.serviceId)}`);
  if (filters.inventoryItemId) where.push(`${alias}.kind = 'SALE_LINE_KIND_PRODUCT' AND ${alias}.item_id = ${params.add(filters.inventoryItemId)}`);
  if (filters.taxPercentage !== undefined) where.push(`${alias}.tax_percentage = ${params.add(filters.taxPercentage)}`);
  return where.join(' AND ');
}

/**
 * `column` (local wall times, timestamp) within the local dates `from`..`to` (placeholders), inclusive.
 * Compared as timestamps: `timestamp >= date` is not leakproof, so under row-level security it could
 * not reach an index and each figure read every appointment of the business.
 */
export const localTimesIn = (column: string, from: string, to: string) => `${column} >= ${from}::date::timestamp AND ${column} < (${to}::date + 1)::timestamp`;

/**
 * Instants (timestamptz) surely around the local dates `from`..`to` (placeholders), two days wider: a
 * local time is within a day of its instant (UTC−12…+14), even in a zone the business has left since.
 * Added beside the exact local-date condition, they let a walk of a (…, instant) index start and stop
 * inside the range instead of at the business's first row ever.
 */
export const instantsAround = {
  start: (from: string) => `(${from}::date - 2)::timestamp AT TIME ZONE 'UTC'`,
  end: (to: string) => `(${to}::date + 3)::timestamp AT TIME ZONE 'UTC'`,
};

/** The instants bounding a range of local dates in the business's time zone: [start, end). */
function instantBounds(params: Params, scope: FigureScope, range: DateRange): { start: string; end: string } {
  const zone = `${params.add(scope.timeZone)}::text`;
  return {
    start: `(${params.add(range.from)}::date::timestamp AT TIME ZONE ${zone})`,
    end: `((${params.add(range.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`,
  };
}

const int = (value: unknown): number => Number(value ?? 0);

export interface Amounts {
  count: number;
  amount: number;
}

/** Net sales of the range: total and base, and the number of (non-refund) sales. */
export async function netSales(tx: Queryable, scope: FigureScope, range: DateRange, filters: SaleFilters = {}): Promise<{ total: number; base: number; salesCount: number }> {
  const params = new Params();
  const { rows } = await tx.query<{ total: string; base: string; n: number }>(
    `SELECT coalesce(sum(s.total), 0) AS total, coalesce(sum(s.subtotal), 0) AS base,
            count(*) FILTER (WHERE s.refund_of_sale_id IS NULL)::int AS n
       FROM sales s WHERE ${countedSalesWhere(params, scope, range, filters)}`,
    params.values,
  );
  return { total: int(rows[0]?.total), base: int(rows[0]?.base), salesCount: rows[0]?.n ?? 0 };
}

/** Net sales per local date of the range (days without sales are absent). */
export async function netSalesByDay(tx: Queryable, scope: FigureScope, range: DateRange): Promise<Map<string, { total: number; salesCount: number }>> {
  const params = new Params();
  const { rows } = await tx.query<{ day: string; total: string; n: number }>(
    `SELECT s.sold_on::text AS day, sum(s.total) AS total, count(*) FILTER (WHERE s.refund_of_sale_id IS NULL)::int AS n
       FROM sales s WHERE ${countedSalesWhere(params, scope, range)} GROUP BY s.sold_on`,
    params.values,
  );
  return new Map(rows.map((row) => [row.day, { total: int(row.total), salesCount: row.n }]));
}

export interface CollectedByMethod {
  paymentMethodId: string;
  name: string;
  kind: string;
  /** Completed payments (count and amount, tips apart). */
  count: number;
  payments: number;
  /** Completed refunds of money. */
  refunds: number;
  commission: number;
}

/**
 * Collected in the range per payment method: completed payments and completed refunds of money, by
 * payment date in the business's time zone (tips apart), largest net first.
 */
export async function collectedByMethod(tx: Queryable, scope: FigureScope, range: DateRange): Promise<CollectedByMethod[]> {
  const params = new Params();
  const tenant = params.add(scope.tenantId);
  const { start, end } = instantBounds(params, scope, range);
  const member = scope.userId ? `AND EXISTS (SELECT 1 FROM sales s WHERE s.tenant_id = p.tenant_id AND s.id = p.sale_id AND s.user_id = ${params.add(scope.userId)})` : '';
  const { rows } = await tx.query<{ id: string; name: string; kind: string; n: number; payments: string; refunds: string; commission: string }>(
    `SELECT m.id, m.name, m.kind, t.n, t.payments, t.refunds, t.commission
       FROM (SELECT p.payment_method_id,
                    count(*) FILTER (WHERE p.kind = 'PAYMENT_TRANSACTION_KIND_PAYMENT')::int AS n,
                    coalesce(sum(p.amount) FILTER (WHERE p.kind = 'PAYMENT_TRANSACTION_KIND_PAYMENT'), 0) AS payments,
                    coalesce(sum(p.amount) FILTER (WHERE p.kind = 'PAYMENT_TRANSACTION_KIND_REFUND'), 0) AS refunds,
                    coalesce(sum(p.commission), 0) AS commission
               FROM payment_transactions p
              WHERE p.tenant_id = ${tenant} AND p.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED'
                AND coalesce(p.paid_at, p.created_at) >= ${start} AND coalesce(p.paid_at, p.created_at) < ${end} ${member}
              GROUP BY p.payment_method_id) t
       JOIN payment_methods m ON m.tenant_id = ${tenant} AND m.id = t.payment_method_id
      ORDER BY t.payments - t.refunds DESC, m.name LIMIT 100`,
    params.values,
  );
  return rows.map((row) => ({
    paymentMethodId: row.id,
    name: row.name,
    kind: row.kind,
    count: row.n,
    payments: int(row.payments),
    refunds: int(row.refunds),
    commission: int(row.commission),
  }));
}

/** Collected: Σ per method of payments − refunds. */
export const collectedOf = (methods: readonly CollectedByMethod[]): number => methods.reduce((sum, m) => sum + m.payments - m.refunds, 0);


/**
 * Outstanding: the non-voided, non-refund sales not fully paid (of the range, or of any date when
 * `range` is null) and what is left to collect: (total − refunded lines) − (paid − refunded money).
 */
export async function outstanding(tx: Queryable, scope: FigureScope, range: DateRange | null): Promise<Amounts> {
  const params = new Params();
  const where = [`s.tenant_id = ${params.add(scope.tenantId)}`, `s.lifecycle = ${COUNTED}`, 's.refund_of_sale_id IS NULL'];
  if (range) where.push(`s.sold_on BETWEEN ${params.add(range.from)}::date AND ${params.add(range.to)}::date`);
  if (scope.userId) where.push(`s.user_id = ${params.add(scope.userId)}`);
  const { rows } = await tx.query<{ n: number; amount: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(d.due), 0) AS amount
       FROM (SELECT (s.total - s.refunded_lines) - (s.paid - s.refunded) AS due FROM sales s WHERE ${where.join(' AND ')}) d
      WHERE d.due > 0`,
    params.values,
  );
  return { count: rows[0]?.n ?? 0, amount: int(rows[0]?.amount) };
}

/** Invoiced: issued invoices by issue date, credit notes negative (their own amounts), tax included, before withholding. */
export async function invoiced(tx: Queryable, scope: FigureScope, range: DateRange): Promise<number> {
  // Invoices are the business's documents: a member's own figures have none.
  if (scope.userId) return 0;
  const { rows } = await tx.query<{ amount: string }>(
    `SELECT coalesce(sum(coalesce((computed->'totals'->>'totalBeforeWithholding')::bigint, total)), 0) AS amount
       FROM invoices WHERE tenant_id = $1 AND status = 'INVOICE_STATUS_ISSUED' AND issue_date BETWEEN $2::date AND $3::date`,
    [scope.tenantId, range.from, range.to],
  );
  return int(rows[0]?.amount);
}

/** Done appointments of the range (by local start date) with no live sale, at their booked price. */
export async function unbilledDoneAppointments(tx: Queryable, scope: FigureScope, range: DateRange): Promise<Amounts> {
  const params = new Params();
  const where = [
    `a.tenant_id = ${params.add(scope.tenantId)}`,
    `a.status = 'APPOINTMENT_STATUS_DONE'`,
    localTimesIn('a.start_local', params.add(range.from), params.add(range.to)),
    `NOT EXISTS (SELECT 1 FROM sales s WHERE s.tenant_id = a.tenant_id AND s.appointment_id = a.id
                    AND s.refund_of_sale_id IS NULL AND s.lifecycle = ${COUNTED})`,
  ];
  if (scope.userId) where.push(`a.user_id = ${params.add(scope.userId)}`);
  const { rows } = await tx.query<{ n: number; amount: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(a.total_amount), 0) AS amount FROM appointments a WHERE ${where.join(' AND ')}`,
    params.values,
  );
  return { count: rows[0]?.n ?? 0, amount: int(rows[0]?.amount) };
}

/** net ÷ count, rounded half away from zero (0 without sales). */
export const averageTicket = (total: number, count: number): number => (count === 0 ? 0 : Math.sign(total) * Math.round(Math.abs(total) / count));
