import type { Queryable } from '../db/database.ts';
import type { Row } from '../kit/rows.ts';

/**
 * The stock ledger (migration 007): stock moves only here, each movement written in the same
 * transaction as the item's new quantity, under the item's row lock. The adjustment handler and the
 * sales domain both write through it.
 */

export interface Movement {
  /** Exact decimal text (or number) of the change and of the stock after it. */
  delta: string | number;
  quantityAfter: string | number;
  reason: string;
  note?: string | null;
  userId: string;
  saleId?: string | null;
}

export async function recordMovement(tx: Queryable, tenantId: string, itemId: string, movement: Movement): Promise<Row> {
  const { rows } = await tx.query(
    `INSERT INTO inventory_movements (tenant_id, item_id, delta, quantity_after, reason, note, created_by_user_id, sale_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [tenantId, itemId, movement.delta, movement.quantityAfter, movement.reason, movement.note ?? null, movement.userId, movement.saleId ?? null],
  );
  return rows[0]!;
}

/**
 * Locks the live items named (in id order, so that two sales of the same products never wait on each
 * other crosswise) and answers their current quantity and name, by id; missing or deleted ids are absent.
 */
export async function lockItems(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<Map<string, { quantity: string; name: string }>> {
  const unique = [...new Set(ids)].sort();
  const found = new Map<string, { quantity: string; name: string }>();
  if (unique.length === 0) return found;
  const { rows } = await tx.query<{ id: string; quantity: string; name: string }>(
    `SELECT id, quantity::text AS quantity, name FROM inventory_items
      WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    [tenantId, unique],
  );
  for (const row of rows) found.set(row.id, { quantity: row.quantity, name: row.name });
  return found;
}

/**
 * Moves a locked item's stock by `delta` (exact decimal text; numeric arithmetic in SQL) and records
 * the movement, in one statement (the item's new quantity and its movement are written together).
 * Answers false, writing nothing, when the stock would go below zero.
 */
export async function moveStock(tx: Queryable, tenantId: string, itemId: string, movement: Omit<Movement, 'quantityAfter'>): Promise<boolean> {
  const { rows } = await tx.query(
    `WITH moved AS (
       UPDATE inventory_items SET quantity = quantity + $3::numeric
        WHERE tenant_id = $1 AND id = $2 AND quantity + $3::numeric >= 0
       RETURNING quantity)
     INSERT INTO inventory_movements (tenant_id, item_id, delta, quantity_after, reason, note, created_by_user_id, sale_id)
     SELECT $1, $2, $3::numeric, quantity, $4, $5, $6, $7 FROM moved
     RETURNING 1`,
    [tenantId, itemId, String(movement.delta), movement.reason, movement.note ?? null, movement.userId, movement.saleId ?? null],
  );
  return rows.length > 0;
}
