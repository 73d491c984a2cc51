import { createHash, randomUUID } from 'node:crypto';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { decodeBase64, extensionOf, MAX_UPLOAD_BYTES, processUpload } from '../assets/images.ts';
import { purgeStorageKeys, trashStorageKeys } from '../assets/cleanup.ts';
import { toAsset } from '../assets/references.ts';
import type { AssetStorage } from '../assets/storage.ts';
import { forbidden, notFound } from '../problem.ts';
import { authorize, can } from '../tenancy/roles.ts';
import { sessionOf, type HandlerDeps } from '../kit/context.ts';
import { idempotencyKeyOf, idempotent } from '../kit/write-rules.ts';

type Handlers = Pick<RouteHandlers, 'uploadAsset' | 'removeAsset' | 'getAssetContent'>;

/**
 * Body limit of the upload route only (the server's global limit stays small): the largest image
 * (MAX_UPLOAD_BYTES) as base64 plus room for the JSON around it. server/app.ts sets it as the
 * route's `bodyLimit` for operation uploadAsset.
 */
export const ASSET_UPLOAD_BODY_LIMIT = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

/** An asset id never changes content (a new upload is a new id): the browser may keep it a year. */
export const ASSET_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/**
 * Images (issue "The business catalogue"): uploads are checked by content, re-encoded with sharp
 * (server/assets/images.ts) and kept in the asset storage; the `assets` row says whose they are.
 * Images are served only to members of their business, with the session's Bearer header: the SPA
 * fetches them into a Blob (no signed URLs that would work for anyone holding them).
 */
