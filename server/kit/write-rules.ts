import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound } from '../problem.ts';

/**
 * The write conventions of every domain (ARCHITECTURE, conventions):
 * - optimistic concurrency: every updatable row has `version integer NOT NULL DEFAULT 1`; an update
 *   names the version it read and bumps it; a stale one answers 409 `stale_version` (permanent: the
 *   SPA shows "changed by someone else" with a reload, it never retries it);
 * - idempotent creates: an `Idempotency-Key` header makes a retried create answer the first
 *   response instead of creating a second object, remembered per tenant in idempotency_keys.
 */

/** 409 for an update based on a version that is no longer current. */
export const staleVersion = () =>
  new HttpProblem(409, 'Someone else changed this in the meantime; reload it and apply your change again.', 'stale_version');

/**
 * Runs `UPDATE … WHERE tenant_id = $1 AND id = $2 AND version = $3 … RETURNING *` (the caller's SQL,
 * which must bump `version = version + 1`) and tells a missing row (404) from a stale version (409).
 */
export async function updateVersioned<T>(
  tx: Queryable,
  table: string,
  key: { tenantId: string; id: string },
  run: () => Promise<{ rows: T[] }>,
): Promise<T> {
  const { rows } = await run();
  if (rows[0]) return rows[0];
  const exists = await tx.query(`SELECT 1 FROM ${table} WHERE tenant_id = $1 AND id = $2`, [key.tenantId, key.id]);
  if (exists.rows.length === 0) throw notFound();
  throw staleVersion();
}

/** The Idempotency-Key header of a request, if it sent one (the contract bounds its length). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export interface StoredResponse<T> {
  status: number;
  body: T;
  /** True when this is the answer remembered from an earlier request with the same key. */
  replayed: boolean;
}

const requestHash = (requestBody: unknown) => createHash('sha256').update(JSON.stringify(requestBody ?? null)).digest('hex');

export const keyReused = () =>
  new HttpProblem(422, 'This Idempotency-Key was already used for another request.', 'business_rule', [
    { field: 'Idempotency-Key', code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for another request.' },
  ]);

/**
 * Claims (tenant, key) for this request; when the key is already there, reads it: `stored` is its
 * remembered response, or null when its request has not finished (not committed, failed half-way
 * or still running); another operation or body: 422 `idempotency_key_reused`.
 */
async function claim<T>(tx: Queryable, tenantId: string, key: string, operation: string, hash: string): Promise<{ claimed: true } | { claimed: false; stored: StoredResponse<T> | null }> {
  const inserted = await tx.query(
    `INSERT INTO idempotency_keys (tenant_id, key, operation, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, key) DO NOTHING RETURNING 1`,
    [tenantId, key, operation, hash],
  );
  if (inserted.rows.length > 0) return { claimed: true };
  const { rows } = await tx.query<{ operation: string; request_hash: string; response_status: number | null; response_body: T | string | null }>(
    'SELECT operation, request_hash, response_status, response_body FROM idempotency_keys WHERE tenant_id = $1 AND key = $2',
    [tenantId, key],
  );
  const stored = rows[0];
  if (!stored || stored.operation !== operation || stored.request_hash !== hash) throw keyReused();
  if (stored.response_status === null) return { claimed: false, stored: null };
  const body = typeof stored.response_body === 'string' ? (JSON.parse(stored.response_body) as T) : (stored.response_body as T);
  return { claimed: false, stored: { status: stored.response_status, body, replayed: true } };
}

/** Remembers the response of the request that claimed (tenant, key). */
export async function rememberResponse(tx: Queryable, tenantId: string, key: string, response: { status: number; body: unknown }): Promise<void> {
  await tx.query('UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE tenant_id = $1 AND key = $2', [
    tenantId,
    key,
    response.status,
    JSON.stringify(response.body),
  ]);
}

/**
 * Runs a create once per (tenant, Idempotency-Key), inside the caller's tenant transaction `tx`:
 * the key row and the created object commit together or not at all. A second request with the key
 * waits for the first to commit (the primary key), then gets its response; the same key with another
 * operation or body answers 422 `idempotency_key_reused`. Without a key, `create` just runs.
 */
export async function idempotent<T>(
  tx: Queryable,
  tenantId: string,
  key: string | undefined,
  operation: string,
  requestBody: unknown,
  create: () => Promise<{ status: number; body: T }>,
): Promise<StoredResponse<T>> {
  if (!key) return { ...(await create()), replayed: false };
  const claimed = await claim<T>(tx, tenantId, key, operation, requestHash(requestBody));
  if (!claimed.claimed) {
    if (!claimed.stored) throw keyReused();
    return claimed.stored;
  }
  const result = await create();
  await rememberResponse(tx, tenantId, key, result);
  return { ...result, replayed: false };
}

/**
 * The Idempotency-Key of a write too long for one transaction (an import written in chunks, each
 * its own transaction), claimed in a short transaction of its own before the first chunk:
 * - `replay`: the key's request finished; answer its response and write nothing;
 * - `resumed`: a request with the same key and body started and did not finish (it failed, the
 *   process stopped, or it is still running). The caller writes so that repeating is harmless
 *   (ids derived from the key, ON CONFLICT DO NOTHING), so the retry completes what was started;
 * - else the key is this request's. The caller ends with rememberResponse (or forgetKey when it
 *   undid its writes).
 * Another operation or body with the key: 422 `idempotency_key_reused`.
 */
export async function claimLongWriteKey<T>(
  tx: Queryable,
  tenantId: string,
  key: string,
  operation: string,
  requestBody: unknown,
): Promise<{ replay: StoredResponse<T>; resumed?: undefined } | { replay?: undefined; resumed: boolean }> {
  const claimed = await claim<T>(tx, tenantId, key, operation, requestHash(requestBody));
  if (claimed.claimed) return { resumed: false };
  return claimed.stored ? { replay: claimed.stored } : { resumed: true };
}

/** Lets (tenant, key) be used afresh: its request undid what it wrote. */
export async function forgetKey(tx: Queryable, tenantId: string, key: string): Promise<void> {
  await tx.query('DELETE FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 AND response_status IS NULL', [tenantId, key]);
}

/**
 * The remembered response of a finished request with (tenant, key), without claiming the key;
 * undefined when there is none (or it has not finished). Another operation or body: 422
 * `idempotency_key_reused`. Lets a long write answer a retry before it checks anything.
 */
export async function rememberedResponse<T>(tx: Queryable, tenantId: string, key: string, operation: string, requestBody: unknown): Promise<StoredResponse<T> | undefined> {
  const { rows } = await tx.query<{ response_status: number | null }>('SELECT response_status FROM idempotency_keys WHERE tenant_id = $1 AND key = $2', [tenantId, key]);
  if (rows[0] === undefined || rows[0].response_status === null) return undefined;
  return (await claimLongWriteKey<T>(tx, tenantId, key, operation, requestBody)).replay;
}
