// Inventory: products, their stock moved only through adjustments kept as a ledger, roles,
// optimistic versions, idempotent creates and adjustments, low stock and the list's search and sort.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createInventoryAdjustment,
  createInventoryItem,
  deleteInventoryItem,
  getInventoryItem,
  listInventoryItems,
  listInventoryMovements,
  removeAsset,
  updateInventoryItem,
} from '../../../generated/sdk.gen.ts';
import type { InventoryItem, InventoryItemInput, Tenant } from '../../../generated/types.gen.ts';
import { fields, join, ok, problem, raw, signUpOwner, type Actor, type TestServer } from '../harness.ts';
import { smallJpeg, upload } from './assets.ts';

const shampoo: InventoryItemInput = {
  name: 'Champú reparador 500 ml',
  sku: 'CH-REP-500',
  barcode: '8412345678905',
  category: 'Champús',
  unit: 'INVENTORY_UNIT_PIECE',
  quantity: 14,
  minQuantity: 5,
  cost: { amount: 850, currency: 'EUR' },
  price: { amount: 1895, currency: 'EUR' },
  supplier: 'Distribuciones Capilares Madrid S.L.',
};

/** The writable fields of an item as a PUT body, with the version it was read at. */
function asUpdate(item: InventoryItem, changes: Partial<InventoryItemInput> = {}) {
  return {
    inventoryItem: {
      name: item.name,
      ...(item.sku ? { sku: item.sku } : {}),
      ...(item.minQuantity !== undefined ? { minQuantity: item.minQuantity } : {}),
      ...(item.price ? { price: item.price } : {}),
      unit: item.unit,
      taxPercentage: item.taxPercentage,
      active: item.active,
      ...changes,
      version: item.version,
    },
  };
}

