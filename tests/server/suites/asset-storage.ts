// Where image bytes live: an S3-compatible bucket (against an in-process fake S3, tests/server/fake-s3.ts)
// and the asset cleaner that deletes orphaned images (rows and bytes, on disk and on S3).
import { existsSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createService,
  createServiceObject,
  getAssetContent,
  removeAsset,
  updateService,
  updateServiceObject,
  updateTenant,
  updateUser,
  uploadAsset,
} from '../../../generated/sdk.gen.ts';
import { createAssetCleaner } from '../../../server/assets/cleanup.ts';
import { assetStorageFor, diskStorage } from '../../../server/assets/storage.ts';
import type { ServerConfig } from '../../../server/config.ts';
import { startFakeS3, type FakeS3 } from '../fake-s3.ts';
import { clientFor, ok, problem, signUp, signUpOwner, newTenant, type TestServer } from '../harness.ts';
import { IMAGE_CACHE_CONTROL, smallJpeg, upload } from './assets.ts';

const DAY = 24 * 3600;

/** Rows of `table` of a tenant, counted without row-level security. */
async function count(s: TestServer, table: 'assets' | 'asset_trash', tenantId: string): Promise<number> {
  return s.db.withSystem(async (tx) => (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [tenantId])).rows[0]!.n);
}

