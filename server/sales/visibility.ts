import type { Queryable } from '../db/database.ts';
import { isManager, onlyUserOf } from '../appointments/rules.ts';
import type { TeamRole } from '../kit/context.ts';
import { notFound } from '../problem.ts';

/**
 * What of the till a caller may see: the calendar's rule, applied to money. Owners and administrators
 * see every sale, payment and invoice; a member of a business that shares its calendars with members
 * too; a member of one that does not sees only their own sales (the sales in their name and the
 * refunds of those), the payments of those sales, and the invoices of those sales or that they drafted.
 * What a member may not see answers 404, exactly as another business's ids do.
 *
 * `null`: everything; otherwise the member whose sales are visible.
 */
export type MoneyScope = { userId: string } | null;

export async function moneyScopeOf(tx: Queryable, tenantId: string, role: TeamRole, callerId: string): Promise<MoneyScope> {
  if (isManager(role)) return null;
  const { rows } = await tx.query<{ shared: boolean }>('SELECT members_see_team_calendars AS shared FROM tenants WHERE id = $1', [tenantId]);
  const only = onlyUserOf(role, callerId, { membersSeeTeamCalendars: Boolean(rows[0]?.shared) });
  return only === null ? null : { userId: only };
}

/** SQL: the sale aliased `s` belongs to the member in parameter `p` (theirs, or a refund of theirs). */
export function memberSaleSql(s: string, p: string): string {
  return `(${s}.user_id = ${p}::uuid OR EXISTS (SELECT 1 FROM sales o WHERE o.tenant_id = ${s}.tenant_id AND o.id = ${s}.refund_of_sale_id AND o.user_id = ${p}::uuid))`;
}

/** SQL: the invoice aliased `i` is visible to the member in parameter `p` (drafted by them, or of a sale of theirs). */
export function memberInvoiceSql(i: string, p: string): string {
  return `(${i}.created_by = ${p}::uuid OR EXISTS (SELECT 1 FROM sales s WHERE s.tenant_id = ${i}.tenant_id AND s.id = ${i}.sale_id AND ${memberSaleSql('s', p)}))`;
}

async function visible(tx: Queryable, sql: string, params: unknown[]): Promise<boolean> {
  const { rows } = await tx.query(sql, params);
  return rows.length > 0;
}

/** 404 unless the sale exists and `scope` may see it. */
export async function assertSaleVisible(tx: Queryable, tenantId: string, saleId: string, scope: MoneyScope, message = 'No sale has this id.'): Promise<void> {
  if (!scope) return;
  if (!(await visible(tx, `SELECT 1 FROM sales s WHERE s.tenant_id = $1 AND s.id = $2 AND ${memberSaleSql('s', '$3')}`, [tenantId, saleId, scope.userId]))) throw notFound(message);
}

/** 404 unless the payment transaction exists and `scope` may see its sale. */
export async function assertPaymentVisible(tx: Queryable, tenantId: string, paymentId: string, scope: MoneyScope): Promise<void> {
  if (!scope) return;
  const sql = `SELECT 1 FROM payment_transactions pt JOIN sales s ON s.tenant_id = pt.tenant_id AND s.id = pt.sale_id
    WHERE pt.tenant_id = $1 AND pt.id = $2 AND ${memberSaleSql('s', '$3')}`;
  if (!(await visible(tx, sql, [tenantId, paymentId, scope.userId]))) throw notFound('No payment transaction has this id.');
}

/** 404 unless the invoice exists and `scope` may see it. */
export async function assertInvoiceVisible(tx: Queryable, tenantId: string, invoiceId: string, scope: MoneyScope): Promise<void> {
  if (!scope) return;
  if (!(await visible(tx, `SELECT 1 FROM invoices i WHERE i.tenant_id = $1 AND i.id = $2 AND ${memberInvoiceSql('i', '$3')}`, [tenantId, invoiceId, scope.userId]))) {
    throw notFound('No invoice has this id.');
  }
}
