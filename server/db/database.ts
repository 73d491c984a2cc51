import { resolve } from 'node:path';

export { DatabaseLockedError } from './file-lock.ts';

/** Runs SQL inside the current transaction. Pass jsonb values as JSON.stringify(value) (see server/db/README.md). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** A transaction as the application role `cita_app` (no BYPASSRLS) with app.tenant_id = tenantId (SET LOCAL / set_config(..., true)). Row-level security limits every tenant-scoped table to that tenant. */
  withTenant<T>(tenantId: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A transaction as the privileged owner, for identity work that crosses tenants (users, sessions, creating a tenant with its owner membership, listing a user's memberships, admin lists). */
  withSystem<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One statement as the privileged owner, outside any transaction (autocommit): for a single read
   * such as the session check, where BEGIN and COMMIT would double the round trips.
   */
  querySystem<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Liveness check. */
  ping(): Promise<void>;
  /**
   * PGlite only: what autovacuum does on PostgreSQL, which PGlite (a single process: no autovacuum
   * launcher) never does. VACUUM (ANALYZE) of each table, one at a time (each blocks PGlite's one
   * connection while it runs; a table whose pages are all visible is skipped page by page, so a quiet
   * table costs little). Keeps the visibility map set (index-only scans: a business's customer count
   * and deep list pages read the index, not every row), the planner's statistics current, and dead
   * rows reclaimed. Returns the tables done.
   */
  vacuum?(): Promise<number>;
  /**
   * PGlite only (its one connection is shared by every request; PostgreSQL's pool needs no such
   * thing): resolves once no other database work is running or waiting (seen twice in a row, so a
   * request between two of its statements is not overtaken), or after `maxWaitMs` at most. Long work
   * in pieces (a customer import) calls it before each piece, so interactive requests go first.
   */
  whenIdle?(maxWaitMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  url?: string;
  dataDir?: string;
}

export const APP_ROLE = 'cita_app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statements that open a tenant transaction; the caller has already run BEGIN. */
export async function enterTenant(tx: Queryable, tenantId: string): Promise<void> {
  if (!UUID.test(tenantId)) throw new TypeError(`withTenant needs a tenant uuid, got ${JSON.stringify(tenantId)}`);
  await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
  await tx.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
}

/** PostgreSQL when `url` (DATABASE_URL) is given, else PGlite in `dataDir` (default ./data/db). Runs the migrations before answering. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import('./postgres-database.ts');
    return openPostgres(options.url);
  }
  const { openPglite } = await import('./pglite-database.ts');
  return openPglite(resolve(options.dataDir ?? 'data/db'));
}
