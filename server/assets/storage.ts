import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3AssetConfig, ServerConfig } from '../config.ts';
import { HttpProblem } from '../problem.ts';

/**
 * Where image bytes live. The database row (table `assets`) is the source of truth for who may see
 * what; the storage only keeps bytes under opaque keys ("<tenantId>/<assetId>.webp").
 *
 * Backends: the local disk under DATA_DIR/assets (the default), or an S3-compatible bucket
 * (ASSET_S3_BUCKET…, see the README). Either way the bytes are served only through the API
 * (getAssetContent), to members of the business: the bucket needs no public access.
 * A backend that cannot be reached throws `storageUnavailable()` (503 problem+json, retryable).
 */
export interface AssetStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when the key holds nothing. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(webp|jpg|png|pdf)$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new TypeError(`invalid asset storage key ${JSON.stringify(key)}`);
  return key;
}

export const storageUnavailable = () =>
  new HttpProblem(503, 'The image storage cannot be reached; try again in a moment.', 'storage_unavailable', undefined, { retryable: true });

/** Files under `root`, written atomically (temporary file + rename). */
export function diskStorage(root: string): AssetStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, checkKey(key)));
    if (!path.startsWith(base + sep)) throw new TypeError('asset storage key escapes the root');
    return path;
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * Objects in an S3-compatible bucket, under `prefix` + key. Requests time out quickly (2 s to
 * connect, 15 s in all) and are tried twice at most, so that an unreachable bucket answers 503 in
 * seconds instead of holding requests; every failure but "no such key" is a 503 (logged here with
 * its cause, since the client only sees that the storage is unavailable).
 */
export function s3Storage(config: S3AssetConfig, log?: Log): AssetStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores (older MinIO, R2) refuse
    // the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 15_000 },
  });
  const Bucket = config.bucket;
  const keyOf = (key: string) => config.prefix + checkKey(key);
  const unavailable = (operation: string, key: string, error: unknown) => {
    log?.error({ err: error, bucket: Bucket, key: keyOf(key), operation }, 'asset storage (S3) unavailable');
    return storageUnavailable();
  };
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);
  return {
    kind: 's3',
    async put(key, bytes) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: key.endsWith('.pdf') ? 'application/pdf' : 'image/webp', ContentLength: bytes.length }));
      } catch (error) {
        throw unavailable('put', key, error);
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!object.Body) return undefined;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw unavailable('get', key, error);
      }
    },
    async delete(key) {
      try {
        // S3 answers 204 for a key that does not exist: deleting twice is fine.
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      } catch (error) {
        if (isMissing(error)) return;
        throw unavailable('delete', key, error);
      }
    },
  };
}

/** The storage the configuration asks for: the S3-compatible bucket when set, else the disk. */
export function assetStorageFor(config: ServerConfig['assets'], log?: Log): AssetStorage {
  return config.s3 ? s3Storage(config.s3, log) : diskStorage(config.dir);
}
