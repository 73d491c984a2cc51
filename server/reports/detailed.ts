import type { SalesDetailedReport, SalesDetailedRow } from '../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import { CSV_BOM, csvDecimal, csvLine, type CsvDialect } from '../kit/csv.ts';
import { iso } from '../kit/rows.ts';
import { formatScaled, currencyExponent } from '../../common/money/index.ts';
import { unprocessable } from '../problem.ts';
import { periodSql, type Grouping } from './periods.ts';
import { countedLinesFrom, countedSalesWhere, filtersLines, instantsAround, paidSaleId, Params, saleLineFilter, type DateRange, type FigureScope, type SaleFilters } from './revenue.ts';

/** A keyset position: after this line (sale time, sale id, line position). */
export interface LineCursor {
  soldAt: string;
  saleId: string;
  position: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (cursor: LineCursor): string => Buffer.from(JSON.stringify([cursor.soldAt, cursor.saleId, cursor.position])).toString('base64url');

/** The `after` parameter read back; anything that is not one of ours is a 422 naming it. */
export function decodeCursor(text: string, field = 'after'): LineCursor {
  try {
    const [soldAt, saleId, position] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (typeof soldAt === 'string' && !Number.isNaN(Date.parse(soldAt)) && typeof saleId === 'string' && UUID.test(saleId) && Number.isInteger(position)) {
      return { soldAt, saleId, position: position as number };
    }
  } catch {
    // Falls through to the 422.
  }
  throw unprocessable(field, 'invalid_cursor', 'This page cursor is not valid; start again from the first page.');
}

interface LineRow {
  sale_id: string;
  sold_at: unknown;
  sold_on: string;
  period: string;
  operation_type: string;
  appointment_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  user_id: string;
  position: number;
  kind: string;
  item_id: string | null;
  name: string;
  quantity: string;
  unit_price: string;
  tax_percentage: string;
  base: string;
  discount: string;
  tax: string;
  total: string;
  method_ids: string[] | string | null;
  method_names: string | null;
}

/** One page of lines after `cursor`, chronological (sale time, sale, position), with what a row and the CSV need. */
async function linePage(tx: Queryable, scope: FigureScope, range: DateRange, grouping: Grouping, filters: SaleFilters, cursor: LineCursor | null, limit: number): Promise<LineRow[]> {
  const params = new Params();
  const where = [countedSalesWhere(params, scope, range, filters)];
  // The walk in (tenant, sold_at, id) order starts and stops inside the range (sold_on is the local
  // date of sold_at); the cursor bounds the start of a later page (a second lower bound there led the
  // planner away from that index).
  where.push(`s.sold_at < ${instantsAround.end(params.add(range.to))}`);
  if (!cursor) where.push(`s.sold_at >= ${instantsAround.start(params.add(range.from))}`);
  let after = '';
  if (cursor) {
    const soldAt = params.add(cursor.soldAt);
    const saleId = params.add(cursor.saleId);
    where.push(`(s.sold_at, s.id) >= (${soldAt}::timestamptz, ${saleId}::uuid)`);
    after = `AND (s.sold_at, s.id, l.position) > (${soldAt}::timestamptz, ${saleId}::uuid, ${params.add(cursor.position)}::int)`;
  }
  const lines = saleLineFilter(params, filters, 'l');
  // The page's sales first, in keyset order and no more than the page can need: each has a line of
  // the filter (countedSalesWhere), so `limit` sales after the cursor's own (whose lines may all be
  // behind the cursor) give `limit` lines. Then their lines and payment methods.
  const { rows } = await tx.query<LineRow>(
    `WITH page AS MATERIALIZED (
       SELECT s.tenant_id, s.id, s.sold_at, s.sold_on, s.operation_type, s.appointment_id, s.customer_id, s.customer_name, s.user_id, s.refund_of_sale_id
         FROM sales s WHERE ${where.join(' AND ')} ORDER BY s.sold_at, s.id LIMIT ${params.add(limit + 1)})
     SELECT s.id AS sale_id, s.sold_at, s.sold_on::text AS sold_on, ${periodSql(grouping, 's.sold_on')}::text AS period, s.operation_type,
            s.appointment_id, s.customer_id, s.customer_name, s.user_id,
            l.position, l.kind, l.item_id, l.name, l.quantity::text AS quantity, l.unit_price, l.tax_percentage::text AS tax_percentage,
            l.base, l.discount, l.tax, l.total, pm.ids AS method_ids, pm.names AS method_names
       FROM page s
       JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id ${lines ? `AND ${lines}` : ''} ${after}
       LEFT JOIN LATERAL (
         SELECT array_agg(DISTINCT p.payment_method_id) AS ids, string_agg(DISTINCT m.name, ' + ') AS names
           FROM payment_transactions p JOIN payment_methods m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
          WHERE p.tenant_id = s.tenant_id AND p.sale_id = ${paidSaleId('s')}
            AND p.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED' AND p.kind = 'PAYMENT_TRANSACTION_KIND_PAYMENT') pm ON true
      ORDER BY s.sold_at, s.id, l.position
      LIMIT ${params.add(limit)}`,
    params.values,
  );
  return rows;
}

const arrayOf = (value: string[] | string | null): string[] =>
  value === null ? [] : Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean);

