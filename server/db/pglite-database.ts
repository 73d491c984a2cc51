import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
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
    pg = await PGlite.create(dataDir, { parsers, extensions: { pg_trgm, btree_gist, btree_gin } });
    const db = pg;
    // PGlite's pages are in this process's memory (or the file-system cache): a random page costs
    // about what a sequential one does. With PostgreSQL's default of 4 (a spinning disk), the planner
    // sorted a business's 10,000 customers to skip 4,950 of them rather than walk the sorted index.
    await db.exec('SET random_page_cost = 1.1');
    await migrate((fn) => db.transaction((tx) => fn(queryable(tx))));
  } catch (error) {
    await pg?.close().catch(() => {});
    release();
    throw error;
  }
  const db = pg;
  let closed = false;
  // Database work running or waiting for the one connection (whenIdle).
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy += 1;
    try {
      return await work();
    } finally {
      busy -= 1;
    }
  };
  return {
    kind: 'pglite',
    withTenant: (tenantId, fn) =>
      counted(() =>
        db.transaction(async (tx) => {
          const q: Queryable = queryable(tx);
          await enterTenant(q, tenantId);
          return fn(q);
        }),
      ),
    withSystem: (fn) => counted(() => db.transaction((tx) => fn(queryable(tx)))),
    querySystem: <T>(sql: string, params?: unknown[]) =>
      counted(async () => {
        const result = await db.query<T>(sql, params);
        return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
      }),
    async ping() {
      await counted(() => db.query('SELECT 1'));
    },
    async whenIdle(maxWaitMs) {
      const deadline = performance.now() + maxWaitMs;
      for (let quiet = 0; quiet < 2 && performance.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        quiet = busy === 0 ? quiet + 1 : 0;
      }
    },
    async vacuum() {
      const { rows } = await db.query<{ name: string }>(`SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables ORDER BY 1`);
      for (const { name } of rows) {
        if (closed) break;
        await db.exec(`VACUUM (ANALYZE) ${name}`);
      }
      return rows.length;
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