/** Makes images look `seconds` old, as if uploaded then. */
async function age(s: TestServer, tenantId: string, ids: string[], seconds: number) {
  await s.db.withSystem((tx) =>
    tx.query('UPDATE assets SET created_at = now() - make_interval(secs => $3) WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, ids, seconds]),
  );
}

export function assetStorageSuite(server: () => TestServer) {
  describe('images in an S3-compatible bucket', () => {
    let s3: FakeS3;
    let api: { baseUrl: string; config: ServerConfig };
    const prefix = 'cita/';

    beforeAll(async () => {
      s3 = await startFakeS3();
      api = await server().startWith({
        ASSET_S3_BUCKET: s3.bucket,
        ASSET_S3_ENDPOINT: s3.endpoint,
        ASSET_S3_REGION: 'eu-west-1',
        ASSET_S3_ACCESS_KEY_ID: s3.accessKeyId,
        ASSET_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        ASSET_S3_FORCE_PATH_STYLE: 'true',
        ASSET_S3_PREFIX: prefix,
      });
    });
    afterAll(async () => {
      await s3?.close();
    });

    /** A business whose owner talks to the S3-backed API. */
    async function owner(label: string) {
      const { owner: actor, tenant } = await signUpOwner(server(), label);
      return { client: clientFor(api.baseUrl, actor.token), tenant, actor };
    }

    it('stores uploads as signed objects under the prefix and serves them only through the API, to members', async () => {
      s3.setReachable(true);
      const { client, tenant } = await owner('s3-upload');
      const asset = await upload(client, tenant.id, await smallJpeg(), 'front.jpg');
      const key = `${prefix}${tenant.id}/${asset.id}.webp`;
      const stored = s3.objects.get(key);
      expect(stored?.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(stored?.contentType).toBe('image/webp');
      const put = s3.requests.find((r) => r.method === 'PUT' && r.key === key);
      expect(put?.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/\\d{8}/eu-west-1/s3/aws4_request`));
      expect(asset.url).toBe(`/v1/tenants/${tenant.id}/assets/${asset.id}`);

      const result = await getAssetContent({ client, path: { tenantId: tenant.id, id: asset.id } });
      expect(result.response.status).toBe(200);
      expect(result.response.headers.get('content-type')).toBe('image/webp');
      expect(result.response.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
      expect(Buffer.from(await (result.data as Blob).arrayBuffer()).equals(stored!.body)).toBe(true);

      const { owner: stranger } = await signUpOwner(server(), 's3-stranger');
      await problem(getAssetContent({ client: clientFor(api.baseUrl, stranger.token), path: { tenantId: tenant.id, id: asset.id } }), 404);

      await ok(removeAsset({ client, body: { asset: { id: asset.id, tenantId: tenant.id } } }), 204);
      expect(s3.objects.has(key)).toBe(false);
      expect(await count(server(), 'asset_trash', tenant.id)).toBe(0);
      await problem(getAssetContent({ client, path: { tenantId: tenant.id, id: asset.id } }), 404);
    });

    it('answers 503 when the bucket cannot be reached, writes nothing, and deletes the bytes once it is back', async () => {
      s3.setReachable(true);
      const { client, tenant } = await owner('s3-down');
      const kept = await upload(client, tenant.id, await smallJpeg());
      const keptKey = `${prefix}${tenant.id}/${kept.id}.webp`;
      s3.setReachable(false);
      try {
        const p = await problem(
          uploadAsset({ client, body: { tenantId: tenant.id, payload: (await smallJpeg()).toString('base64'), mimeType: 'image/jpeg', fileName: 'x.jpg' } }),
          503,
        );
        expect(p).toMatchObject({ status: 503, code: 'storage_unavailable', retryable: true });
        expect(await count(server(), 'assets', tenant.id)).toBe(1);
        expect(await problem(getAssetContent({ client, path: { tenantId: tenant.id, id: kept.id } }), 503)).toMatchObject({ code: 'storage_unavailable' });

        // Removing still works: the row goes now, the bytes wait in the trash.
        await ok(removeAsset({ client, body: { asset: { id: kept.id, tenantId: tenant.id } } }), 204);
        expect(await count(server(), 'assets', tenant.id)).toBe(0);
        expect(await count(server(), 'asset_trash', tenant.id)).toBe(1);
        expect(s3.objects.has(keptKey)).toBe(true);
      } finally {
        s3.setReachable(true);
      }
      const cleaner = createAssetCleaner({ db: server().db, storage: assetStorageFor(api.config.assets), leaseSeconds: 0 });
      await cleaner.runOnce();
      expect(s3.objects.has(keptKey)).toBe(false);
      expect(await count(server(), 'asset_trash', tenant.id)).toBe(0);
    });

    it('answers 503, not 500, when the bucket refuses the credentials', async () => {
      const wrong = await server().startWith({
        ASSET_S3_BUCKET: s3.bucket,
        ASSET_S3_ENDPOINT: s3.endpoint,
        ASSET_S3_ACCESS_KEY_ID: 'AKIAWRONG',
        ASSET_S3_SECRET_ACCESS_KEY: 'wrong',
        ASSET_S3_FORCE_PATH_STYLE: 'true',
      });
      const { actor, tenant } = await owner('s3-denied');
      const client = clientFor(wrong.baseUrl, actor.token);
      await problem(
        uploadAsset({ client, body: { tenantId: tenant.id, payload: (await smallJpeg()).toString('base64'), mimeType: 'image/jpeg', fileName: 'x.jpg' } }),
        503,
      );
      expect(await count(server(), 'assets', tenant.id)).toBe(0);
    });

    it('refuses half a set of credentials at start-up', () => {
      return expect(server().startWith({ ASSET_S3_BUCKET: 'b', ASSET_S3_ACCESS_KEY_ID: 'only-the-id' })).rejects.toThrow(/ASSET_S3_SECRET_ACCESS_KEY/);
    });
  });

  describe('the asset cleaner', () => {
    it('deletes old images nothing shows (never used, replaced, removed from an object), rows and files, and keeps the rest', async () => {
      const s = server();
      const storage = diskStorage(s.config.assets.dir);
      const fileOf = (tenantId: string, id: string) => joinPath(s.config.assets.dir, tenantId, `${id}.webp`);
      const { owner, tenant } = await signUpOwner(s, 'cleaner');
      const path = { tenantId: tenant.id };
      const images = async (n: number) => Promise.all(Array.from({ length: n }, async () => upload(owner.client, tenant.id, await smallJpeg())));
      const [neverUsed, oldLogo, logo, cover, servicePicture, oldServicePicture, photo, oldPhoto, avatar, recent] = await images(10);

      await ok(updateTenant({ client: owner.client, path, body: { tenant: { logoAssetId: oldLogo!.id, coverAssetId: cover!.id } } }));
      await ok(updateTenant({ client: owner.client, path, body: { tenant: { logoAssetId: logo!.id } } }));
      const { service } = await ok(
        createService({ client: owner.client, path, body: { service: { name: 'Corte', durationMinutes: 30, price: { amount: 1500, currency: 'EUR' }, imageAssetId: oldServicePicture!.id } } }),
        201,
      );
      await ok(updateService({ client: owner.client, path: { ...path, id: service.id }, body: { service: { name: 'Corte', durationMinutes: 30, price: { amount: 1500, currency: 'EUR' }, imageAssetId: servicePicture!.id, version: service.version } } }));
      const { customer } = await ok(createCustomer({ client: owner.client, path, body: { customer: { name: 'Lucía' } } }), 201);
      const objectPath = { ...path, customerId: customer.id };
      const { serviceObject } = await ok(
        createServiceObject({ client: owner.client, path: objectPath, body: { serviceObject: { name: 'Coche', photos: [{ assetId: photo!.id }, { assetId: oldPhoto!.id }] } } }),
        201,
      );
      await ok(updateUser({ client: owner.client, path: { id: owner.userId }, body: { user: { avatarAssetId: avatar!.id } } }));
      // Everything looks two days old but `recent`.
      const all = [neverUsed, oldLogo, logo, cover, servicePicture, oldServicePicture, photo, oldPhoto, avatar].map((a) => a!.id);
      await age(s, tenant.id, all, 2 * DAY);
      // The object drops a photo after the aging: the update itself deletes it (nothing else shows it).
      await ok(
        updateServiceObject({ client: owner.client, path: { ...objectPath, id: serviceObject.id }, body: { serviceObject: { name: 'Coche', photos: [{ assetId: photo!.id }], version: serviceObject.version } } }),
      );
      expect(existsSync(fileOf(tenant.id, oldPhoto!.id))).toBe(false);

      const cleaner = createAssetCleaner({ db: s.db, storage, graceSeconds: DAY });
      await cleaner.runOnce();
      const gone = [neverUsed, oldLogo, oldServicePicture];
      const kept = [logo, cover, servicePicture, photo, avatar, recent];
      for (const asset of gone) {
        await problem(getAssetContent({ client: owner.client, path: { tenantId: tenant.id, id: asset!.id } }), 404);
        expect(existsSync(fileOf(tenant.id, asset!.id))).toBe(false);
      }
      for (const asset of kept) {
        expect((await getAssetContent({ client: owner.client, path: { tenantId: tenant.id, id: asset!.id } })).response.status).toBe(200);
        expect(existsSync(fileOf(tenant.id, asset!.id))).toBe(true);
      }
      expect(await count(s, 'assets', tenant.id)).toBe(kept.length);
      expect(await count(s, 'asset_trash', tenant.id)).toBe(0);
    });

    it('is safe with several instances at once: each orphan is deleted once, nothing else', async () => {
      const s = server();
      const storage = diskStorage(s.config.assets.dir);
      const owner = await signUp(s, 'cleaners');
      const tenant = await newTenant(owner);
      const orphans = await Promise.all(Array.from({ length: 12 }, async () => upload(owner.client, tenant.id, await smallJpeg())));
      const logo = await upload(owner.client, tenant.id, await smallJpeg());
      await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { logoAssetId: logo.id } } }));
      await age(s, tenant.id, [...orphans, logo].map((a) => a.id), 2 * DAY);
      const cleaners = [1, 2, 3].map(() => createAssetCleaner({ db: s.db, storage, graceSeconds: DAY, batchSize: 5 }));
      let deleted = 0;
      for (let round = 0; round < 4; round += 1) {
        const passes = await Promise.all(cleaners.map((cleaner) => cleaner.runOnce()));
        deleted += passes.reduce((sum, pass) => sum + pass.orphans, 0);
      }
      expect(deleted).toBeGreaterThanOrEqual(orphans.length);
      expect(await count(s, 'assets', tenant.id)).toBe(1);
      expect(await count(s, 'asset_trash', tenant.id)).toBe(0);
      for (const orphan of orphans) expect(existsSync(joinPath(s.config.assets.dir, tenant.id, `${orphan.id}.webp`))).toBe(false);
    });

    it('starts, runs on its interval and stops cleanly', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'cleaner-timer');
      const orphan = await upload(owner.client, tenant.id, await smallJpeg());
      await age(s, tenant.id, [orphan.id], 2 * DAY);
      const cleaner = createAssetCleaner({ db: s.db, storage: diskStorage(s.config.assets.dir), graceSeconds: DAY, intervalMs: 20 });
      cleaner.start();
      await expect.poll(() => count(s, 'assets', tenant.id), { timeout: 10_000 }).toBe(0);
      await cleaner.stop();
    });
  });
}