export function inventorySuite(server: () => TestServer) {
  describe('inventory', () => {
    let owner: Actor;
    let tenant: Tenant;
    let admin: Actor;
    let member: Actor;
    let stranger: { owner: Actor; tenant: Tenant };

    const path = () => ({ tenantId: tenant.id });
    const create = (actor: Actor, input: Partial<InventoryItemInput> = {}, headers?: Record<string, string>) =>
      createInventoryItem({ client: actor.client, path: path(), body: { inventoryItem: { ...shampoo, sku: `SKU-${randomUUID().slice(0, 8)}`, barcode: undefined, ...input } }, headers });
    const adjust = (actor: Actor, id: string, body: Parameters<typeof createInventoryAdjustment>[0]['body'], headers?: Record<string, string>) =>
      createInventoryAdjustment({ client: actor.client, path: { tenantId: tenant.id, id }, body, headers });

    beforeAll(async () => {
      const s = server();
      ({ owner, tenant } = await signUpOwner(s, 'stock-owner'));
      admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'stock-admin');
      member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'stock-member');
      stranger = await signUpOwner(s, 'stock-stranger');
    }, 60_000);

    it('creates, reads, updates and archives an item; the opening stock is the first movement', async () => {
      const { inventoryItem: created } = await ok(createInventoryItem({ client: owner.client, path: path(), body: { inventoryItem: shampoo } }), 201);
      expect(created).toMatchObject({ ...shampoo, tenantId: tenant.id, lowStock: false, active: true, version: 1, taxPercentage: 21 });

      const { inventoryItem: read } = await ok(getInventoryItem({ client: member.client, path: { tenantId: tenant.id, id: created.id } }));
      expect(read).toEqual(created);

      const { inventoryItem: updated } = await ok(
        updateInventoryItem({ client: admin.client, path: { tenantId: tenant.id, id: created.id }, body: asUpdate(created, { name: 'Champú reparador 1 l', minQuantity: 20 }) }),
      );
      expect(updated).toMatchObject({ name: 'Champú reparador 1 l', quantity: 14, minQuantity: 20, lowStock: true, version: 2 });
      expect(updated.barcode).toBeUndefined(); // a full replacement: what is not sent is cleared

      const ledger = await ok(listInventoryMovements({ client: member.client, path: { tenantId: tenant.id, id: created.id } }));
      expect(ledger.total).toBe(1);
      expect(ledger.items[0]).toMatchObject({ itemId: created.id, delta: 14, quantityAfter: 14, reason: 'INVENTORY_MOVEMENT_REASON_INITIAL', createdByUserId: owner.userId });

      await ok(deleteInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 204);
      await problem(getInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      await problem(deleteInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      // Archived: its sku is free again.
      await ok(createInventoryItem({ client: owner.client, path: path(), body: { inventoryItem: shampoo } }), 201);
    });

    it('keeps fractional stock and defaults the tax to the business rate', async () => {
      const { inventoryItem } = await ok(create(owner, { name: 'Oxidante 20 vol.', unit: 'INVENTORY_UNIT_LITRE', quantity: 0.75, minQuantity: 1, taxPercentage: undefined }), 201);
      expect(inventoryItem).toMatchObject({ quantity: 0.75, minQuantity: 1, lowStock: true, unit: 'INVENTORY_UNIT_LITRE', taxPercentage: 21 });
      const { inventoryItem: after } = await ok(adjust(owner, inventoryItem.id, { delta: -0.125, reason: 'INVENTORY_MOVEMENT_REASON_OTHER', note: 'Coloración' }), 201);
      expect(after.quantity).toBe(0.625);
    });

    it('refuses invalid bodies naming the field', async () => {
      const s = server();
      const base = `/v1/tenants/${tenant.id}/inventory`;
      let p = await problem(raw(s.baseUrl, 'POST', base, { token: owner.token, body: { inventoryItem: { sku: 'X' } } }), 400);
      expect(JSON.stringify(p.errors)).toContain('name');
      p = await problem(raw(s.baseUrl, 'POST', base, { token: owner.token, body: { inventoryItem: { name: 'Laca', quantity: -1 } } }), 400);
      expect(JSON.stringify(p.errors)).toContain('quantity');
      p = await problem(create(owner, { price: { amount: 500, currency: 'USD' } }), 422);
      expect(fields(p)).toEqual(['/inventoryItem/price/currency']);
      // Costs and prices from 0 to the money module's one bound (10^12 minor units), one code.
      p = await problem(create(owner, { cost: { amount: -1, currency: 'EUR' } }), 422);
      expect(p.errors).toEqual([expect.objectContaining({ field: '/inventoryItem/cost/amount', code: 'out_of_range' })]);
      p = await problem(raw(s.baseUrl, 'POST', base, { token: owner.token, body: { inventoryItem: { name: 'Laca', price: { amount: 1_000_000_000_001, currency: 'EUR' } } } }), 400);
      expect(p.errors).toEqual([expect.objectContaining({ code: 'maximum' })]);
      expect(fields(p).join()).toContain('price/amount');
      expect((await ok(create(owner, { sku: 'MAX-1', price: { amount: 1_000_000_000_000, currency: 'EUR' } }), 201)).inventoryItem.price?.amount).toBe(1_000_000_000_000);
      p = await problem(create(owner, { quantity: 1.2345 }), 422);
      expect(fields(p)).toEqual(['/inventoryItem/quantity']);
      p = await problem(create(owner, { name: '   ' }), 422);
      expect(fields(p)).toEqual(['/inventoryItem/name']);
      const { inventoryItem } = await ok(create(owner, { sku: 'DUP-1' }), 201);
      p = await problem(create(owner, { sku: 'dup-1' }), 409);
      expect(p.code).toBe('duplicate_sku');
      await problem(adjust(owner, inventoryItem.id, { reason: 'INVENTORY_MOVEMENT_REASON_OTHER' }), 422);
      p = await problem(adjust(owner, inventoryItem.id, { delta: 1, newQuantity: 3, reason: 'INVENTORY_MOVEMENT_REASON_OTHER' }), 422);
      expect(fields(p)).toEqual(['/delta']);
      p = await problem(adjust(owner, inventoryItem.id, { delta: 0, reason: 'INVENTORY_MOVEMENT_REASON_OTHER' }), 422);
      expect(p.errors?.[0]?.code).toBe('zero_delta');
      await problem(raw(s.baseUrl, 'POST', `${base}/${inventoryItem.id}/adjustments`, { token: owner.token, body: { delta: 1, reason: 'stolen' } }), 400);
    });

    it('keeps a product photo of the business; refuses another business\'s image or an unknown id; removing the image clears it', async () => {
      const photo = await upload(owner.client, tenant.id, await smallJpeg(), 'champu.jpg');
      const { inventoryItem } = await ok(create(owner, { imageAssetId: photo.id }), 201);
      expect(inventoryItem).toMatchObject({ imageAssetId: photo.id, imageUrl: `/v1/tenants/${tenant.id}/assets/${photo.id}` });
      const here = { tenantId: tenant.id, id: inventoryItem.id };
      const { inventoryItem: read } = await ok(getInventoryItem({ client: owner.client, path: here }));
      expect(read.imageAssetId).toBe(photo.id);
      const { items } = await ok(listInventoryItems({ client: owner.client, path: path(), query: { q: inventoryItem.sku! } }));
      expect(items[0]?.imageAssetId).toBe(photo.id);

      // Another business's image, or no image at all: 422 unknown_asset naming the field, nothing saved.
      const foreign = await upload(stranger.owner.client, stranger.tenant.id, await smallJpeg());
      let p = await problem(create(owner, { imageAssetId: foreign.id }), 422);
      expect(p.errors).toEqual([expect.objectContaining({ field: '/inventoryItem/imageAssetId', code: 'unknown_asset' })]);
      p = await problem(create(owner, { imageAssetId: randomUUID() }), 422);
      expect(fields(p)).toEqual(['/inventoryItem/imageAssetId']);
      p = await problem(updateInventoryItem({ client: owner.client, path: here, body: asUpdate(read, { imageAssetId: foreign.id }) }), 422);
      expect(fields(p)).toEqual(['/inventoryItem/imageAssetId']);

      // The PUT replaces the photo, and leaving it out removes it.
      const other = await upload(admin.client, tenant.id, await smallJpeg(), 'otro.jpg');
      const { inventoryItem: replaced } = await ok(updateInventoryItem({ client: admin.client, path: here, body: asUpdate(read, { imageAssetId: other.id }) }));
      expect(replaced.imageAssetId).toBe(other.id);
      const { inventoryItem: bare } = await ok(updateInventoryItem({ client: owner.client, path: here, body: asUpdate(replaced) }));
      expect(bare.imageAssetId).toBeUndefined();
      expect(bare.imageUrl).toBeUndefined();

      // Removing the image: only owners and administrators for a product's photo; the product loses it and moves on a version.
      const { inventoryItem: withPhoto } = await ok(updateInventoryItem({ client: owner.client, path: here, body: asUpdate(bare, { imageAssetId: photo.id }) }));
      await problem(removeAsset({ client: member.client, body: { asset: { id: photo.id, tenantId: tenant.id } } }), 403);
      await ok(removeAsset({ client: admin.client, body: { asset: { id: photo.id, tenantId: tenant.id } } }), 204);
      const { inventoryItem: after } = await ok(getInventoryItem({ client: owner.client, path: here }));
      expect(after.imageAssetId).toBeUndefined();
      expect(after.version).toBe(withPhoto.version + 1);
    });

    it('answers 404 to another business, for every operation', async () => {
      const { inventoryItem } = await ok(create(owner), 201);
      const other = stranger.owner.client;
      const here = { tenantId: tenant.id, id: inventoryItem.id };
      await problem(getInventoryItem({ client: other, path: here }), 404);
      await problem(listInventoryItems({ client: other, path: { tenantId: tenant.id } }), 404);
      await problem(createInventoryItem({ client: other, path: { tenantId: tenant.id }, body: { inventoryItem: { name: 'Intruso' } } }), 404);
      await problem(updateInventoryItem({ client: other, path: here, body: asUpdate(inventoryItem, { name: 'Robado' }) }), 404);
      await problem(deleteInventoryItem({ client: other, path: here }), 404);
      await problem(createInventoryAdjustment({ client: other, path: here, body: { delta: -1, reason: 'INVENTORY_MOVEMENT_REASON_OTHER' } }), 404);
      await problem(listInventoryMovements({ client: other, path: here }), 404);
      // Through its own business, the item is not found either.
      const theirs = { tenantId: stranger.tenant.id, id: inventoryItem.id };
      await problem(getInventoryItem({ client: other, path: theirs }), 404);
      await problem(createInventoryAdjustment({ client: other, path: theirs, body: { delta: -1, reason: 'INVENTORY_MOVEMENT_REASON_OTHER' } }), 404);
      const { items } = await ok(listInventoryItems({ client: other, path: { tenantId: stranger.tenant.id } }));
      expect(items).toEqual([]);
      const { inventoryItem: still } = await ok(getInventoryItem({ client: owner.client, path: here }));
      expect(still).toEqual(inventoryItem);
    });

    it('lets members read but not write (403); owners and admins write', async () => {
      const { inventoryItem } = await ok(create(admin), 201);
      const here = { tenantId: tenant.id, id: inventoryItem.id };
      await ok(getInventoryItem({ client: member.client, path: here }));
      await ok(listInventoryItems({ client: member.client, path: path() }));
      await ok(listInventoryMovements({ client: member.client, path: here }));
      await problem(create(member), 403);
      await problem(updateInventoryItem({ client: member.client, path: here, body: asUpdate(inventoryItem, { name: 'Cambiado' }) }), 403);
      await problem(adjust(member, inventoryItem.id, { delta: 5, reason: 'INVENTORY_MOVEMENT_REASON_RECEIVED' }), 403);
      await problem(deleteInventoryItem({ client: member.client, path: here }), 403);
      const { inventoryItem: unchanged } = await ok(getInventoryItem({ client: owner.client, path: here }));
      expect(unchanged).toEqual(inventoryItem);
      await ok(adjust(admin, inventoryItem.id, { delta: 1, reason: 'INVENTORY_MOVEMENT_REASON_RECEIVED' }), 201);
      await ok(deleteInventoryItem({ client: admin.client, path: here }), 204);
    });

    it('answers 409 stale_version to an update based on an old version, and keeps the newer one', async () => {
      const { inventoryItem } = await ok(create(owner, { name: 'Mascarilla' }), 201);
      const here = { tenantId: tenant.id, id: inventoryItem.id };
      await ok(updateInventoryItem({ client: admin.client, path: here, body: asUpdate(inventoryItem, { name: 'Mascarilla nutritiva' }) }));
      const p = await problem(updateInventoryItem({ client: owner.client, path: here, body: asUpdate(inventoryItem, { name: 'Mascarilla vieja' }) }), 409);
      expect(p.code).toBe('stale_version');
      expect(p.retryable).not.toBe(true);
      const { inventoryItem: current } = await ok(getInventoryItem({ client: owner.client, path: here }));
      expect(current).toMatchObject({ name: 'Mascarilla nutritiva', version: 2 });
      await problem(updateInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id: randomUUID() }, body: asUpdate(inventoryItem) }), 404);
    });

    it('does not let the PUT change the stock', async () => {
      const { inventoryItem } = await ok(create(owner, { quantity: 10 }), 201);
      const here = { tenantId: tenant.id, id: inventoryItem.id };
      // A form opened before a sale: the stock moved since, the PUT cannot write the old one back.
      await ok(adjust(owner, inventoryItem.id, { delta: -3, reason: 'INVENTORY_MOVEMENT_REASON_SOLD' }), 201);
      const body = asUpdate(inventoryItem, { name: 'Renamed' });
      const p = await problem(
        raw(server().baseUrl, 'PUT', `/v1/tenants/${tenant.id}/inventory/${inventoryItem.id}`, {
          token: owner.token,
          body: { inventoryItem: { ...body.inventoryItem, quantity: 10 } },
        }),
        400,
      );
      expect(JSON.stringify(p.errors)).toContain('quantity');
      const { inventoryItem: updated } = await ok(updateInventoryItem({ client: owner.client, path: here, body }));
      expect(updated).toMatchObject({ name: 'Renamed', quantity: 7 });
    });

    it('refuses an adjustment that would take the stock below zero, but accepts a count', async () => {
      const { inventoryItem } = await ok(create(owner, { quantity: 2 }), 201);
      const p = await problem(adjust(owner, inventoryItem.id, { delta: -3, reason: 'INVENTORY_MOVEMENT_REASON_SOLD' }), 422);
      expect(fields(p)).toEqual(['/delta']);
      expect(p.errors?.[0]?.code).toBe('negative_stock');
      const { inventoryItem: unchanged } = await ok(getInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id: inventoryItem.id } }));
      expect(unchanged.quantity).toBe(2);
      await problem(raw(server().baseUrl, 'POST', `/v1/tenants/${tenant.id}/inventory/${inventoryItem.id}/adjustments`, { token: owner.token, body: { newQuantity: -1, reason: 'INVENTORY_MOVEMENT_REASON_CORRECTION' } }), 400);
      const counted = await ok(adjust(owner, inventoryItem.id, { newQuantity: 0, reason: 'INVENTORY_MOVEMENT_REASON_CORRECTION', note: 'Recuento' }), 201);
      expect(counted.inventoryItem.quantity).toBe(0);
      expect(counted.movement).toMatchObject({ delta: -2, quantityAfter: 0, reason: 'INVENTORY_MOVEMENT_REASON_CORRECTION', note: 'Recuento' });
      // Down to exactly zero by a delta is fine too.
      await ok(adjust(owner, inventoryItem.id, { delta: 4, reason: 'INVENTORY_MOVEMENT_REASON_RECEIVED' }), 201);
      const empty = await ok(adjust(owner, inventoryItem.id, { delta: -4, reason: 'INVENTORY_MOVEMENT_REASON_DAMAGED' }), 201);
      expect(empty.inventoryItem.quantity).toBe(0);
    });

    it('creates once per Idempotency-Key, and adjusts once per key', async () => {
      const key = `create-${randomUUID()}`;
      const input = { name: 'Laca fijación fuerte', sku: `LACA-${randomUUID().slice(0, 6)}`, quantity: 3 };
      const first = await ok(create(owner, input, { 'Idempotency-Key': key }), 201);
      const again = await ok(create(owner, input, { 'Idempotency-Key': key }), 201);
      expect(again.inventoryItem.id).toBe(first.inventoryItem.id);
      const found = await ok(listInventoryItems({ client: owner.client, path: path(), query: { q: input.sku } }));
      expect(found.total).toBe(1);
      const reused = await problem(create(owner, { ...input, name: 'Otra cosa' }, { 'Idempotency-Key': key }), 422);
      expect(reused.errors?.[0]?.code).toBe('idempotency_key_reused');

      const id = first.inventoryItem.id;
      const adjustKey = `adjust-${randomUUID()}`;
      const body = { delta: 5, reason: 'INVENTORY_MOVEMENT_REASON_RECEIVED' as const };
      const a = await ok(adjust(owner, id, body, { 'Idempotency-Key': adjustKey }), 201);
      const b = await ok(adjust(owner, id, body, { 'Idempotency-Key': adjustKey }), 201);
      expect(b.movement.id).toBe(a.movement.id);
      const { inventoryItem } = await ok(getInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id } }));
      expect(inventoryItem.quantity).toBe(8);
      const ledger = await ok(listInventoryMovements({ client: owner.client, path: { tenantId: tenant.id, id } }));
      expect(ledger.total).toBe(2);
    });

    it('applies concurrent adjustments all, in one ledger, newest first', async () => {
      const { inventoryItem } = await ok(create(owner, { quantity: 100 }), 201);
      const id = inventoryItem.id;
      const deltas = [5, -3, 2.5, -10, 7, -1.25, 4, -6, 3, -2];
      const results = await Promise.all(
        deltas.map((delta, i) => ok(adjust(i % 2 ? admin : owner, id, { delta, reason: delta > 0 ? 'INVENTORY_MOVEMENT_REASON_RECEIVED' : 'INVENTORY_MOVEMENT_REASON_SOLD' }), 201)),
      );
      expect(results).toHaveLength(deltas.length);
      const expected = 100 + deltas.reduce((sum, d) => sum + d, 0);
      const { inventoryItem: after } = await ok(getInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id } }));
      expect(after.quantity).toBeCloseTo(expected, 3);
      expect(after.quantity).toBe(99.25);

      const ledger = await ok(listInventoryMovements({ client: owner.client, path: { tenantId: tenant.id, id }, query: { limit: 200 } }));
      expect(ledger.total).toBe(deltas.length + 1);
      expect(ledger.items.at(-1)?.reason).toBe('INVENTORY_MOVEMENT_REASON_INITIAL');
      // Newest first: each movement's quantityAfter is the next (older) one's plus its own delta.
      for (let i = 0; i < ledger.items.length - 1; i++) {
        const newer = ledger.items[i]!;
        const older = ledger.items[i + 1]!;
        expect(newer.quantityAfter).toBeCloseTo(older.quantityAfter + newer.delta, 3);
        expect(Date.parse(newer.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
      }
      expect(ledger.items[0]!.quantityAfter).toBe(99.25);
      expect([...ledger.items.slice(0, -1).map((m) => m.delta)].sort()).toEqual([...deltas].sort());
    });

    it('pages the ledger and the list at their edges', async () => {
      const { inventoryItem } = await ok(create(owner, { quantity: 1 }), 201);
      const id = inventoryItem.id;
      for (const delta of [1, 2, 3, 4]) await ok(adjust(owner, id, { delta, reason: 'INVENTORY_MOVEMENT_REASON_RECEIVED' }), 201);
      const here = { tenantId: tenant.id, id };
      const first = await ok(listInventoryMovements({ client: owner.client, path: here, query: { limit: 2 } }));
      expect(first.items.map((m) => m.delta)).toEqual([4, 3]);
      expect(first.total).toBe(5);
      const last = await ok(listInventoryMovements({ client: owner.client, path: here, query: { limit: 2, offset: 4 } }));
      expect(last.items.map((m) => m.delta)).toEqual([1]);
      const beyond = await ok(listInventoryMovements({ client: owner.client, path: here, query: { limit: 2, offset: 5 } }));
      expect(beyond).toEqual({ items: [], total: 5 });
      const s = server();
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/inventory/${id}/movements?limit=201`, { token: owner.token }), 400);
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/inventory/${id}/movements?limit=0`, { token: owner.token }), 400);
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/inventory/list/?offset=-1`, { token: owner.token }), 400);
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/inventory/list/?sort=price`, { token: owner.token }), 400);
      await problem(listInventoryMovements({ client: owner.client, path: { tenantId: tenant.id, id: randomUUID() } }), 404);
    });

    describe('list', () => {
      // A business of its own, so that the other tests' items do not count.
      let shop: { owner: Actor; tenant: Tenant };
      const names = ['Tinte rubio ceniza', 'Peine de púas', 'Champú sólido', 'Acondicionador', 'Cera mate'];
      beforeAll(async () => {
        shop = await signUpOwner(server(), 'stock-list');
        const stock: Array<Partial<InventoryItemInput>> = [
          { quantity: 2, minQuantity: 3 }, // low
          { quantity: 10, minQuantity: 3 },
          { quantity: 0, minQuantity: 0, active: false }, // low (0 ≤ 0), inactive
          { quantity: 4 }, // no threshold: never low
          { quantity: 1.5, minQuantity: 1.5, sku: 'CERA_50%' }, // low (equal)
        ];
        for (const [i, name] of names.entries()) {
          await ok(
            createInventoryItem({ client: shop.owner.client, path: { tenantId: shop.tenant.id }, body: { inventoryItem: { name, sku: `L-${i}`, ...stock[i] } } }),
            201,
          );
        }
      }, 60_000);
      const list = (query: NonNullable<Parameters<typeof listInventoryItems>[0]['query']>) =>
        ok(listInventoryItems({ client: shop.owner.client, path: { tenantId: shop.tenant.id }, query }));

      it('sorts by name by default, and by quantity, sku or date either way', async () => {
        const byName = await list({});
        expect(byName.items.map((i) => i.name)).toEqual(['Acondicionador', 'Cera mate', 'Champú sólido', 'Peine de púas', 'Tinte rubio ceniza']);
        expect(byName.total).toBe(5);
        expect((await list({ sort: '-name' })).items.map((i) => i.name)).toEqual([...byName.items.map((i) => i.name)].reverse());
        expect((await list({ sort: 'quantity' })).items.map((i) => i.quantity)).toEqual([0, 1.5, 2, 4, 10]);
        expect((await list({ sort: '-quantity' })).items.map((i) => i.quantity)).toEqual([10, 4, 2, 1.5, 0]);
        expect((await list({ sort: 'sku' })).items.map((i) => i.sku)).toEqual(['CERA_50%', 'L-0', 'L-1', 'L-2', 'L-3']);
        expect((await list({ sort: '-updatedAt', limit: 1 })).items.map((i) => i.name)).toEqual(['Cera mate']);
        const page = await list({ limit: 2, offset: 4 });
        expect(page.items.map((i) => i.name)).toEqual(['Tinte rubio ceniza']);
        expect(page.total).toBe(5);
      });

      it('filters low stock (and active) for the badge', async () => {
        const low = await list({ lowStock: true });
        expect(low.items.map((i) => i.name)).toEqual(['Cera mate', 'Champú sólido', 'Tinte rubio ceniza']);
        expect(low.items.every((i) => i.lowStock)).toBe(true);
        expect((await list({ lowStock: true, active: true })).total).toBe(2);
        expect((await list({ lowStock: false })).items.map((i) => i.name)).toEqual(['Acondicionador', 'Peine de púas']);
      });

      it('searches name and sku ignoring case and accents, with wildcards taken literally', async () => {
        expect((await list({ q: 'CHAMPU' })).items.map((i) => i.name)).toEqual(['Champú sólido']);
        expect((await list({ q: 'pua' })).items.map((i) => i.name)).toEqual(['Peine de púas']);
        expect((await list({ q: 'l-3' })).items.map((i) => i.name)).toEqual(['Acondicionador']);
        expect((await list({ q: '50%' })).items.map((i) => i.name)).toEqual(['Cera mate']);
        expect((await list({ q: '%' })).items.map((i) => i.name)).toEqual(['Cera mate']);
        expect((await list({ q: '_' })).items.map((i) => i.name)).toEqual(['Cera mate']);
        expect((await list({ q: 'nada de esto' })).total).toBe(0);
      });
    });
  });
}
