import type { SalesSummaryReport, SalesSummaryRow } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { periodSql, periodsOf, type Grouping } from './periods.ts';
import {
  averageTicket,
  collectedByMethod,
  collectedOf,
  countedSalesWhere,
  invoiced,
  outstanding,
  Params,
  saleLineFilter,
  unbilledDoneAppointments,
  type DateRange,
  type FigureScope,
  type SaleFilters,
} from './revenue.ts';

interface Aggregate {
  salesCount: number;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  appointmentSalesCount: number;
  productSalesCount: number;
  refunds: number;
  refundsCount: number;
  tips: number;
}

const ZERO: Aggregate = { salesCount: 0, subtotal: 0, discount: 0, tax: 0, total: 0, appointmentSalesCount: 0, productSalesCount: 0, refunds: 0, refundsCount: 0, tips: 0 };
const n = (value: unknown) => Number(value ?? 0);

/** The per-sale aggregates of the summary rows (one statement; refunds negative through their amounts). */
export const SUMMARY_AGGREGATES = `count(*) FILTER (WHERE s.refund_of_sale_id IS NULL)::int AS sales_count,
       coalesce(sum(s.subtotal), 0) AS subtotal, coalesce(sum(s.discount), 0) AS discount,
       coalesce(sum(s.tax), 0) AS tax, coalesce(sum(s.total), 0) AS total,
       count(*) FILTER (WHERE s.refund_of_sale_id IS NULL AND s.operation_type = 'OPERATION_TYPE_APPOINTMENT_SALE')::int AS appointment_sales,
       count(*) FILTER (WHERE s.refund_of_sale_id IS NULL AND s.operation_type = 'OPERATION_TYPE_PRODUCT_SALE')::int AS product_sales,
       coalesce(-sum(s.total) FILTER (WHERE s.refund_of_sale_id IS NOT NULL), 0) AS refunds,
       count(*) FILTER (WHERE s.refund_of_sale_id IS NOT NULL)::int AS refunds_count,
       coalesce(sum(s.tip), 0) AS tips`;

const aggregateOf = (row: Record<string, unknown>): Aggregate => ({
  salesCount: n(row.sales_count),
  subtotal: n(row.subtotal),
  discount: n(row.discount),
  tax: n(row.tax),
  total: n(row.total),
  appointmentSalesCount: n(row.appointment_sales),
  productSalesCount: n(row.product_sales),
  refunds: n(row.refunds),
  refundsCount: n(row.refunds_count),
  tips: n(row.tips),
});

function add(a: Aggregate, b: Aggregate): Aggregate {
  const out = { ...a };
  for (const key of Object.keys(ZERO) as Array<keyof Aggregate>) out[key] += b[key];
  return out;
}

function rowOf(periodStart: string, periodEnd: string, a: Aggregate, currency: string): SalesSummaryRow {
  const money = (amount: number) => ({ amount, currency });
  return {
    periodStart,
    periodEnd,
    salesCount: a.salesCount,
    subtotal: money(a.subtotal),
    discount: money(a.discount),
    tax: money(a.tax),
    total: money(a.total),
    appointmentSalesCount: a.appointmentSalesCount,
    productSalesCount: a.productSalesCount,
    averageTicket: money(averageTicket(a.total, a.salesCount)),
    refunds: money(a.refunds),
    refundsCount: a.refundsCount,
    tips: money(a.tips),
  };
}

/** The SQL of the summary's per-period rows (also the bench's "bare SQL" comparison reads it). */
export function summaryRowsQuery(scope: FigureScope, range: DateRange, grouping: Grouping, filters: SaleFilters): { text: string; values: unknown[] } {
  const params = new Params();
  const where = countedSalesWhere(params, scope, range, filters);
  const period = periodSql(grouping, 's.sold_on');
  return { text: `SELECT ${period}::text AS period, ${SUMMARY_AGGREGATES} FROM sales s WHERE ${where} GROUP BY 1`, values: params.values };
}

