import { amountIssue } from '../../common/money/index.ts';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type {
  InventoryAdjustmentInput,
  InventoryItem,
  InventoryItemInput,
  InventoryItemUpdateInput,
  InventoryMovement,
  InventorySort,
  Money,
} from '../../generated/types.gen.ts';
import { assertAssetsExist, assetPath } from '../assets/references.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation, violatedConstraint } from '../db/errors.ts';
import { HttpProblem, notFound, unprocessable } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import { sessionOf, type HandlerDeps } from '../kit/context.ts';
import { cleanName } from '../kit/names.ts';
import { TOO_PRECISE_PERCENTAGE, hasThreeDecimalsAtMost } from '../kit/percent.ts';
import { listPage } from '../kit/pages.ts';
import { iso, opt, type Row } from '../kit/rows.ts';
import { tenantMoney } from '../kit/tenant-money.ts';
import { idempotencyKeyOf, idempotent, staleVersion } from '../kit/write-rules.ts';
import { recordMovement } from '../inventory/ledger.ts';

type Handlers = Pick<
  RouteHandlers,
  | 'createInventoryItem'
  | 'listInventoryItems'
  | 'getInventoryItem'
  | 'updateInventoryItem'
  | 'deleteInventoryItem'
  | 'createInventoryAdjustment'
  | 'listInventoryMovements'
>;

const num = (value: unknown) => Number(value);
const money = (amount: unknown, currency: unknown): Money | undefined =>
  amount === null || amount === undefined ? undefined : { amount: Number(amount), currency: String(currency) };