function rowOf(row: LineRow, currency: string): SalesDetailedRow {
  const money = (amount: unknown) => ({ amount: Number(amount), currency });
  return {
    saleId: row.sale_id,
    soldAt: iso(row.sold_at),
    periodStart: row.period,
    operationType: row.operation_type as SalesDetailedRow['operationType'],
    referenceId: row.appointment_id,
    ...(row.customer_id ? { customerId: row.customer_id } : {}),
    ...(row.customer_name ? { customerName: row.customer_name } : {}),
    userId: row.user_id,
    lineKind: row.kind as SalesDetailedRow['lineKind'],
    ...(row.item_id ? { itemId: row.item_id } : {}),
    itemName: row.name,
    quantity: Number(row.quantity),
    unitPrice: money(row.unit_price),
    subtotal: money(row.base),
    discount: money(row.discount),
    taxPercentage: Number(row.tax_percentage),
    tax: money(row.tax),
    total: money(row.total),
    paymentMethodIds: arrayOf(row.method_ids).slice(0, 10),
  };
}

const cursorOf = (row: LineRow): LineCursor => ({ soldAt: iso(row.sold_at), saleId: row.sale_id, position: row.position });

/**
 * What the first page adds: the number of lines of the filter, per-period and grand totals over them.
 * An aggregation over the whole range (like the summary's), so only the first page pays for it; a
 * later page is the keyset walk alone, as cheap at the end of a year as at its start.
 */
async function rangeTotals(tx: Queryable, scope: FigureScope, range: DateRange, grouping: Grouping, filters: SaleFilters): Promise<Pick<SalesDetailedReport, 'total' | 'groups' | 'totals'>> {
  const params = new Params();
  // Each sale's lines first (count and sums), then the sales per period. A sale's amounts are the sums
  // of its lines' (computeDocument shares them) and it keeps its number of lines, so without a line
  // filter the sales alone answer (a year: 27,000 sales instead of 53,000 lines joined to them); a
  // line filter (service, product, tax rate) sums the lines it keeps.
  const perSale = filtersLines(filters)
    ? `SELECT s.sold_on, s.refund_of_sale_id, count(*) AS lines, sum(l.base) AS base, sum(l.discount) AS discount, sum(l.tax) AS tax, sum(l.total) AS total
         FROM ${countedLinesFrom(params, scope, range, filters)} GROUP BY s.tenant_id, s.id`
    : `SELECT s.sold_on, s.refund_of_sale_id, s.line_count AS lines, s.subtotal AS base, s.discount, s.tax, s.total
         FROM sales s WHERE ${countedSalesWhere(params, scope, range, filters)}`;
  const groupRows = (
    await tx.query<{ period: string; n: number; lines: number; base: string; discount: string; tax: string; total: string }>(
      `SELECT ${periodSql(grouping, 'x.sold_on')}::text AS period, (count(*) FILTER (WHERE x.refund_of_sale_id IS NULL))::int AS n,
              sum(x.lines)::int AS lines, sum(x.base) AS base, sum(x.discount) AS discount, sum(x.tax) AS tax, sum(x.total) AS total
         FROM (${perSale}) x
        GROUP BY 1 ORDER BY 1`,
      params.values,
    )
  ).rows;
  const money = (amount: number) => ({ amount, currency: scope.currency });
  const clip = (start: string, end: string) => ({ periodStart: start < range.from ? range.from : start, periodEnd: end > range.to ? range.to : end });
  const periodEnd = (start: string) => {
    const date = new Date(`${start}T00:00:00Z`);
    if (grouping === 'REPORT_GROUPING_WEEK') date.setUTCDate(date.getUTCDate() + 6);
    else if (grouping === 'REPORT_GROUPING_MONTH') date.setUTCMonth(date.getUTCMonth() + 1, 0);
    return date.toISOString().slice(0, 10);
  };
  const totals = { n: 0, lines: 0, base: 0, discount: 0, tax: 0, total: 0 };
  const groups = groupRows.map((group) => {
    const figures = { n: group.n, lines: group.lines, base: Number(group.base), discount: Number(group.discount), tax: Number(group.tax), total: Number(group.total) };
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += figures[key];
    return {
      ...clip(group.period, periodEnd(group.period)),
      salesCount: figures.n,
      subtotal: money(figures.base),
      discount: money(figures.discount),
      tax: money(figures.tax),
      total: money(figures.total),
    };
  });
  return {
    total: totals.lines,
    groups,
    totals: {
      periodStart: range.from,
      periodEnd: range.to,
      salesCount: totals.n,
      subtotal: money(totals.base),
      discount: money(totals.discount),
      tax: money(totals.tax),
      total: money(totals.total),
    },
  };
}

