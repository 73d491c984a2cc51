import type { ExpenseFilters } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import type { Row } from '../kit/rows.ts';
import { notFound } from '../problem.ts';
import type { ExpenseValues } from './rules.ts';

/** All the SQL of expenses (issue 20). Every function takes the request's tenant transaction. */

export const SELECT = `e.*, to_char(e.expense_date, 'YYYY-MM-DD') AS date, e.created_at::text AS created_key`;

const COLUMNS = [
  'supplier',
  'supplier_tax_id',
  'supplier_invoice_number',
  'description',
  'category',
  'expense_date',
  'tax_lines',
  'base',
  'tax',
  'withholding_percentage',
  'withholding',
  'amount',
  'currency',
  'payment_method',
  'receipt_asset_id',
  'notes',
] as const;

function columnValues(v: ExpenseValues): unknown[] {
  return [
    v.supplier,
    v.supplierTaxId,
    v.supplierInvoiceNumber,
    v.description,
    v.category,
    v.date,
    JSON.stringify(v.taxLines),
    v.base,
    v.tax,
    v.withholdingPercentage,
    v.withholding,
    v.amount,
    v.currency,
    v.paymentMethod,
    v.receiptAssetId,
    v.notes,
  ];
}

/** The business's currency, country (for tax ids and date order) and today in its time zone. */
export async function businessOf(tx: Queryable, tenantId: string): Promise<{ currency: string; country: string; today: string }> {
  const { rows } = await tx.query<{ currency_code: string; country: string | null; today: string }>(
    `SELECT currency_code, country, to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today FROM tenants WHERE id = $1`,
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { currency: row.currency_code, country: row.country ?? (row.currency_code === 'USD' ? 'US' : 'ES'), today: row.today };
}

export async function insertExpense(tx: Queryable, tenantId: string, userId: string, values: ExpenseValues): Promise<Row> {
  const params = columnValues(values);
  const placeholders = params.map((_, i) => (COLUMNS[i] === 'tax_lines' ? `$${i + 3}::jsonb` : `$${i + 3}`)).join(', ');
  const { rows } = await tx.query<Row>(
    `WITH inserted AS (INSERT INTO expenses (tenant_id, created_by, ${COLUMNS.join(', ')}) VALUES ($1, $2, ${placeholders}) RETURNING *)
     SELECT ${SELECT} FROM inserted e`,
    [tenantId, userId, ...params],
  );
  return rows[0]!;
}

/** The update of a live expense at `version`; undefined when the version is stale (or it is gone). */
export async function updateExpense(tx: Queryable, tenantId: string, id: string, version: number, values: ExpenseValues): Promise<Row | undefined> {
  const params = columnValues(values);
  const sets = COLUMNS.map((column, i) => `${column} = $${i + 4}${column === 'tax_lines' ? '::jsonb' : ''}`).join(', ');
  const { rows } = await tx.query<Row>(
    `WITH updated AS (UPDATE expenses SET ${sets}, version = version + 1
        WHERE tenant_id = $1 AND id = $2 AND version = $3 AND archived_at IS NULL RETURNING *)
     SELECT ${SELECT} FROM updated e`,
    [tenantId, id, version, ...params],
  );
  return rows[0];
}

export async function findExpense(tx: Queryable, tenantId: string, id: string, lock = false): Promise<Row> {
  const { rows } = await tx.query<Row>(`SELECT ${SELECT} FROM expenses e WHERE e.tenant_id = $1 AND e.id = $2${lock ? ' FOR UPDATE' : ''}`, [tenantId, id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function archiveExpense(tx: Queryable, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE expenses SET archived_at = coalesce(archived_at, now()), version = version + CASE WHEN archived_at IS NULL THEN 1 ELSE 0 END
      WHERE tenant_id = $1 AND id = $2 RETURNING 1`,
    [tenantId, id],
  );
  return rows.length > 0;
}

/**
 * Live expenses that look like the same purchase: the same receipt image, or the same date and
 * total from the same supplier (tax id, or name when either has no tax id). `except` is the expense itself.
 */
export async function possibleDuplicates(
  tx: Queryable,
  tenantId: string,
  probe: { receiptAssetId?: string | null; date?: string | null; amount?: number | null; supplier?: string | null; supplierTaxId?: string | null; except?: string },
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM expenses
      WHERE tenant_id = $1 AND archived_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
        AND (($3::uuid IS NOT NULL AND receipt_asset_id = $3::uuid)
          OR ($4::date IS NOT NULL AND expense_date = $4::date AND amount = $5::bigint
              AND (($6::text IS NOT NULL AND supplier_tax_id = $6::text)
                OR ($7::text IS NOT NULL AND lower(supplier) = lower($7::text)))))
      ORDER BY created_at, id LIMIT 20`,
    [tenantId, probe.except ?? null, probe.receiptAssetId ?? null, probe.date ?? null, probe.amount ?? null, probe.supplierTaxId ?? null, probe.supplier ?? null],
  );
  return rows.map((row) => row.id);
}

export function duplicatesOfRow(tx: Queryable, tenantId: string, row: Row): Promise<string[]> {
  if (row.archived_at) return Promise.resolve([]);
  return possibleDuplicates(tx, tenantId, {
    receiptAssetId: row.receipt_asset_id as string | null,
    date: row.date as string,
    amount: Number(row.amount),
    supplier: row.supplier as string | null,
    supplierTaxId: row.supplier_tax_id as string | null,
    except: row.id as string,
  });
}

/** WHERE of a filter, with its parameters after the tenant ($1). */
export function filterSql(filters: ExpenseFilters = {}): { where: string; params: unknown[] } {
  const where = ['e.tenant_id = $1', filters.archived ? 'e.archived_at IS NOT NULL' : 'e.archived_at IS NULL'];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length + 1}`;
  };
  if (filters.dateFrom) where.push(`e.expense_date >= ${add(filters.dateFrom)}::date`);
  if (filters.dateTo) where.push(`e.expense_date <= ${add(filters.dateTo)}::date`);
  if (filters.category) where.push(`e.category = ${add(filters.category)}`);
  if (filters.paymentMethod) where.push(`e.payment_method = ${add(filters.paymentMethod)}`);
  const like = (value: string) => `%${value.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (filters.supplier?.trim()) {
    const p = add(like(filters.supplier));
    where.push(`(lower(coalesce(e.supplier, '')) LIKE ${p} OR lower(coalesce(e.supplier_tax_id, '')) LIKE ${p})`);
  }
  if (filters.text?.trim()) {
    const p = add(like(filters.text));
    where.push(
      `(lower(coalesce(e.supplier, '')) LIKE ${p} OR lower(coalesce(e.description, '')) LIKE ${p} OR lower(coalesce(e.supplier_invoice_number, '')) LIKE ${p} OR lower(coalesce(e.notes, '')) LIKE ${p})`,
    );
  }
  return { where: where.join(' AND '), params };
}

/** A page of the matching expenses after `after` (keyset), newest first (the list) or oldest first (the CSV). */
export async function listExpenseRows(
  tx: Queryable,
  tenantId: string,
  filters: ExpenseFilters | undefined,
  limit: number,
  after?: { date: string; createdAt: string; id: string },
  order: 'newest' | 'oldest' = 'newest',
): Promise<Row[]> {
  const { where, params } = filterSql(filters);
  const all = [tenantId, ...params];
  const [compare, direction] = order === 'newest' ? ['<', 'DESC'] : ['>', 'ASC'];
  let keyset = '';
  if (after) {
    all.push(after.date, after.createdAt, after.id);
    const n = all.length;
    keyset = ` AND (e.expense_date, e.created_at, e.id) ${compare} ($${n - 2}::date, $${n - 1}::timestamptz, $${n}::uuid)`;
  }
  all.push(limit);
  const { rows } = await tx.query<Row>(
    `SELECT ${SELECT} FROM expenses e WHERE ${where}${keyset} ORDER BY e.expense_date ${direction}, e.created_at ${direction}, e.id ${direction} LIMIT $${all.length}`,
    all,
  );
  return rows;
}

export async function expenseTotals(tx: Queryable, tenantId: string, filters: ExpenseFilters | undefined) {
  const { where, params } = filterSql(filters);
  const all = [tenantId, ...params];
  const [sums, byCategory, byRate] = await Promise.all([
    tx.query<{ n: number; amount: string; tax: string; base: string; withholding: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount, coalesce(sum(tax), 0)::text AS tax, coalesce(sum(base), 0)::text AS base,
              coalesce(sum(withholding), 0)::text AS withholding FROM expenses e WHERE ${where}`,
      all,
    ),
    tx.query<{ category: string; n: number; amount: string }>(
      `SELECT category, count(*)::int AS n, sum(amount)::text AS amount FROM expenses e WHERE ${where} GROUP BY category ORDER BY sum(amount) DESC, category`,
      all,
    ),
    tx.query<{ rate: string; base: string; tax: string }>(
      `SELECT (l->>'taxPercentage')::numeric::text AS rate, sum((l->>'base')::bigint)::text AS base, sum((l->>'tax')::bigint)::text AS tax
         FROM expenses e CROSS JOIN LATERAL jsonb_array_elements(e.tax_lines) l WHERE ${where}
        GROUP BY (l->>'taxPercentage')::numeric ORDER BY (l->>'taxPercentage')::numeric DESC`,
      all,
    ),
  ]);
  return { sums: sums.rows[0]!, byCategory: byCategory.rows, byRate: byRate.rows };
}
