import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where image bytes live. The database row (table `assets`) is the source of truth for who may see
 * what; the storage only keeps bytes under opaque keys ("<tenantId>/<assetId>.webp").
 *
 * Backends: the local disk under DATA_DIR/assets (the default, and the only one implemented).
 * An S3-compatible bucket is planned behind the same interface (ASSET_S3_BUCKET, ASSET_S3_ENDPOINT,
 * ASSET_S3_REGION, ASSET_S3_ACCESS_KEY_ID, ASSET_S3_SECRET_ACCESS_KEY) but is not supported yet:
 * it cannot be tested on this machine, so setting ASSET_S3_BUCKET makes the server refuse to start
 * rather than silently keep files on a disk that a multi-instance deployment would not share.
 */
export interface AssetStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when the key holds nothing. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(webp|jpg|png)$/;

/** Files under `root`, written atomically (temporary file + rename). */
export function diskStorage(root: string): AssetStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new TypeError(`invalid asset storage key ${JSON.stringify(key)}`);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new TypeError('asset storage key escapes the root');
    return path;
  };
  return {
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

/** The storage the environment asks for: the disk under `dataDir/assets` unless told otherwise. */
export function assetStorageFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): AssetStorage {
  if (env.ASSET_S3_BUCKET) {
    throw new Error('ASSET_S3_BUCKET is set, but S3-compatible asset storage is not supported yet; unset it to store images under DATA_DIR/assets.');
  }
  return diskStorage(env.ASSET_DIR ? resolve(env.ASSET_DIR) : join(dataDir, 'assets'));
}