/** The detailed report: a keyset page of lines; the first page (no `after`) also has the range's line count and totals. */
export async function salesDetailed(
  tx: Queryable,
  scope: FigureScope,
  range: DateRange,
  grouping: Grouping,
  filters: SaleFilters,
  after: LineCursor | null,
  limit: number,
): Promise<SalesDetailedReport> {
  const page = await linePage(tx, scope, range, grouping, filters, after, limit + 1);
  const more = page.length > limit;
  const rows = page.slice(0, limit);

  const last = rows.at(-1);
  return {
    startDate: range.from,
    endDate: range.to,
    groupBy: grouping,
    currency: scope.currency,
    rows: rows.map((row) => rowOf(row, scope.currency)),
    ...(after ? {} : await rangeTotals(tx, scope, range, grouping, filters)),
    ...(more && last ? { nextCursor: encodeCursor(cursorOf(last)) } : {}),
    scope: scope.userId ? 'REPORT_SCOPE_USER' : 'REPORT_SCOPE_TENANT',
  };
}

const HEADERS: Record<'en-US' | 'es-ES', { sales: string[]; operation: Record<string, string>; kind: Record<string, string> }> = {
  'en-US': {
    sales: ['Date', 'Time', 'Sale', 'Type', 'Member', 'Customer', 'Kind', 'Item', 'Quantity', 'Unit price', 'Tax rate (%)', 'Base', 'Discount', 'Tax', 'Total', 'Payment methods', 'Currency'],
    operation: { OPERATION_TYPE_APPOINTMENT_SALE: 'Appointment', OPERATION_TYPE_PRODUCT_SALE: 'Counter sale' },
    kind: { SALE_LINE_KIND_SERVICE: 'Service', SALE_LINE_KIND_PRODUCT: 'Product' },
  },
  'es-ES': {
    sales: ['Fecha', 'Hora', 'Venta', 'Tipo', 'Profesional', 'Cliente', 'Clase', 'Concepto', 'Cantidad', 'Precio unitario', 'Tipo de IVA (%)', 'Base', 'Descuento', 'Impuesto', 'Total', 'Formas de pago', 'Moneda'],
    operation: { OPERATION_TYPE_APPOINTMENT_SALE: 'Cita', OPERATION_TYPE_PRODUCT_SALE: 'Venta de mostrador' },
    kind: { SALE_LINE_KIND_SERVICE: 'Servicio', SALE_LINE_KIND_PRODUCT: 'Producto' },
  },
};

/** Lines per statement of a streamed CSV: memory stays constant whatever the range. */
export const CSV_PAGE = 1000;

/**
 * The detailed report as CSV text chunks, one keyset page per short transaction (the database is
 * never held for the whole file), first the byte-order mark and the header.
 */
export async function* salesDetailedCsv(
  db: Database,
  scope: FigureScope,
  range: DateRange,
  filters: SaleFilters,
  locale: 'en-US' | 'es-ES',
  dialect: CsvDialect,
  names: ReadonlyMap<string, string>,
): AsyncGenerator<string> {
  const words = HEADERS[locale];
  const scale = currencyExponent(scope.currency) ?? 2;
  const amount = (value: unknown) => csvDecimal(formatScaled(Number(value), scale), dialect);
  const decimal = (value: string) => csvDecimal(String(Number(value)), dialect);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: scope.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  yield CSV_BOM + csvLine(words.sales, dialect.delimiter);
  let cursor: LineCursor | null = null;
  for (;;) {
    const after: LineCursor | null = cursor;
    const page = await db.withTenant(scope.tenantId, (tx) => linePage(tx, scope, range, 'REPORT_GROUPING_DAY', filters, after, CSV_PAGE));
    if (page.length === 0) return;
    let chunk = '';
    for (const row of page) {
      chunk += csvLine(
        [
          row.sold_on,
          time.format(new Date(iso(row.sold_at))),
          row.sale_id,
          words.operation[row.operation_type] ?? row.operation_type,
          names.get(row.user_id) ?? '',
          row.customer_name ?? '',
          words.kind[row.kind] ?? row.kind,
          row.name,
          decimal(row.quantity),
          amount(row.unit_price),
          decimal(row.tax_percentage),
          amount(row.base),
          amount(row.discount),
          amount(row.tax),
          amount(row.total),
          row.method_names ?? '',
          scope.currency,
        ],
        dialect.delimiter,
      );
    }
    yield chunk;
    if (page.length < CSV_PAGE) return;
    cursor = cursorOf(page.at(-1)!);
  }
}