export function assetHandlers({ db }: HandlerDeps, storage: AssetStorage): Handlers {
  return {
    async uploadAsset(request, reply) {
      const { userId } = sessionOf(request);
      const { tenantId, payload, fileName, mimeType } = request.body;
      await authorize(db, request, tenantId, 'assets', 'write');
      // Decoding and re-encoding happen outside the transaction (CPU time must not hold a connection).
      const image = await processUpload(decodeBase64(payload));
      // The Idempotency-Key remembers a digest of the file, not the file (the body is up to 20 MB).
      const fingerprint = { userId, tenantId, fileName, mimeType, payloadSha256: createHash('sha256').update(payload).digest('hex') };
      // The bytes are stored before the transaction: a slow store (S3) must not hold it, and with it
      // PGlite's one connection, while it runs. A replay answers the first upload's asset, and the bytes
      // stored for it are deleted again, as they are when the transaction does not commit.
      const id = randomUUID();
      const storageKey = `${tenantId}/${id}.${extensionOf(image.mimeType)}`;
      await storage.put(storageKey, image.bytes);
      let inserted = false;
      const dropStored = () => storage.delete(storageKey).catch((cleanup) => request.log.warn({ err: cleanup }, 'orphan asset file left'));
      try {
        const result = await db.withTenant(tenantId, (tx) => {
          inserted = false; // per attempt, should the transaction be retried
          return idempotent(tx, tenantId, idempotencyKeyOf(request), 'uploadAsset', fingerprint, async () => {
            const { rows } = await tx.query(
              `INSERT INTO assets (tenant_id, id, storage_key, mime_type, file_name, size, original_size, width, height, created_by)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
              [tenantId, id, storageKey, image.mimeType, fileName, image.bytes.length, Math.ceil((payload.length * 3) / 4), image.width ?? null, image.height ?? null, userId],
            );
            inserted = true;
            return { status: 201, body: { asset: toAsset(rows[0]!) } };
          });
        });
        if (!inserted) await dropStored();
        return reply.code(201).send(result.body);
      } catch (error) {
        await dropStored();
        throw error;
      }
    },

    async removeAsset(request, reply) {
      const { userId } = sessionOf(request);
      const { id, tenantId } = request.body.asset;
      const role = await authorize(db, request, tenantId, 'assets', 'delete');
      // Someone else's avatar is theirs to change.
      const avatarOf = await db.withSystem(async (tx) =>
        (await tx.query<{ id: string }>('SELECT id FROM users WHERE avatar_tenant_id = $1 AND avatar_asset_id = $2', [tenantId, id])).rows,
      );
      if (avatarOf.some((user) => user.id !== userId)) throw forbidden('This image is another person\'s avatar.');
      const storageKey = await db.withTenant(tenantId, async (tx) => {
        const { rows } = await tx.query<{ storage_key: string }>('SELECT storage_key FROM assets WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]);
        if (!rows[0]) throw notFound();
        // The business logo and cover are part of its settings: owner or administrator.
        const usedByTenant = await tx.query('SELECT 1 FROM tenants WHERE id = $1 AND (logo_asset_id = $2 OR cover_asset_id = $2)', [tenantId, id]);
        if (usedByTenant.rows.length > 0 && !can(role, 'tenant', 'write')) {
          throw forbidden('Only the owner or an administrator can remove the business logo or cover.');
        }
        // A service's picture is part of the catalogue: owner or administrator. The service loses it
        // (its version moves on: the service changed).
        const usedByService = await tx.query('SELECT 1 FROM services WHERE tenant_id = $1 AND image_asset_id = $2', [tenantId, id]);
        if (usedByService.rows.length > 0 && !can(role, 'services', 'write')) {
          throw forbidden('Only the owner or an administrator can remove the picture of a service.');
        }
        await tx.query('UPDATE services SET image_asset_id = NULL, version = version + 1 WHERE tenant_id = $1 AND image_asset_id = $2', [tenantId, id]);
        // A product's photo likewise: owner or administrator (inventory), and the product's version moves on.
        const usedByProduct = await tx.query('SELECT 1 FROM inventory_items WHERE tenant_id = $1 AND image_asset_id = $2 AND deleted_at IS NULL', [tenantId, id]);
        if (usedByProduct.rows.length > 0 && !can(role, 'inventory', 'write')) {
          throw forbidden('Only the owner or an administrator can remove the photo of a product.');
        }
        await tx.query('UPDATE inventory_items SET image_asset_id = NULL, version = version + 1 WHERE tenant_id = $1 AND image_asset_id = $2', [tenantId, id]);
        // Service-object photos lose the image (their version moves on: the object changed).
        await tx.query(
          `UPDATE service_objects
              SET photos = coalesce((SELECT jsonb_agg(p ORDER BY n) FROM jsonb_array_elements(photos) WITH ORDINALITY AS e(p, n) WHERE p->>'assetId' <> $2::text), '[]'::jsonb),
                  version = version + 1
            WHERE tenant_id = $1 AND photos @> jsonb_build_array(jsonb_build_object('assetId', $2::text))`,
          [tenantId, id],
        );
        // The logo, cover and avatars that point at it are cleared by their foreign keys (ON DELETE SET NULL).
        await tx.query('DELETE FROM assets WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
        await trashStorageKeys(tx, tenantId, [rows[0].storage_key]);
        return rows[0].storage_key;
      });
      // The bytes go now, or later by the asset cleaner when the storage cannot be reached.
      await purgeStorageKeys(db, storage, [{ tenant_id: tenantId, storage_key: storageKey }], request.log);
      return reply.code(204).send();
    },

    async getAssetContent(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'assets', 'read');
      const row = await db.withTenant(tenantId, async (tx) =>
        (await tx.query<{ storage_key: string; mime_type: string }>('SELECT storage_key, mime_type FROM assets WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rows[0],
      );
      if (!row) throw notFound();
      const bytes = await storage.get(row.storage_key);
      if (!bytes) {
        request.log.error({ tenantId, assetId: id }, 'asset file missing from storage');
        throw notFound();
      }
      return reply
        .code(200)
        .header('content-type', row.mime_type)
        .header('cache-control', ASSET_CACHE_CONTROL)
        .header('content-disposition', 'inline')
        // The generated reply type knows only JSON bodies; this one is the image's bytes.
        .send(bytes as never);
    },
  };
}
