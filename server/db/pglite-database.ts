import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { enterTenant, type Database, type Queryable } from './database.ts';
import { acquireLock } from './file-lock.ts';
import { migrate, type MigrationTx } from './migrate.ts';

/** Same values as the PostgreSQL driver: a date stays 'YYYY-MM-DD' (no time zone shift). */
const parsers = { [types.DATE]: (value: string) => value };

function queryable(tx: Transaction): MigrationTx {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await tx.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

/** PGlite (embedded PostgreSQL) in `dataDir`, locked to this process by `<dataDir>.lock`. */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = acquireLock(`${dataDir}.lock`, `The database in ${dataDir}`);
  let pg: PGlite | undefined;
  try {
    pg = await PGlite.create(dataDir, { parsers, extensions: { pg_trgm, btree_gist } });
    const db = pg;
    await migrate((fn) => db.transaction((tx) => fn(queryable(tx))));
  } catch (error) {
    await pg?.close().catch(() => {});
    release();
    throw error;
  }
  const db = pg;
  let closed = false;
  return {
    kind: 'pglite',
    withTenant: (tenantId, fn) =>
      db.transaction(async (tx) => {
        const q: Queryable = queryable(tx);
        await enterTenant(q, tenantId);
        return fn(q);
      }),
    withSystem: (fn) => db.transaction((tx) => fn(queryable(tx))),
    async querySystem<T>(sql: string, params?: unknown[]) {
      const result = await db.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
    },
    async ping() {
      await db.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
