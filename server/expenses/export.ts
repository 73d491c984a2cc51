import type { ExpenseFilters } from '../../generated/types.gen.ts';
import type { Database } from '../db/database.ts';
import { CSV_BOM, csvLine, type CsvDialect } from '../kit/csv.ts';
import { EXPENSE_CSV_HEADERS, expenseCsvLines, toExpense } from './mappers.ts';
import { listExpenseRows } from './repository.ts';

/** Expenses per statement of the streamed CSV: memory stays constant whatever the period. */
export const EXPORT_PAGE = 1000;

/**
 * The matching expenses as CSV text chunks, oldest first, streamed as the reports' CSVs are: the
 * byte-order mark and the header, then one keyset page per short transaction (the database is never
 * held for the whole file, and no more than a page is ever in memory).
 */
export async function* expensesCsv(db: Database, tenantId: string, filters: ExpenseFilters, locale: 'en-US' | 'es-ES', dialect: CsvDialect): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(EXPENSE_CSV_HEADERS[locale], dialect.delimiter);
  let after: { date: string; createdAt: string; id: string } | undefined;
  for (;;) {
    const position = after;
    const rows = await db.withTenant(tenantId, (tx) => listExpenseRows(tx, tenantId, filters, EXPORT_PAGE, position, 'oldest'));
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) chunk += expenseCsvLines(toExpense(row), locale, dialect);
    yield chunk;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows.at(-1)!;
    after = { date: last.date as string, createdAt: last.created_key as string, id: last.id as string };
  }
}
