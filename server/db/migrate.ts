import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Queryable } from './database.ts';

/** A transaction that can also run a script of several statements (a migration file). */
export interface MigrationTx extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{3})-[a-z0-9-]+\.sql$/;
/** Serializes migration runs of every process on one PostgreSQL database (any constant will do). */
const MIGRATION_LOCK_KEY = 4_271_850_301;

/** The migration files (server/db/migrations/NNN-name.sql), in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => FILE_NAME.test(file))
    .sort()
    .map((file) => ({ version: file.slice(0, 3), name: file, sql: readFileSync(`${dir}/${file}`, 'utf8') }));
}

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, in one transaction
 * (`transaction` runs it), under an advisory lock so that processes starting together wait for
 * each other. Returns the versions it applied.
 */
export async function migrate(
  transaction: (fn: (tx: MigrationTx) => Promise<string[]>) => Promise<string[]>,
  migrations: Migration[] = loadMigrations(),
): Promise<string[]> {
  return transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    text PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}
