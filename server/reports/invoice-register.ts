import type { Database } from '../db/database.ts';
import { CSV_BOM, csvDecimal, csvLine, type CsvDialect } from '../kit/csv.ts';
import { json } from '../kit/rows.ts';
import { currencyExponent, formatScaled } from '../../common/money/index.ts';
import type { DateRange, FigureScope } from './revenue.ts';

const HEADERS = {
  'en-US': {
    columns: ['Series', 'Number', 'Issue date', 'Operation date', 'Kind', 'Status', 'Customer', 'Customer tax ID', 'Tax rate (%)', 'Base', 'Tax', 'Withholding', 'Invoice total', 'Currency'],
    kind: { INVOICE_KIND_STANDARD: 'Invoice', INVOICE_KIND_SIMPLIFIED: 'Simplified invoice', INVOICE_KIND_CREDIT_NOTE: 'Credit note' } as Record<string, string>,
    status: { INVOICE_STATUS_ISSUED: 'Issued', INVOICE_STATUS_VOIDED: 'Voided' } as Record<string, string>,
  },
  'es-ES': {
    columns: ['Serie', 'Número', 'Fecha de expedición', 'Fecha de operación', 'Tipo', 'Estado', 'Cliente', 'NIF del cliente', 'Tipo de IVA (%)', 'Base imponible', 'Cuota', 'Retención', 'Total factura', 'Moneda'],
    kind: { INVOICE_KIND_STANDARD: 'Factura', INVOICE_KIND_SIMPLIFIED: 'Factura simplificada', INVOICE_KIND_CREDIT_NOTE: 'Factura rectificativa' } as Record<string, string>,
    status: { INVOICE_STATUS_ISSUED: 'Emitida', INVOICE_STATUS_VOIDED: 'Anulada' } as Record<string, string>,
  },
};

interface RegisterRow {
  series: string;
  number: number;
  issue_date: string;
  operation_date: string | null;
  kind: string;
  status: string;
  customer: unknown;
  computed: unknown;
  currency: string;
}

const PAGE = 500;

/**
 * The register of issued invoices (libro registro de facturas expedidas) of a range of issue dates,
 * in number order per series: one row per invoice and tax rate (an invoice's breakdown), voided ones
 * marked. Streamed like the sales CSV: one keyset page per short transaction.
 */
export async function* invoiceRegisterCsv(db: Database, scope: FigureScope, range: DateRange, locale: 'en-US' | 'es-ES', dialect: CsvDialect): AsyncGenerator<string> {
  const words = HEADERS[locale];
  yield CSV_BOM + csvLine(words.columns, dialect.delimiter);
  let after: { series: string; number: number } | null = null;
  for (;;) {
    const position: { series: string; number: number } | null = after;
    const rows: RegisterRow[] = await db.withTenant(scope.tenantId, async (tx): Promise<RegisterRow[]> =>
      (
        await tx.query<RegisterRow>(
          `SELECT series, number, issue_date::text AS issue_date, operation_date::text AS operation_date, kind, status, customer, computed, currency
             FROM invoices
            WHERE tenant_id = $1 AND number IS NOT NULL AND issue_date BETWEEN $2::date AND $3::date
              ${position ? 'AND (series, number) > ($5, $6::int)' : ''}
            ORDER BY series, number LIMIT $4`,
          position ? [scope.tenantId, range.from, range.to, PAGE, position.series, position.number] : [scope.tenantId, range.from, range.to, PAGE],
        )
      ).rows,
    );
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const scale = currencyExponent(row.currency) ?? 2;
      const amount = (value: number) => csvDecimal(formatScaled(value, scale), dialect);
      const customer = json<{ name?: string; taxId?: string } | null>(row.customer) ?? {};
      const computed = json<{ breakdown: Array<{ taxPercentage: number; base: number; tax: number }>; totals: { withholding: number; total: number } }>(row.computed);
      const breakdown = computed.breakdown.length > 0 ? computed.breakdown : [{ taxPercentage: 0, base: 0, tax: 0 }];
      breakdown.forEach((rate, index) => {
        chunk += csvLine(
          [
            row.series,
            row.number,
            row.issue_date,
            row.operation_date ?? row.issue_date,
            words.kind[row.kind] ?? row.kind,
            words.status[row.status] ?? row.status,
            customer.name ?? '',
            customer.taxId ?? '',
            csvDecimal(String(rate.taxPercentage), dialect),
            amount(rate.base),
            amount(rate.tax),
            // The invoice's own figures once, on its first rate's row.
            index === 0 ? amount(computed.totals.withholding) : '',
            index === 0 ? amount(computed.totals.total) : '',
            row.currency,
          ],
          dialect.delimiter,
        );
      });
    }
    yield chunk;
    if (rows.length < PAGE) return;
    const last: RegisterRow = rows.at(-1)!;
    after = { series: last.series, number: last.number };
  }
}
