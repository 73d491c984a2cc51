import type { Queryable } from '../db/database.ts';
import { notFound } from '../problem.ts';

/** The business's money settings that prices and documents follow: its currency and default tax. */
export interface TenantMoney {
  currencyCode: string;
  /** The default tax percentage, e.g. 21 (numeric(5, 2) in the database). */
  taxPercentage: number;
}

/** Reads the business's currency and default tax (404 when the business does not exist). */
export async function tenantMoney(tx: Queryable, tenantId: string): Promise<TenantMoney> {
  const { rows } = await tx.query<{ currency_code: string; tax_percentage: unknown }>(
    'SELECT currency_code, tax_percentage FROM tenants WHERE id = $1',
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { currencyCode: row.currency_code, taxPercentage: Number(row.tax_percentage) };
}
