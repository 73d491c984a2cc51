import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A place to open a database in tests: a PGlite data directory, or a fresh PostgreSQL database. */
export interface TestTarget {
  kind: 'pglite' | 'postgres';
  options: { url?: string; dataDir?: string };
  /** Removes the directory or drops the database. Close every Database on it first. */
  dispose(): Promise<void>;
}

export function pgliteTarget(): TestTarget {
  const dir = mkdtempSync(join(tmpdir(), 'cita-db-'));
  return {
    kind: 'pglite',
    options: { dataDir: join(dir, 'db') },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A new database `<prefix>_<random>` (default `cita_test_<random>`) created through `adminUrl`, dropped by dispose(). */
export async function postgresTarget(adminUrl: string, { prefix = 'cita_test' } = {}): Promise<TestTarget> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    options: { url: url.toString() },
    dispose: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const testEngines: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export function testTarget(kind: 'pglite' | 'postgres'): Promise<TestTarget> {
  if (kind === 'pglite') return Promise.resolve(pgliteTarget());
  return postgresTarget(process.env.TEST_DATABASE_URL as string);
}