export function toInventoryItem(row: Row): InventoryItem {
  const quantity = num(row.quantity);
  const minQuantity = row.min_quantity === null || row.min_quantity === undefined ? undefined : num(row.min_quantity);
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    name: row.name as string,
    ...opt('sku', row.sku as string | null),
    ...opt('barcode', row.barcode as string | null),
    ...opt('description', row.description as string | null),
    ...opt('category', row.category as string | null),
    unit: row.unit as InventoryItem['unit'],
    quantity,
    ...opt('minQuantity', minQuantity),
    lowStock: minQuantity !== undefined && quantity <= minQuantity,
    ...opt('cost', money(row.cost_amount, row.cost_currency)),
    ...opt('price', money(row.price_amount, row.price_currency)),
    taxPercentage: num(row.tax_percentage),
    ...opt('supplier', row.supplier as string | null),
    ...opt('imageAssetId', row.image_asset_id as string | null),
    ...opt('imageUrl', row.image_asset_id ? assetPath(row.tenant_id as string, row.image_asset_id as string) : null),
    active: Boolean(row.active),
    version: num(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toInventoryMovement(row: Row): InventoryMovement {
  return {
    id: row.id as string,
    itemId: row.item_id as string,
    delta: num(row.delta),
    quantityAfter: num(row.quantity_after),
    reason: row.reason as InventoryMovement['reason'],
    ...opt('note', row.note as string | null),
    ...opt('createdByUserId', row.created_by_user_id as string | null),
    ...opt('saleId', row.sale_id as string | null),
    createdAt: iso(row.created_at),
  };
}

/** Quantities are kept with 3 decimals (numeric(13,3)): more would be rounded away silently. */
function checkDecimals(value: number | undefined, field: string) {
  if (value === undefined) return;
  const scaled = value * 1000;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    throw unprocessable(field, 'too_many_decimals', 'Use at most 3 decimals.');
  }
}

/** '' means "not set" for the optional texts. */
const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

type Input = InventoryItemInput | InventoryItemUpdateInput;

/** Business rules of an item body beyond its schema; returns the tenant's tax percentage for the default. */
async function checkItem(tx: Queryable, tenantId: string, input: Input): Promise<number> {
  const tenant = await tenantMoney(tx, tenantId);
  cleanName(input.name, '/inventoryItem/name', 'Enter the product name.');
  if ('quantity' in input) checkDecimals(input.quantity, '/inventoryItem/quantity');
  checkDecimals(input.minQuantity, '/inventoryItem/minQuantity');
  // At most three decimals (8.875 %): the column would round a fourth away.
  if (input.taxPercentage !== undefined && !hasThreeDecimalsAtMost(input.taxPercentage)) {
    throw unprocessable('/inventoryItem/taxPercentage', 'too_precise', TOO_PRECISE_PERCENTAGE);
  }
  for (const key of ['cost', 'price'] as const) {
    const value = input[key];
    if (!value) continue;
    if (value.currency !== tenant.currencyCode) {
      throw unprocessable(`/inventoryItem/${key}/currency`, 'currency_mismatch', `Amounts must be in the business currency (${tenant.currencyCode}).`);
    }
    // From 0 to the money module's one bound (422 out_of_range).
    const issue = amountIssue(value.amount);
    if (issue) throw unprocessable(`/inventoryItem/${key}/amount`, issue.code, issue.detail);
  }
  // An image of this business (422 unknown_asset otherwise: another tenant's or no such id).
  if (input.imageAssetId) await assertAssetsExist(tx, tenantId, [{ id: input.imageAssetId, field: '/inventoryItem/imageAssetId' }]);
  return tenant.taxPercentage;
}

/** The writable columns of an item, in a fixed order ($3… after tenant and id). */
function itemValues(input: Input, defaultTax: number): unknown[] {
  return [
    input.name.trim(),
    text(input.sku),
    text(input.barcode),
    text(input.description),
    text(input.category),
    input.unit ?? 'INVENTORY_UNIT_PIECE',
    input.minQuantity ?? null,
    input.cost?.amount ?? null,
    input.cost?.currency ?? null,
    input.price?.amount ?? null,
    input.price?.currency ?? null,
    input.taxPercentage ?? defaultTax,
    text(input.supplier),
    input.active ?? true,
    input.imageAssetId ?? null,
  ];
}
const ITEM_COLUMNS =
  'name, sku, barcode, description, category, unit, min_quantity, cost_amount, cost_currency, price_amount, price_currency, tax_percentage, supplier, active, image_asset_id';

/** A duplicate sku or barcode: 409 naming the field. */
function duplicate(error: unknown): never {
  if (isUniqueViolation(error)) {
    const field = violatedConstraint(error) === 'inventory_items_barcode_key' ? 'barcode' : 'sku';
    throw new HttpProblem(409, `Another product already uses this ${field}.`, `duplicate_${field}`, [
      { field: `/inventoryItem/${field}`, code: `duplicate_${field}`, message: `Another product already uses this ${field}.` },
    ]);
  }
  throw error;
}

const SORTS: Record<InventorySort, string> = {
  name: 'lower(name) ASC, id ASC',
  '-name': 'lower(name) DESC, id DESC',
  sku: 'lower(sku) ASC NULLS LAST, id ASC',
  '-sku': 'lower(sku) DESC NULLS LAST, id DESC',
  quantity: 'quantity ASC, id ASC',
  '-quantity': 'quantity DESC, id DESC',
  updatedAt: 'updated_at ASC, id ASC',
  '-updatedAt': 'updated_at DESC, id DESC',
};

const LIVE = 'tenant_id = $1 AND id = $2 AND deleted_at IS NULL';

async function liveItem(tx: Queryable, tenantId: string, id: string, lock = false): Promise<Row> {
  const row = (await tx.query(`SELECT * FROM inventory_items WHERE ${LIVE}${lock ? ' FOR UPDATE' : ''}`, [tenantId, id])).rows[0];
  if (!row) throw notFound();
  return row;
}

export function inventoryHandlers({ db }: HandlerDeps): Handlers {
  return {
    async createInventoryItem(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'inventory', 'write');
      const { userId } = sessionOf(request);
      const input = request.body.inventoryItem;
      const result = await db.withTenant(tenantId, (tx) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), 'createInventoryItem', request.body, async () => {
          const defaultTax = await checkItem(tx, tenantId, input);
          const values = itemValues(input, defaultTax);
          const quantity = input.quantity ?? 0;
          const params = values.map((_, i) => `$${i + 3}`).join(', ');
          const row = (
            await tx
              .query(`INSERT INTO inventory_items (tenant_id, quantity, ${ITEM_COLUMNS}) VALUES ($1, $2, ${params}) RETURNING *`, [tenantId, quantity, ...values])
              .catch(duplicate)
          ).rows[0]!;
          if (quantity > 0) {
            await recordMovement(tx, tenantId, row.id as string, { delta: quantity, quantityAfter: quantity, reason: 'INVENTORY_MOVEMENT_REASON_INITIAL', userId });
          }
          return { status: 201, body: { inventoryItem: toInventoryItem(row) } };
        }),
      );
      return reply.code(201).send(result.body);
    },

    async listInventoryItems(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'inventory', 'read');
      const query = request.query ?? {};
      const where = ['tenant_id = $1', 'deleted_at IS NULL'];
      const params: unknown[] = [tenantId];
      // A search reads inventory_item_search's rows (on the tenant-first trigram index, migration 018)
      // instead of the table: LIKE under row-level security could not use the index. Same filters, order, total.
      let from = 'inventory_items';
      const q = query.q?.trim();
      if (q) {
        params.push([q]);
        from = `inventory_item_search($${params.length}::text[]) inventory_items`;
      }
      if (query.category?.trim()) {
        params.push(query.category.trim());
        where.push(`lower(category) = lower($${params.length})`);
      }
      if (query.active !== undefined) {
        params.push(query.active);
        where.push(`active = $${params.length}`);
      }
      if (query.lowStock !== undefined) {
        where.push(`${query.lowStock ? '' : 'NOT '}(min_quantity IS NOT NULL AND quantity <= min_quantity)`);
      }
      const limit = Math.trunc(Math.min(query.limit ?? 50, 200));
      const offset = Math.trunc(query.offset ?? 0);
      const order = SORTS[query.sort ?? 'name'];
      const result = await db.withTenant(tenantId, (tx) =>
        listPage(tx, { select: '*', from, where: where.join(' AND '), orderBy: order, params, limit, offset }, toInventoryItem),
      );
      return reply.code(200).send(result);
    },

    async getInventoryItem(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'inventory', 'read');
      const row = await db.withTenant(tenantId, (tx) => liveItem(tx, tenantId, id));
      return reply.code(200).send({ inventoryItem: toInventoryItem(row) });
    },

    async updateInventoryItem(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'inventory', 'write');
      const input = request.body.inventoryItem;
      const row = await db.withTenant(tenantId, async (tx) => {
        const defaultTax = await checkItem(tx, tenantId, input);
        const values = itemValues(input, defaultTax);
        const sets = ITEM_COLUMNS.split(', ')
          .map((column, i) => `${column} = $${i + 4}`)
          .join(', ');
        const { rows } = await tx
          .query(`UPDATE inventory_items SET ${sets}, version = version + 1 WHERE ${LIVE} AND version = $3 RETURNING *`, [tenantId, id, input.version, ...values])
          .catch(duplicate);
        if (rows[0]) return rows[0];
        await liveItem(tx, tenantId, id); // 404 when gone
        throw staleVersion();
      });
      return reply.code(200).send({ inventoryItem: toInventoryItem(row) });
    },

    async deleteInventoryItem(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'inventory', 'delete');
      const { rowCount } = await db.withTenant(tenantId, (tx) =>
        tx.query(`UPDATE inventory_items SET deleted_at = now(), version = version + 1 WHERE ${LIVE}`, [tenantId, id]),
      );
      if (rowCount === 0) throw notFound();
      return reply.code(204).send();
    },

    async createInventoryAdjustment(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'inventory', 'write');
      const { userId } = sessionOf(request);
      const body: InventoryAdjustmentInput = request.body;
      const hasDelta = body.delta !== undefined;
      const hasCount = body.newQuantity !== undefined;
      if (hasDelta === hasCount) {
        throw unprocessable('/delta', 'delta_or_new_quantity', 'Send either a change (delta) or a counted quantity (newQuantity).');
      }
      if (hasDelta && body.delta === 0) throw unprocessable('/delta', 'zero_delta', 'The change cannot be zero.');
      checkDecimals(body.delta, '/delta');
      checkDecimals(body.newQuantity, '/newQuantity');
      const note = text(body.note);
      const result = await db.withTenant(tenantId, (tx) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), `createInventoryAdjustment:${id}`, body, async () => {
          await liveItem(tx, tenantId, id, true); // row lock: concurrent adjustments queue here
          // numeric arithmetic in SQL (exact), on the locked row.
          const next = (
            await tx.query<{ delta: string; after: string; negative: boolean }>(
              hasDelta
                ? `SELECT $3::numeric AS delta, quantity + $3::numeric AS after, quantity + $3::numeric < 0 AS negative FROM inventory_items WHERE ${LIVE}`
                : `SELECT $3::numeric - quantity AS delta, $3::numeric AS after, false AS negative FROM inventory_items WHERE ${LIVE}`,
              [tenantId, id, String(hasDelta ? body.delta : body.newQuantity)],
            )
          ).rows[0]!;
          if (next.negative) {
            throw unprocessable('/delta', 'negative_stock', 'The stock cannot go below zero; count it and send the counted quantity instead.');
          }
          const item = (
            await tx.query(`UPDATE inventory_items SET quantity = $3::numeric WHERE ${LIVE} RETURNING *`, [tenantId, id, next.after])
          ).rows[0]!;
          const movement = await recordMovement(tx, tenantId, id, { delta: next.delta, quantityAfter: next.after, reason: body.reason, note, userId });
          return { status: 201, body: { inventoryItem: toInventoryItem(item), movement: toInventoryMovement(movement) } };
        }),
      );
      return reply.code(201).send(result.body);
    },

    async listInventoryMovements(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'inventory', 'read');
      const limit = Math.trunc(Math.min(request.query?.limit ?? 50, 200));
      const offset = Math.trunc(request.query?.offset ?? 0);
      const result = await db.withTenant(tenantId, async (tx) => {
        await liveItem(tx, tenantId, id);
        return listPage(
          tx,
          { select: '*', from: 'inventory_movements', where: 'tenant_id = $1 AND item_id = $2', orderBy: 'created_at DESC, seq DESC', params: [tenantId, id], limit, offset },
          toInventoryMovement,
        );
      });
      return reply.code(200).send(result);
    },
  };
}
