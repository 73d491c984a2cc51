import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { ServiceObjectInput } from '../../generated/types.gen.ts';
import { json } from '../kit/rows.ts';
import { assertAssetsExist } from '../assets/references.ts';
import { purgeStorageKeys, trashStorageKeys, UNREFERENCED_IN_TENANT, type TrashedKey } from '../assets/cleanup.ts';
import type { AssetStorage } from '../assets/storage.ts';
import type { Queryable } from '../db/database.ts';
import { notFound, unprocessable } from '../problem.ts';
import { listPage } from '../kit/pages.ts';
import { authorize } from '../tenancy/roles.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { toServiceObject } from '../service-objects/mappers.ts';
import { idempotencyKeyOf, idempotent, staleVersion } from '../kit/write-rules.ts';

type Handlers = Pick<
  RouteHandlers,
  'listServiceObjects' | 'searchServiceObjects' | 'createServiceObject' | 'getServiceObject' | 'updateServiceObject' | 'deleteServiceObject'
>;


/** The words of a search (at most 8): each must occur in the folded name, kind, brand, model or identifier. */
export function searchWords(pattern: string | undefined): string[] {
  return (pattern ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** Trimmed fields, with blank optional text left out. */
function normalize(input: ServiceObjectInput) {
  const text = (value: string | undefined) => value?.trim() || null;
  return {
    name: input.name.trim(),
    kind: text(input.kind),
    brand: text(input.brand),
    model: text(input.model),
    identifier: text(input.identifier),
    notes: text(input.notes),
    photos: (input.photos ?? []).map((photo) => ({ assetId: photo.assetId, ...(photo.caption?.trim() ? { caption: photo.caption.trim() } : {}) })),
    attributes: (input.attributes ?? []).map((attribute) => ({ key: attribute.key.trim(), value: attribute.value.trim() })),
  };
}

/** What the schema cannot say, as 422 naming the field; then the photos must be images of the business. */
async function checkInput(tx: Queryable, tenantId: string, input: ReturnType<typeof normalize>): Promise<void> {
  if (!input.name) throw unprocessable('/serviceObject/name', 'blank', 'Enter a name.');
  const keys = new Set<string>();
  input.attributes.forEach((attribute, i) => {
    if (!attribute.key) throw unprocessable(`/serviceObject/attributes/${i}/key`, 'blank', 'Enter the attribute name.');
    const folded = attribute.key.toLocaleLowerCase();
    if (keys.has(folded)) throw unprocessable(`/serviceObject/attributes/${i}/key`, 'duplicate_attribute', 'Each attribute name can appear only once.');
    keys.add(folded);
  });
  const photos = new Set<string>();
  input.photos.forEach((photo, i) => {
    if (photos.has(photo.assetId)) throw unprocessable(`/serviceObject/photos/${i}/assetId`, 'duplicate_photo', 'This photo is already in the list.');
    photos.add(photo.assetId);
  });
  await assertAssetsExist(
    tx,
    tenantId,
    input.photos.map((photo, i) => ({ id: photo.assetId, field: `/serviceObject/photos/${i}/assetId` })),
  );
}

async function requireCustomer(tx: Queryable, tenantId: string, customerId: string): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, customerId]);
  if (rows.length === 0) throw notFound('The customer was not found.');
}

/**
 * Deletes the images that were photos of a service object and are not shown elsewhere in the
 * business (another object, the logo or cover, a service); their storage keys go to the asset trash
 * in the same transaction and are answered, to delete the bytes after commit.
 */
async function deletePhotoAssets(tx: Queryable, tenantId: string, assetIds: string[]): Promise<TrashedKey[]> {
  if (assetIds.length === 0) return [];
  const { rows } = await tx.query<TrashedKey>(
    `DELETE FROM assets a
      WHERE a.tenant_id = $1 AND a.id = ANY($2::uuid[]) AND ${UNREFERENCED_IN_TENANT}
      RETURNING a.tenant_id, a.storage_key`,
    [tenantId, assetIds],
  );
  await trashStorageKeys(tx, tenantId, rows.map((row) => row.storage_key));
  return rows;
}

