import type { SalesSummaryReport, SalesSummaryRow } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { periodSql, periodsOf, type Grouping } from './periods.ts';
import {
  averageTicket,
  collectedByMethod,
  collectedOf,
  countedLinesFrom,
  countedSalesWhere,
  invoiced,
  outstanding,
  Params,
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
const SUMMARY_AGGREGATES = `count(*) FILTER (WHERE s.refund_of_sale_id IS NULL)::int AS sales_count,
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

  // The range's sales once, grouped two ways (per period, per member): one walk instead of two.
  const saleParams = new Params();
  const period = periodSql(grouping, 's.sold_on');
  const saleRows = (
    await tx.query<Record<string, unknown> & { by_user: boolean; period: string | null; user_id: string | null }>(
      `SELECT GROUPING(s.user_id) = 0 AS by_user, ${period}::text AS period, s.user_id, ${SUMMARY_AGGREGATES}
         FROM sales s WHERE ${countedSalesWhere(saleParams, scope, range, filters)}
        GROUP BY GROUPING SETS ((${period}), (s.user_id))`,
      saleParams.values,
    )
  ).rows;
  const byPeriod = new Map(saleRows.filter((row) => !row.by_user).map((row) => [String(row.period), aggregateOf(row)]));
  let totals = ZERO;
  const rows = periodsOf(range, grouping).map((period) => {
    const aggregate = byPeriod.get(period.key) ?? ZERO;
    totals = add(totals, aggregate);
    return rowOf(period.periodStart, period.periodEnd, aggregate, scope.currency);
  });
  const byUser = saleRows
    .filter((row) => row.by_user)
    .map((row) => ({ userId: String(row.user_id), salesCount: n(row.sales_count), total: n(row.total) }))
    .sort((a, b) => b.total - a.total || (a.userId < b.userId ? -1 : 1))
    .slice(0, 200)
    .map((row) => {
      const name = names.get(row.userId);
      return { userId: row.userId, ...(name ? { name } : {}), salesCount: row.salesCount, total: money(row.total) };
    });

  // The range's lines once (read from their date index), grouped per item and per tax rate. Per rate,
  // the lines' bases and taxes add up to the sales' breakdowns, which their invoices show: each rate's
  // tax is rounded once per sale and shared among its lines (computeDocument).
  const lineParams = new Params();
  const lineRows = (
    await tx.query<{ by_rate: boolean; kind: string; item_id: string | null; name: string; quantity: string; base: string; tax: string; total: string; rate: string }>(
      `SELECT GROUPING(l.tax_percentage) = 0 AS by_rate, l.kind, l.item_id, min(l.name) AS name, sum(l.quantity) AS quantity,
              sum(l.base) AS base, sum(l.tax) AS tax, sum(l.total) AS total, l.tax_percentage AS rate
         FROM ${countedLinesFrom(lineParams, scope, range, filters)}
        GROUP BY GROUPING SETS ((l.kind, l.item_id, CASE WHEN l.item_id IS NULL THEN l.name END), (l.tax_percentage))`,
      lineParams.values,
    )
  ).rows;
  const byTaxRate = lineRows
    .filter((row) => row.by_rate)
    .map((row) => ({ taxPercentage: Number(row.rate), base: n(row.base), tax: n(row.tax) }))
    .sort((a, b) => a.taxPercentage - b.taxPercentage)
    .map((row) => ({ taxPercentage: row.taxPercentage, base: money(row.base), tax: money(row.tax), total: money(row.base + row.tax) }));
  const byItem = lineRows
    .filter((row) => !row.by_rate)
    .sort((a, b) => n(b.total) - n(a.total) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 50)
    .map((row) => ({
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

