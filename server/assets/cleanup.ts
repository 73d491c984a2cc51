import type { Database, Queryable } from '../db/database.ts';
import { periodClaim, periodic } from '../periodic.ts';
import type { AssetStorage } from './storage.ts';

/**
 * Deleting images for good: rows and bytes.
 *
 * An image's bytes are deleted only after its `assets` row is: the transaction that deletes the row
 * also writes the storage key to `asset_trash` (trashStorageKeys), so bytes are never forgotten when
 * the storage is down at that moment. After commit the handler tries at once (purgeStorageKeys);
 * whatever is left, the cleaner retries.
 *
 * The cleaner (started on every server instance) also deletes orphans: images that
 * nothing references (no business logo or cover, avatar, service picture, photo of a product not
 * deleted, service-object photo, portfolio item) once they are older than a grace period (24 h by
 * default), which covers both an upload whose form was never saved and an image that was replaced
 * or removed from what showed it (a deleted product's photo goes too: its reference is cleared).
 *
 * Several instances on one PostgreSQL: the loop's scheduled passes run once per interval between
 * them (periodClaim: the instance that claims the period runs the pass). Passes may still overlap
 * (a full batch goes on at once; tests run runOnce side by side): candidates are locked with
 * FOR UPDATE SKIP LOCKED, and the references are checked again by a second statement once the
 * locks are held. A request that starts referencing an image holds a KEY SHARE lock on its row
 * until it commits (the foreign keys for logo, cover, avatar, service picture and product photo;
 * assertAssetsExist's FOR KEY SHARE for photos), so the cleaner either skips the image or the
 * request waits and then finds it gone (422 unknown_asset):
 * an image is never deleted under a reference being saved.
 */

export interface TrashedKey {
  tenant_id: string;
  storage_key: string;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * SQL: nothing of its business (logo, cover, service, live product, object, portfolio item) shows the asset
 * aliased `a`. Readable in withTenant (avatars are not: see UNREFERENCED).
 */
export const UNREFERENCED_IN_TENANT = `
      NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = a.tenant_id AND (t.logo_asset_id = a.id OR t.cover_asset_id = a.id))
  AND NOT EXISTS (SELECT 1 FROM services s WHERE s.tenant_id = a.tenant_id AND s.image_asset_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.tenant_id = a.tenant_id AND i.image_asset_id = a.id AND i.deleted_at IS NULL)
  AND NOT EXISTS (SELECT 1 FROM portfolio_items p WHERE p.tenant_id = a.tenant_id AND p.image_asset_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM expenses e WHERE e.tenant_id = a.tenant_id AND e.receipt_asset_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM portfolio_items p WHERE p.tenant_id = a.tenant_id AND p.before_image_asset_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM service_objects o
                   WHERE o.tenant_id = a.tenant_id AND o.photos @> jsonb_build_array(jsonb_build_object('assetId', a.id::text)))`;

/** SQL (withSystem): nothing shows the asset aliased `a`, nor is it anyone's avatar. */
const UNREFERENCED = `${UNREFERENCED_IN_TENANT}
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.avatar_tenant_id = a.tenant_id AND u.avatar_asset_id = a.id)`;

/** Remembers storage keys whose bytes must go, in the transaction that deleted their rows. */
export async function trashStorageKeys(tx: Queryable, tenantId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `INSERT INTO asset_trash (tenant_id, storage_key) SELECT $1, key FROM unnest($2::text[]) AS key ON CONFLICT DO NOTHING`,
    [tenantId, keys],
  );
}

/**
 * After commit: deletes the bytes of trashed keys and forgets those deleted. A storage failure is
 * logged and left to the cleaner (the key stays in asset_trash); never an error for the caller.
 */
export async function purgeStorageKeys(db: Database, storage: AssetStorage, entries: TrashedKey[], log?: Pick<Log, 'warn'>): Promise<number> {
  const done: TrashedKey[] = [];
  for (const entry of entries) {
    try {
      await storage.delete(entry.storage_key);
      done.push(entry);
    } catch (error) {
      log?.warn({ err: error, key: entry.storage_key }, 'asset bytes not deleted yet; the cleaner will retry');
      await db
        .withSystem((tx) =>
          tx.query('UPDATE asset_trash SET last_error = $3 WHERE tenant_id = $1 AND storage_key = $2', [
            entry.tenant_id,
            entry.storage_key,
            (error instanceof Error ? error.message : String(error)).slice(0, 1000),
          ]),
        )
        .catch(() => {});
    }
  }
  if (done.length > 0) {
    // Left in the trash if this fails: deleting the bytes again later is harmless.
    await db
      .withSystem((tx) =>
        tx.query('DELETE FROM asset_trash t USING unnest($1::uuid[], $2::text[]) AS d(tenant_id, storage_key) WHERE t.tenant_id = d.tenant_id AND t.storage_key = d.storage_key', [
          done.map((entry) => entry.tenant_id),
          done.map((entry) => entry.storage_key),
        ]),
      )
      .catch((error) => log?.warn({ err: error }, 'asset trash not emptied; the cleaner will retry'));
  }
  return done.length;
}

