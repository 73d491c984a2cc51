import pg from 'pg';
import { enterTenant, type Database, type Queryable } from './database.ts';
import { migrate, type MigrationTx } from './migrate.ts';

const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE) || 10;
const STATEMENT_TIMEOUT_MS = 15_000;

/** Values as PGlite returns them: int8 (count(*)) as a number while it is safe, a date as 'YYYY-MM-DD'. */
const typeParsers: Partial<Record<number, (value: string) => unknown>> = {
  [pg.types.builtins.INT8]: (value) => {
    const big = BigInt(value);
    return big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER) ? big : Number(big);
  },
  [pg.types.builtins.DATE]: (value) => value,
};

function queryable(client: pg.PoolClient): MigrationTx {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** PostgreSQL through a connection pool. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: 60_000,
    application_name: 'cita-api',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));

  async function transaction<T>(fn: (tx: MigrationTx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection lost while this request holds it (the database restarted, the backend killed, the
    // network cut) is emitted as 'error' on the client: without a listener, that event kills the whole
    // process. The pending query fails with it too (answered 503); the client is discarded on release.
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await fn(queryable(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  try {
    await migrate(transaction);
  } catch (error) {
    await pool.end();
    throw error;
  }

  return {
    kind: 'postgres',
    withTenant: (tenantId, fn) =>
      transaction(async (tx) => {
        const q: Queryable = tx;
        await enterTenant(q, tenantId);
        return fn(q);
      }),
    withSystem: (fn) => transaction(fn),
    async querySystem<T>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