/** The sales summary report (issue 20): per period with zeros, totals, and every breakdown. */
export async function salesSummary(
  tx: Queryable,
  scope: FigureScope,
  range: DateRange,
  grouping: Grouping,
  filters: SaleFilters,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<SalesSummaryReport> {
  const money = (amount: number) => ({ amount, currency: scope.currency });
  const query = summaryRowsQuery(scope, range, grouping, filters);
  const byPeriod = new Map((await tx.query<Record<string, unknown>>(query.text, query.values)).rows.map((row) => [String(row.period), aggregateOf(row)]));
  let totals = ZERO;
  const rows = periodsOf(range, grouping).map((period) => {
    const aggregate = byPeriod.get(period.key) ?? ZERO;
    totals = add(totals, aggregate);
    return rowOf(period.periodStart, period.periodEnd, aggregate, scope.currency);
  });

  // Per tax rate: the sales' own breakdowns (what their invoices show, rounded once per rate).
  const taxParams = new Params();
  const taxWhere = countedSalesWhere(taxParams, scope, range, filters);
  const byTaxRate = (
    await tx.query<{ rate: string; base: string; tax: string }>(
      `SELECT (e->>'taxPercentage')::numeric AS rate, sum((e->>'base')::bigint) AS base, sum((e->>'tax')::bigint) AS tax
         FROM sales s CROSS JOIN LATERAL jsonb_array_elements(s.tax_breakdown) e WHERE ${taxWhere} GROUP BY 1 ORDER BY 1`,
      taxParams.values,
    )
  ).rows.map((row) => ({ taxPercentage: Number(row.rate), base: money(n(row.base)), tax: money(n(row.tax)), total: money(n(row.base) + n(row.tax)) }));

  const userParams = new Params();
  const userWhere = countedSalesWhere(userParams, scope, range, filters);
  const byUser = (
    await tx.query<{ user_id: string; n: number; total: string }>(
      `SELECT s.user_id, count(*) FILTER (WHERE s.refund_of_sale_id IS NULL)::int AS n, sum(s.total) AS total
         FROM sales s WHERE ${userWhere} GROUP BY s.user_id ORDER BY 3 DESC, 1 LIMIT 200`,
      userParams.values,
    )
  ).rows.map((row) => {
    const name = names.get(row.user_id);
    return { userId: row.user_id, ...(name ? { name } : {}), salesCount: row.n, total: money(n(row.total)) };
  });

  const itemParams = new Params();
  const itemWhere = countedSalesWhere(itemParams, scope, range, filters);
  const lineOnly = saleLineFilter(itemParams, filters, 'l');
  const byItem = (
    await tx.query<{ kind: string; item_id: string | null; name: string; quantity: string; base: string; total: string }>(
      `SELECT l.kind, l.item_id, min(l.name) AS name, sum(l.quantity) AS quantity, sum(l.base) AS base, sum(l.total) AS total
         FROM sales s JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
        WHERE ${itemWhere}${lineOnly ? ` AND ${lineOnly}` : ''}
        GROUP BY l.kind, l.item_id, CASE WHEN l.item_id IS NULL THEN l.name END
        ORDER BY sum(l.total) DESC, min(l.name) LIMIT 50`,
      itemParams.values,
    )
  ).rows.map((row) => ({
    lineKind: row.kind as 'SALE_LINE_KIND_SERVICE',
    ...(row.item_id ? { itemId: row.item_id } : {}),
    itemName: row.name,
    quantity: Number(row.quantity),
    base: money(n(row.base)),
    total: money(n(row.total)),
  }));

  const methods = await collectedByMethod(tx, scope, range);
  const byPaymentMethod = methods.map((m) => ({
    paymentMethodId: m.paymentMethodId,
    name: m.name,
    kind: m.kind as SalesSummaryReport['byPaymentMethod'][number]['kind'],
    count: m.count,
    amount: money(m.payments - m.refunds),
    refunds: money(m.refunds),
    commission: money(m.commission),
  }));

  return {
    startDate: range.from,
    endDate: range.to,
    groupBy: grouping,
    currency: scope.currency,
    rows,
    totals: rowOf(range.from, range.to, totals, scope.currency),
    byPaymentMethod,
    byTaxRate,
    byUser,
    byItem,
    revenue: {
      netSales: money(totals.total),
      netSalesBase: money(totals.subtotal),
      collected: money(collectedOf(methods)),
      outstanding: amounts(await outstanding(tx, scope, range), scope.currency),
      invoiced: money(await invoiced(tx, scope, range)),
      unbilledDoneAppointments: amounts(await unbilledDoneAppointments(tx, scope, range), scope.currency),
    },
    scope: scope.userId ? 'REPORT_SCOPE_USER' : 'REPORT_SCOPE_TENANT',
  };
}

export const amounts = (value: { count: number; amount: number }, currency: string) => ({ count: value.count, amount: { amount: value.amount, currency } });