export interface AssetCleanerOptions {
  db: Database;
  storage: AssetStorage;
  /** An unreferenced image is deleted once it is this old (default 24 h). */
  graceSeconds?: number;
  /** Pause between passes (default 10 min). */
  intervalMs?: number;
  batchSize?: number;
  /** How long a trashed key is this instance's to delete; a failure retries after it (default 5 min). */
  leaseSeconds?: number;
  log?: Log;
}

export interface CleanerPass {
  /** Orphaned images whose rows were deleted in this pass. */
  orphans: number;
  /** Storage keys whose bytes were deleted. */
  purged: number;
  /** Storage keys whose bytes could not be deleted (retried later). */
  failed: number;
}

export function createAssetCleaner(options: AssetCleanerOptions) {
  const { db, storage } = options;
  const graceSeconds = options.graceSeconds ?? 24 * 3600;
  const intervalMs = options.intervalMs ?? 10 * 60 * 1000;
  const batchSize = options.batchSize ?? 100;
  const leaseSeconds = options.leaseSeconds ?? 300;

  /** Deletes up to a batch of orphaned image rows, trashing their keys in the same transaction. */
  async function sweepOrphans(): Promise<number> {
    return db.withSystem(async (tx) => {
      // 1. Lock old candidates no one else holds (another cleaner, a request saving a reference).
      const { rows: locked } = await tx.query<{ tenant_id: string; id: string }>(
        `SELECT a.tenant_id, a.id FROM assets a
          WHERE a.created_at < now() - make_interval(secs => $1) AND ${UNREFERENCED}
          ORDER BY a.created_at LIMIT $2 FOR UPDATE OF a SKIP LOCKED`,
        [graceSeconds, batchSize],
      );
      if (locked.length === 0) return 0;
      // 2. Check the references again with a snapshot taken after the locks: what committed meanwhile counts.
      const { rows: gone } = await tx.query<TrashedKey>(
        `DELETE FROM assets a USING unnest($1::uuid[], $2::uuid[]) AS c(tenant_id, id)
          WHERE a.tenant_id = c.tenant_id AND a.id = c.id AND ${UNREFERENCED}
          RETURNING a.tenant_id, a.storage_key`,
        [locked.map((row) => row.tenant_id), locked.map((row) => row.id)],
      );
      if (gone.length > 0) {
        await tx.query(
          `INSERT INTO asset_trash (tenant_id, storage_key) SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING`,
          [gone.map((row) => row.tenant_id), gone.map((row) => row.storage_key)],
        );
      }
      return gone.length;
    });
  }

  /** Leases up to a batch of trashed keys that are due (never leased, or their lease ran out). */
  async function leaseTrash(): Promise<TrashedKey[]> {
    return db.withSystem(async (tx) => {
      const { rows } = await tx.query<TrashedKey>(
        `UPDATE asset_trash t SET leased_until = now() + make_interval(secs => $1), attempts = t.attempts + 1
           FROM (SELECT tenant_id, storage_key FROM asset_trash
                  WHERE leased_until IS NULL OR leased_until <= now()
                  ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED) due
          WHERE t.tenant_id = due.tenant_id AND t.storage_key = due.storage_key
          RETURNING t.tenant_id, t.storage_key`,
        [leaseSeconds, batchSize],
      );
      return rows;
    });
  }

  async function runOnce(): Promise<CleanerPass> {
    const orphans = await sweepOrphans();
    const leased = await leaseTrash();
    const purged = await purgeStorageKeys(db, storage, leased, options.log);
    const pass = { orphans, purged, failed: leased.length - purged };
    if (pass.orphans + pass.purged + pass.failed > 0) options.log?.info(pass, 'asset cleaner pass');
    return pass;
  }

  const loop = periodic(runOnce, {
    // A full batch: more may be waiting (but not the keys that just failed: their lease holds them).
    delayAfter: (pass) => (pass.orphans >= batchSize || pass.purged >= batchSize ? 0 : intervalMs),
    retryMs: intervalMs,
    failure: 'asset cleaner pass failed',
    claim: periodClaim(db, 'asset-cleaner', intervalMs),
    ...(options.log ? { log: options.log } : {}),
  });

  return {
    sweepOrphans,
    leaseTrash,
    runOnce,
    start: loop.start,
    /** Stops and waits for the pass under way. */
    stop: loop.stop,
  };
}

export type AssetCleaner = ReturnType<typeof createAssetCleaner>;
