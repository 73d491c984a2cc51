// The catalogue's searches (services, inventory items, a customer's service objects): accent- and
// case-insensitive, never across businesses, with the list's other filters, on the tenant-first
// trigram indexes of migration 018 (a bitmap scan of the index, not the business's rows one by one).
import { describe, expect, it } from 'vitest';
import {
  createCustomer,
  createInventoryItem,
  createService,
  createServiceObject,
  deleteInventoryItem,
  deleteService,
  listInventoryItems,
  listServiceObjects,
  listServices,
  searchServiceObjects,
} from '../../../generated/sdk.gen.ts';
import type { Database } from '../../../server/db/database.ts';
import { ok, signUpOwner, type Actor, type TestServer } from '../harness.ts';

/** The plan of a statement, run as the table owner (as the SECURITY DEFINER search functions run it). */
async function plan(db: Database, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.withSystem((tx) => tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params));
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** 3,000 services, products and objects (of one customer) in a business; every 50th has "Peña" in its name. */
async function fill(db: Database, tenantId: string): Promise<string> {
  return db.withSystem(async (tx) => {
    const word = `(CASE WHEN g % 50 = 0 THEN 'Peña' ELSE (ARRAY['Corte','Tinte','Mechas','Uñas','Barba','Alisado'])[1 + g % 6] END)`;
    await tx.query(
      `INSERT INTO services (tenant_id, name, duration_minutes, price_amount, price_currency, tax_percentage, color)
       SELECT $1::uuid, ${word} || ' ' || substr(md5(g::text || $1::text), 1, 10), 30, 1000, 'EUR', 21, '#228be6' FROM generate_series(1, 3000) g`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO inventory_items (tenant_id, name, sku, tax_percentage)
       SELECT $1::uuid, ${word} || ' ' || substr(md5(g::text || $1::text), 1, 10), 'SKU-' || g, 21 FROM generate_series(1, 3000) g`,
      [tenantId],
    );
    const { rows } = await tx.query<{ id: string }>(`INSERT INTO customers (tenant_id, name, last_name) VALUES ($1, 'Flota', 'Transportes') RETURNING id`, [tenantId]);
    const customerId = rows[0]!.id;
    await tx.query(
      `INSERT INTO service_objects (tenant_id, customer_id, name, kind, identifier)
       SELECT $1::uuid, $2::uuid, ${word} || ' ' || substr(md5(g::text || $1::text), 1, 10), 'Furgoneta', 'P-' || g FROM generate_series(1, 3000) g`,
      [tenantId, customerId],
    );
    return customerId;
  });
}

export function catalogueSearchSuite(server: () => TestServer) {
  describe('catalogue search', () => {
    it('keeps every catalogue trigram index tenant-first', async () => {
      const { rows } = await server().db.withSystem((tx) =>
        tx.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes
            WHERE indexname IN ('services_search_idx', 'inventory_items_search_idx', 'service_objects_search_idx', 'customers_search_idx')
            ORDER BY indexname`,
        ),
      );
      expect(rows.map((row) => [row.indexname, row.indexdef.replace(/^.*USING gin /, '').replace(/ WITH .*$/, '')])).toEqual([
        ['customers_search_idx', '(tenant_id, search gin_trgm_ops)'],
        ['inventory_items_search_idx', '(tenant_id, search gin_trgm_ops)'],
        ['service_objects_search_idx', '(tenant_id, customer_id, search gin_trgm_ops)'],
        ['services_search_idx', '(tenant_id, search gin_trgm_ops)'],
      ]);
    });

    it('finds "Peña" by "pena" in services, products and objects, never another business\'s, with the lists\' filters and totals', async () => {
      const s = server();
      const a = await signUpOwner(s, 'cat-search-a');
      const b = await signUpOwner(s, 'cat-search-b');
      const setUp = async ({ owner, tenant }: { owner: Actor; tenant: { id: string } }) => {
        const tenantId = tenant.id;
        const service = async (name: string, active = true) =>
          (await ok(createService({ client: owner.client, path: { tenantId }, body: { service: { name, durationMinutes: 30, price: { amount: 1000, currency: 'EUR' }, active } } }), 201)).service;
        const product = async (name: string, active = true) =>
          (await ok(createInventoryItem({ client: owner.client, path: { tenantId }, body: { inventoryItem: { name, unit: 'INVENTORY_UNIT_PIECE', active } } }), 201)).inventoryItem;
        const services = [await service('Tinte Peña'), await service('Peñascal corte', false), await service('Mechas PEÑA')];
        const products = [await product('Champú Peña'), await product('Cera Peñafiel', false), await product('Laca PENA')];
        const { customer } = await ok(createCustomer({ client: owner.client, path: { tenantId }, body: { customer: { name: 'Lucía' } } }), 201);
        const objects = [];
        for (const name of ['Perro Peña', 'Coche peñasco', 'Moto']) {
          objects.push((await ok(createServiceObject({ client: owner.client, path: { tenantId, customerId: customer.id }, body: { serviceObject: { name } } }), 201)).serviceObject);
        }
        return { owner, tenantId, customerId: customer.id, services, products, objects };
      };
      const [one, two] = [await setUp(a), await setUp(b)];

      for (const { owner, tenantId, customerId, services, products, objects } of [one, two]) {
        const serviceIds = async (query: { q: string; active?: boolean }) => {
          const page = await ok(listServices({ client: owner.client, path: { tenantId }, query: { ...query, sort: 'name', limit: 200 } }));
          return { ids: page.items.map((item) => item.id), total: page.total };
        };
        expect(await serviceIds({ q: 'pena' })).toEqual({ ids: [services[2]!.id, services[1]!.id, services[0]!.id], total: 3 });
        expect(await serviceIds({ q: 'PEÑA', active: true })).toEqual({ ids: [services[2]!.id, services[0]!.id], total: 2 });
        expect(await serviceIds({ q: 'tinte pe' })).toEqual({ ids: [services[0]!.id], total: 1 });

        const productIds = async (query: { q: string; active?: boolean }) => {
          const page = await ok(listInventoryItems({ client: owner.client, path: { tenantId }, query: { ...query, limit: 200 } }));
          return { ids: page.items.map((item) => item.id), total: page.total };
        };
        expect(await productIds({ q: '  pena ' })).toEqual({ ids: [products[1]!.id, products[0]!.id, products[2]!.id], total: 3 });
        expect(await productIds({ q: 'peña', active: false })).toEqual({ ids: [products[1]!.id], total: 1 });

        const objectIds = async (pattern: string) => (await ok(searchServiceObjects({ client: owner.client, path: { tenantId, customerId, pattern } }))).items.map((o) => o.id);
        expect(await objectIds('pena')).toEqual([objects[1]!.id, objects[0]!.id]);
        expect(await objectIds('PERRO peña')).toEqual([objects[0]!.id]);
        const listed = await ok(listServiceObjects({ client: owner.client, path: { tenantId, customerId }, query: { q: 'pEnA', limit: 1, offset: 1 } }));
        expect({ ids: listed.items.map((o) => o.id), total: listed.total }).toEqual({ ids: [objects[0]!.id], total: 2 });
      }

      // Deleted (or archived) services and deleted products are not found any more.
      expect((await deleteService({ client: one.owner.client, path: { tenantId: one.tenantId, id: one.services[0]!.id } })).response.status).toBe(204);
      expect((await deleteInventoryItem({ client: one.owner.client, path: { tenantId: one.tenantId, id: one.products[0]!.id } })).response.status).toBe(204);
      expect((await ok(listServices({ client: one.owner.client, path: { tenantId: one.tenantId }, query: { q: 'pena' } }))).total).toBe(2);
      expect((await ok(listInventoryItems({ client: one.owner.client, path: { tenantId: one.tenantId }, query: { q: 'pena' } }))).total).toBe(2);
      // …in that business only.
      expect((await ok(listServices({ client: two.owner.client, path: { tenantId: two.tenantId }, query: { q: 'pena' } }))).total).toBe(3);
      expect((await ok(listInventoryItems({ client: two.owner.client, path: { tenantId: two.tenantId }, query: { q: 'pena' } }))).total).toBe(3);
    });

    it('searches on the tenant-first trigram indexes, not a scan of the business\'s rows', async () => {
      const s = server();
      const a = await signUpOwner(s, 'cat-plan-a');
      const b = await signUpOwner(s, 'cat-plan-b');
      const c = await signUpOwner(s, 'cat-plan-c');
      const fleet = await fill(s.db, a.tenant.id);
      await fill(s.db, b.tenant.id);
      await fill(s.db, c.tenant.id);
      await s.db.withSystem(async (tx) => {
        await tx.query('ANALYZE services');
        await tx.query('ANALYZE inventory_items');
        await tx.query('ANALYZE service_objects');
      });
      // The statements service_search, inventory_item_search and service_object_search run as the
      // table owner (SECURITY DEFINER, pinned to the transaction's tenant): under row-level security
      // LIKE is not leakproof and could not use an index.
      const statements: Array<[string, string, unknown[]]> = [
        ['services_search_idx', `SELECT s.* FROM services s WHERE s.tenant_id = $1 AND s.search LIKE '%pena%'`, [a.tenant.id]],
        ['inventory_items_search_idx', `SELECT i.* FROM inventory_items i WHERE i.tenant_id = $1 AND i.search LIKE '%pena%'`, [a.tenant.id]],
        ['service_objects_search_idx', `SELECT o.* FROM service_objects o WHERE o.tenant_id = $1 AND o.customer_id = $2 AND o.search LIKE '%pena%'`, [a.tenant.id, fleet]],
      ];
      for (const [index, sql, params] of statements) {
        const text = await plan(s.db, sql, params);
        expect(text, text).toContain(`Bitmap Index Scan on ${index}`);
        expect(text, text).not.toMatch(/Seq Scan|Index Scan using/);
      }

      // …and the API answers from them with the business's rows only: 60 of its 3,000 of each.
      const { owner, tenant } = a;
      const services = await ok(listServices({ client: owner.client, path: { tenantId: tenant.id }, query: { q: 'pena', limit: 200 } }));
      expect(services.total).toBe(60);
      expect(services.items.every((item) => item.tenantId === tenant.id && item.name.startsWith('Peña '))).toBe(true);
      const products = await ok(listInventoryItems({ client: owner.client, path: { tenantId: tenant.id }, query: { q: 'pena', limit: 200 } }));
      expect(products.total).toBe(60);
      expect(products.items.every((item) => item.tenantId === tenant.id && item.name.startsWith('Peña '))).toBe(true);
      const objects = await ok(searchServiceObjects({ client: owner.client, path: { tenantId: tenant.id, customerId: fleet, pattern: 'pena' }, query: { limit: 200 } }));
      expect(objects.total).toBe(60);
      expect(objects.items.every((item) => item.tenantId === tenant.id && item.customerId === fleet && item.name.startsWith('Peña '))).toBe(true);
    }, 120_000);
  });
}
