// Images: upload checked by content, re-encoded and resized; served only to members of their
// business; references by asset id (logo, cover, avatar) and removal.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { getAssetContent, getTenant, getUser, removeAsset, updateTenant, updateUser, uploadAsset } from '../../../generated/sdk.gen.ts';
import type { Asset } from '../../../generated/types.gen.ts';
import type { Client } from '../../../generated/client/index.ts';
import { fields, join, ok, problem, raw, signUpOwner, type TestServer } from '../harness.ts';

/**
 * What the README promises, written here rather than read from the server's constants (a test that
 * compares the server with itself passes whatever it says): images are cached privately (never by a
 * shared cache: they belong to one business) as immutable, and an upload may be 15 MB.
 */
export const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
const UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024;

/** A raw RGB picture: a gradient with some grain, like a photo (it does not compress to nothing). */
function picture(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomBytes(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const n = grain[y * width + x]! % 24;
      pixels[i] = (Math.floor((x * 255) / width) + n) & 255;
      pixels[i + 1] = (Math.floor((y * 255) / height) + n) & 255;
      pixels[i + 2] = 128 + n;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export async function upload(client: Client, tenantId: string, bytes: Buffer, fileName = 'photo.jpg', mimeType: Asset['mimeType'] = 'image/jpeg'): Promise<Asset> {
  const { asset } = await ok(uploadAsset({ client, body: { tenantId, payload: bytes.toString('base64'), mimeType, fileName } }), 201);
  return asset;
}

/** A small JPEG made with sharp, for tests that only need some image. */
export const smallJpeg = () => picture(64, 48).jpeg().toBuffer();

async function content(client: Client, tenantId: string, id: string) {
  const result = await getAssetContent({ client, path: { tenantId, id } });
  expect(result.response.status).toBe(200);
  return { bytes: Buffer.from(await (result.data as Blob).arrayBuffer()), response: result.response };
}

export function assetSuite(server: () => TestServer) {
  describe('uploading images', () => {
    it.each([
      ['JPEG', 'image/jpeg', (s: Sharp) => s.jpeg()],
      ['PNG', 'image/png', (s: Sharp) => s.png()],
      ['WebP', 'image/webp', (s: Sharp) => s.webp()],
    ] as const)('stores a %s as WebP and serves it to the members of the business only', async (_name, mimeType, encode) => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'uploader');
      const original = await encode(picture(320, 240)).toBuffer();
      const asset = await upload(owner.client, tenant.id, original, 'front.img', mimeType);
      expect(asset).toMatchObject({
        tenantId: tenant.id,
        mimeType: 'image/webp',
        fileName: 'front.img',
        width: 320,
        height: 240,
        createdBy: owner.userId,
        url: `/v1/tenants/${tenant.id}/assets/${asset.id}`,
      });

      const { bytes, response } = await content(owner.client, tenant.id, asset.id);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
      expect(bytes.length).toBe(asset.size);
      const stored = await sharp(bytes).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['webp', 320, 240]);

      // Another business's owner: 404 through their own business and through this one.
      const { owner: stranger, tenant: theirs } = await signUpOwner(s, 'stranger');
      await problem(getAssetContent({ client: stranger.client, path: { tenantId: tenant.id, id: asset.id } }), 404);
      await problem(getAssetContent({ client: stranger.client, path: { tenantId: theirs.id, id: asset.id } }), 404);
      // Without a session: 401.
      expect((await raw(s.baseUrl, 'GET', asset.url)).response.status).toBe(401);
    });

    it('resizes a large photo to 1600 px, applies its orientation and drops its EXIF, storing far fewer bytes', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'big-photo');
      // 2400 × 1800, stored by the camera on its side (EXIF orientation 6: rotate 90° to show it).
      const original = await picture(2400, 1800).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const asset = await upload(owner.client, tenant.id, original, 'IMG_2041.JPG');
      expect([asset.width, asset.height]).toEqual([1200, 1600]);
      expect(asset.size).toBeLessThan(original.length / 4);

      const { bytes } = await content(owner.client, tenant.id, asset.id);
      const stored = await sharp(bytes).metadata();
      expect([stored.width, stored.height]).toEqual([1200, 1600]);
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
    });

    it('refuses a text file named .jpg and a damaged JPEG, naming the reason', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'fake-jpg');
      const text = Buffer.from('This is not a picture, just a text file with a .jpg name.\n'.repeat(20));
      const p = await problem(uploadAsset({ client: owner.client, body: { tenantId: tenant.id, payload: text.toString('base64'), mimeType: 'image/jpeg', fileName: 'holiday.jpg' } }), 422);
      expect(p.errors).toEqual([expect.objectContaining({ field: '/payload', code: 'not_an_image' })]);
      expect(p.detail).toMatch(/not a JPEG, PNG or WebP image/);

      // JPEG magic bytes followed by garbage: not decodable.
      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
      const q = await problem(uploadAsset({ client: owner.client, body: { tenantId: tenant.id, payload: broken.toString('base64'), mimeType: 'image/jpeg', fileName: 'broken.jpg' } }), 422);
      expect(fields(q)).toEqual(['/payload']);
      expect(q.errors?.[0]?.code).toBe('unreadable_image');
    });

    it('refuses a file over 15 MB with 413, and takes one of exactly 15 MB to be read', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'too-big');
      const jpegOfSize = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);
      const send = (bytes: Buffer) =>
        uploadAsset({ client: owner.client, body: { tenantId: tenant.id, payload: bytes.toString('base64'), mimeType: 'image/jpeg', fileName: 'huge.jpg' } });
      const p = await problem(send(jpegOfSize(UPLOAD_LIMIT_BYTES + 1)), 413);
      expect(p.detail).toMatch(/larger than 15 MB/);
      // Exactly 15 MB is within the limit: it is read (and refused for what it is, no picture), not refused for its size.
      const q = await problem(send(jpegOfSize(UPLOAD_LIMIT_BYTES)), 422);
      expect(q.errors?.[0]?.code).toBe('unreadable_image');
    });

    it('stores a retried upload once per Idempotency-Key (per business), and refuses the key with another file', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'upload-retry');
      const filesOnDisk = () => (existsSync(joinPath(s.config.assets.dir, tenant.id)) ? readdirSync(joinPath(s.config.assets.dir, tenant.id)).length : 0);
      const rows = async () =>
        s.db.withSystem(async (tx) => (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM assets WHERE tenant_id = $1', [tenant.id])).rows[0]!.n);
      const photo = (await smallJpeg()).toString('base64');
      const body = { tenantId: tenant.id, payload: photo, mimeType: 'image/jpeg' as const, fileName: 'retry.jpg' };
      const key = `upload-${randomUUID()}`;
      const send = (payload = body) => uploadAsset({ client: owner.client, body: payload, headers: { 'Idempotency-Key': key } });

      const first = await ok(send(), 201);
      const again = await ok(send(), 201);
      expect(again.asset).toEqual(first.asset);
      expect(await rows()).toBe(1);
      expect(filesOnDisk()).toBe(1);

      // Another file (or name) with the same key: 422 idempotency_key_reused, nothing stored.
      const other = await problem(send({ ...body, payload: (await smallJpeg()).toString('base64') }), 422);
      expect(other.errors?.[0]).toMatchObject({ field: 'Idempotency-Key', code: 'idempotency_key_reused' });
      await problem(send({ ...body, fileName: 'renamed.jpg' }), 422);
      expect(await rows()).toBe(1);
      expect(filesOnDisk()).toBe(1);

      // Concurrent retries of one upload also store it once.
      const concurrentKey = `upload-${randomUUID()}`;
      const answers = await Promise.all(
        [1, 2, 3].map(() => ok(uploadAsset({ client: owner.client, body, headers: { 'Idempotency-Key': concurrentKey } }), 201)),
      );
      expect(new Set(answers.map((answer) => answer.asset.id)).size).toBe(1);
      expect(await rows()).toBe(2);
      expect(filesOnDisk()).toBe(2);

      // Keys are remembered per business: the same key in another business is a new upload there.
      const { owner: otherOwner, tenant: otherTenant } = await signUpOwner(s, 'upload-retry-other');
      const theirs = await ok(uploadAsset({ client: otherOwner.client, body: { ...body, tenantId: otherTenant.id }, headers: { 'Idempotency-Key': key } }), 201);
      expect(theirs.asset.id).not.toBe(first.asset.id);
      expect(theirs.asset.tenantId).toBe(otherTenant.id);
      // Without a key, each upload is a new image.
      await upload(owner.client, tenant.id, await smallJpeg());
      expect(await rows()).toBe(3);
    });

    it('lets members upload, and refuses strangers of the business with 404', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'team-upload');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'member-upload');
      const asset = await upload(member.client, tenant.id, await smallJpeg());
      expect(asset.createdBy).toBe(member.userId);
      const { owner: stranger } = await signUpOwner(s, 'stranger-upload');
      await problem(uploadAsset({ client: stranger.client, body: { tenantId: tenant.id, payload: (await smallJpeg()).toString('base64'), mimeType: 'image/jpeg', fileName: 'x.jpg' } }), 404);
    });
  });

  describe('referencing and removing images', () => {
    it('sets the business logo and cover by asset id; removing the logo clears it; members may not remove it', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'logo');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'logo-member');
      const logo = await upload(owner.client, tenant.id, await picture(200, 200).png().toBuffer(), 'logo.png', 'image/png');
      const cover = await upload(owner.client, tenant.id, await smallJpeg(), 'cover.jpg');
      const { tenant: updated } = await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { logoAssetId: logo.id, coverAssetId: cover.id } } }));
      expect(updated).toMatchObject({ logoAssetId: logo.id, coverAssetId: cover.id });

      // An image of another business cannot become this one's logo.
      const { owner: other, tenant: otherTenant } = await signUpOwner(s, 'logo-other');
      const foreign = await upload(other.client, otherTenant.id, await smallJpeg());
      const p = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { logoAssetId: foreign.id } } }), 422);
      expect(p.errors).toEqual([expect.objectContaining({ field: '/tenant/logoAssetId', code: 'unknown_asset' })]);

      await problem(removeAsset({ client: member.client, body: { asset: { id: logo.id, tenantId: tenant.id } } }), 403);
      await problem(removeAsset({ client: other.client, body: { asset: { id: logo.id, tenantId: tenant.id } } }), 404);
      await ok(removeAsset({ client: owner.client, body: { asset: { id: logo.id, tenantId: tenant.id } } }), 204);
      const { tenant: after } = await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(after.logoAssetId).toBeUndefined();
      expect(after.coverAssetId).toBe(cover.id);
      await problem(getAssetContent({ client: owner.client, path: { tenantId: tenant.id, id: logo.id } }), 404);
      await problem(removeAsset({ client: owner.client, body: { asset: { id: logo.id, tenantId: tenant.id } } }), 404);

      // null removes the cover.
      const { tenant: bare } = await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { coverAssetId: null } } }));
      expect(bare.coverAssetId).toBeUndefined();
    });

    it('sets the user avatar from an image they uploaded; others may not remove it', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'avatar');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'avatar-member');
      const avatar = await upload(member.client, tenant.id, await smallJpeg(), 'me.jpg');
      const { user } = await ok(updateUser({ client: member.client, path: { id: member.userId }, body: { user: { avatarAssetId: avatar.id } } }));
      expect(user.avatarAsset).toEqual({ id: avatar.id, tenantId: tenant.id });
      // The owner sees it and can fetch it; but it is the member's to remove.
      const { user: seen } = await ok(getUser({ client: owner.client, path: { id: member.userId } }));
      expect(seen.avatarAsset?.id).toBe(avatar.id);
      await content(owner.client, tenant.id, avatar.id);
      await problem(removeAsset({ client: owner.client, body: { asset: { id: avatar.id, tenantId: tenant.id } } }), 403);

      // Someone else's image is not an avatar of yours.
      const ownerImage = await upload(owner.client, tenant.id, await smallJpeg());
      const p = await problem(updateUser({ client: member.client, path: { id: member.userId }, body: { user: { avatarAssetId: ownerImage.id } } }), 422);
      expect(fields(p)).toEqual(['/user/avatarAssetId']);
      await problem(updateUser({ client: member.client, path: { id: member.userId }, body: { user: { avatarAssetId: randomUUID() } } }), 422);

      await ok(removeAsset({ client: member.client, body: { asset: { id: avatar.id, tenantId: tenant.id } } }), 204);
      const { user: after } = await ok(getUser({ client: member.client, path: { id: member.userId } }));
      expect(after.avatarAsset).toBeUndefined();
    });
  });
}