export function serviceObjectHandlers({ db }: HandlerDeps, storage: AssetStorage): Handlers {
  /** A page of a customer's objects whose folded text contains every word, by name then id. */
  async function page(tenantId: string, customerId: string, words: string[], limit: number, offset: number) {
    return db.withTenant(tenantId, async (tx) => {
      await requireCustomer(tx, tenantId, customerId);
      // A search reads service_object_search's rows (on the tenant-first trigram index, migration 018)
      // instead of the table: LIKE under row-level security could not use the index.
      const params: unknown[] = [tenantId, customerId];
      let from = 'service_objects s';
      if (words.length > 0) {
        params.push(words);
        from = `service_object_search($2::uuid, $${params.length}::text[]) s`;
      }
      return listPage(tx, { select: 's.*', from, where: 's.tenant_id = $1 AND s.customer_id = $2', orderBy: 'cita_fold(s.name), s.id', params, limit, offset }, toServiceObject);
    });
  }

  const removeFiles = (keys: TrashedKey[], log: { warn: (o: object, m: string) => void }) => purgeStorageKeys(db, storage, keys, log);

  return {
    async listServiceObjects(request, reply) {
      const { tenantId, customerId } = request.params;
      await authorize(db, request, tenantId, 'serviceObjects', 'read');
      const { limit = 50, offset = 0, q } = request.query ?? {};
      return reply.code(200).send(await page(tenantId, customerId, searchWords(q), limit, offset));
    },

    async searchServiceObjects(request, reply) {
      const { tenantId, customerId, pattern } = request.params;
      await authorize(db, request, tenantId, 'serviceObjects', 'read');
      const { limit = 50, offset = 0 } = request.query ?? {};
      const words = searchWords(pattern);
      if (words.length === 0) return reply.code(200).send({ items: [], total: 0 });
      return reply.code(200).send(await page(tenantId, customerId, words, limit, offset));
    },

    async createServiceObject(request, reply) {
      const { tenantId, customerId } = request.params;
      await authorize(db, request, tenantId, 'serviceObjects', 'write');
      const input = normalize(request.body.serviceObject);
      const stored = await db.withTenant(tenantId, async (tx) => {
        await requireCustomer(tx, tenantId, customerId);
        // The customer is part of what the key stands for: the same key for another customer is another request.
        return idempotent(tx, tenantId, idempotencyKeyOf(request), 'createServiceObject', { customerId, ...request.body }, async () => {
          await checkInput(tx, tenantId, input);
          const { rows } = await tx.query(
            `INSERT INTO service_objects (tenant_id, customer_id, name, kind, brand, model, identifier, notes, photos, attributes)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
            [tenantId, customerId, input.name, input.kind, input.brand, input.model, input.identifier, input.notes, JSON.stringify(input.photos), JSON.stringify(input.attributes)],
          );
          return { status: 201, body: { serviceObject: toServiceObject(rows[0]!) } };
        });
      });
      return reply.code(201).send(stored.body);
    },

    async getServiceObject(request, reply) {
      const { tenantId, customerId, id } = request.params;
      await authorize(db, request, tenantId, 'serviceObjects', 'read');
      const row = await db.withTenant(tenantId, async (tx) =>
        (await tx.query('SELECT * FROM service_objects WHERE tenant_id = $1 AND id = $2 AND customer_id = $3', [tenantId, id, customerId])).rows[0],
      );
      if (!row) throw notFound();
      return reply.code(200).send({ serviceObject: toServiceObject(row) });
    },

    async updateServiceObject(request, reply) {
      const { tenantId, customerId, id } = request.params;
      await authorize(db, request, tenantId, 'serviceObjects', 'write');
      const { version } = request.body.serviceObject;
      const input = normalize(request.body.serviceObject);
      const { row, dropped } = await db.withTenant(tenantId, async (tx) => {
        const current = (
          await tx.query<{ version: number; photos: unknown }>(
            'SELECT version, photos FROM service_objects WHERE tenant_id = $1 AND id = $2 AND customer_id = $3 FOR UPDATE',
            [tenantId, id, customerId],
          )
        ).rows[0];
        if (!current) throw notFound();
        if (Number(current.version) !== version) throw staleVersion();
        await checkInput(tx, tenantId, input);
        const { rows } = await tx.query(
          `UPDATE service_objects
              SET name = $4, kind = $5, brand = $6, model = $7, identifier = $8, notes = $9, photos = $10, attributes = $11, version = version + 1
            WHERE tenant_id = $1 AND id = $2 AND version = $3 RETURNING *`,
          [tenantId, id, version, input.name, input.kind, input.brand, input.model, input.identifier, input.notes, JSON.stringify(input.photos), JSON.stringify(input.attributes)],
        );
        const kept = new Set(input.photos.map((photo) => photo.assetId));
        const before = json<Array<{ assetId: string }>>(current.photos).map((photo) => photo.assetId);
        const dropped = await deletePhotoAssets(tx, tenantId, before.filter((assetId) => !kept.has(assetId)));
        return { row: rows[0]!, dropped };
      });
      await removeFiles(dropped, request.log);
      return reply.code(200).send({ serviceObject: toServiceObject(row) });
    },

    async deleteServiceObject(request, reply) {
      const { tenantId, customerId, id } = request.params;
      await authorize(db, request, tenantId, 'serviceObjects', 'delete');
      const keys = await db.withTenant(tenantId, async (tx) => {
        const { rows } = await tx.query<{ photos: unknown }>(
          'DELETE FROM service_objects WHERE tenant_id = $1 AND id = $2 AND customer_id = $3 RETURNING photos',
          [tenantId, id, customerId],
        );
        if (!rows[0]) throw notFound();
        return deletePhotoAssets(tx, tenantId, json<Array<{ assetId: string }>>(rows[0].photos).map((photo) => photo.assetId));
      });
      await removeFiles(keys, request.log);
      return reply.code(204).send();
    },
  };
}
