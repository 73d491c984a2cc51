import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Queryable } from './database.ts';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from './errors.ts';
import { loadMigrations } from './migrate.ts';
import { testEngines, testTarget, type TestTarget } from './test-databases.ts';

interface Seeded {
  userId: string;
  tenantId: string;
  email: string;
}

/** Every tenant-scoped table and the column holding its tenant. */
const TENANT_TABLES = [
  { table: 'tenants', key: 'id' },
  { table: 'memberships', key: 'tenant_id' },
  { table: 'invitations', key: 'tenant_id' },
  { table: 'portfolio_items', key: 'tenant_id' },
  { table: 'outbox', key: 'tenant_id' },
  { table: 'appointment_notices', key: 'tenant_id' },
  { table: 'calendar_feeds', key: 'tenant_id' },
  { table: 'asset_trash', key: 'tenant_id' },
] as const;

async function one<T>(tx: Queryable, sql: string, params?: unknown[]): Promise<T> {
  const { rows } = await tx.query<T>(sql, params);
  if (rows.length !== 1) throw new Error(`expected one row from ${sql}, got ${rows.length}`);
  return rows[0] as T;
}

/** A user owning a business with one invitation, one portfolio item and a session, created as the system. */
function seedTenant(db: Database, label: string): Promise<Seeded> {
  const email = `${label}-${randomUUID()}@example.com`;
  return db.withSystem(async (tx) => {
    const { id: userId } = await one<{ id: string }>(
      tx,
      'INSERT INTO users (email, firebase_uid) VALUES ($1, $2) RETURNING id',
      [email, `firebase-${randomUUID()}`],
    );
    const { id: tenantId } = await one<{ id: string }>(
      tx,
      'INSERT INTO tenants (business_name, email, owner_user_id, services) VALUES ($1, $2, $3, $4) RETURNING id',
      [`Salon ${label}`, email, userId, JSON.stringify(['Haircut', 'Colour'])],
    );
    await tx.query(`INSERT INTO memberships (tenant_id, user_id, role) VALUES ($1, $2, 'TEAM_ROLE_OWNER')`, [tenantId, userId]);
    await tx.query(
      `INSERT INTO invitations (tenant_id, email, role, invited_by_user_id, expires_at)
       VALUES ($1, $2, 'TEAM_ROLE_MEMBER', $3, now() + interval '7 days')`,
      [tenantId, `invitee-${label}@example.com`, userId],
    );
    await tx.query(
      `INSERT INTO portfolio_items (tenant_id, title, image_asset_id, image_url, tags)
       VALUES ($1, $2, gen_random_uuid(), '/v1/assets/x', $3)`,
      [tenantId, `Work of ${label}`, JSON.stringify(['bob'])],
    );
    await tx.query(
      `INSERT INTO outbox (tenant_id, dedupe_key, kind, channel, appointment_id, starts_at, due_at, next_attempt_at)
       VALUES ($1, $2, 'confirmation', 'REMINDER_CHANNEL_EMAIL', gen_random_uuid(), now(), now(), now())`,
      [tenantId, `confirmation.${randomUUID()}.0`],
    );
    await tx.query(`INSERT INTO appointment_notices (tenant_id, appointment_id, start_at, end_at) VALUES ($1, gen_random_uuid(), now(), now())`, [tenantId]);
    await tx.query(`INSERT INTO calendar_feeds (tenant_id, user_id, nonce) VALUES ($1, $2, $3)`, [tenantId, userId, '0'.repeat(32)]);
    await tx.query(`INSERT INTO asset_trash (tenant_id, storage_key) VALUES ($1, $2)`, [tenantId, `${tenantId}/${randomUUID()}.webp`]);
    await tx.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      randomUUID(),
      userId,
    ]);
    return { userId, tenantId, email };
  });
}

/** Rows of `tenantId` in each tenant-scoped table, counted by the system (no row-level security). */
function countRows(db: Database, tenantId: string): Promise<Record<string, number>> {
  return db.withSystem(async (tx) => {
    const counts: Record<string, number> = {};
    for (const { table, key } of TENANT_TABLES) {
      const { n } = await one<{ n: number }>(tx, `SELECT count(*) AS n FROM ${table} WHERE ${key} = $1`, [tenantId]);
      counts[table] = n;
    }
    return counts;
  });
}

describe.each(testEngines)('database on %s', (kind) => {
  let target: TestTarget;
  let db: Database;
  let a: Seeded;
  let b: Seeded;

  beforeAll(async () => {
    target = await testTarget(kind);
    db = await openDatabase(target.options);
    a = await seedTenant(db, 'a');
    b = await seedTenant(db, 'b');
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await target?.dispose();
  });

  it('opens the requested engine and answers a ping', async () => {
    expect(db.kind).toBe(kind);
    await expect(db.ping()).resolves.toBeUndefined();
  });

  it.runIf(kind === 'pglite')('vacuums (PGlite has no autovacuum): counting a business\'s customers then reads the index alone', async () => {
    await db.withSystem((tx) =>
      tx.query(`INSERT INTO customers (tenant_id, name, last_name) SELECT $1, 'Cliente ' || g, 'Vacío' FROM generate_series(1, 2000) g`, [a.tenantId]),
    );
    const heapFetches = async () => {
      const plan = await db.withTenant(a.tenantId, (tx) =>
        tx.query<{ 'QUERY PLAN': string }>('EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM customers c WHERE c.tenant_id = $1', [a.tenantId]),
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      return /Index Only Scan/.test(text) ? Number(/Heap Fetches: (\d+)/.exec(text)?.[1]) : 'no index-only scan';
    };
    expect(await db.vacuum!()).toBeGreaterThan(10);
    expect(await heapFetches()).toBe(0);
    // Until the next pass, new rows are read from the table (and then again from the index only).
    await db.withSystem((tx) => tx.query(`INSERT INTO customers (tenant_id, name) VALUES ($1, 'Nueva')`, [a.tenantId]));
    expect(await heapFetches()).toBeGreaterThan(0);
    await db.vacuum!();
    expect(await heapFetches()).toBe(0);
    await db.withSystem((tx) => tx.query('DELETE FROM customers WHERE tenant_id = $1', [a.tenantId]));
  }, 60_000);

  describe('migrations', () => {
    it('applies every migration once, records it, and does not re-run it on reopening', async () => {
      const files = loadMigrations().map((m) => m.version);
      expect(files[0]).toBe('001');
      const recorded = () =>
        db.withSystem(async (tx) => (await tx.query<{ version: string; applied_at: Date }>('SELECT version, applied_at FROM schema_migrations ORDER BY version')).rows);
      const before = await recorded();
      expect(before.map((row) => row.version)).toEqual(files);

      await db.close();
      db = await openDatabase(target.options);
      const after = await recorded();
      expect(after).toEqual(before);
      // The data written before reopening is still there (nothing was recreated).
      expect(await countRows(db, a.tenantId)).toEqual({ tenants: 1, memberships: 1, invitations: 1, portfolio_items: 1, outbox: 1, appointment_notices: 1, calendar_feeds: 1, asset_trash: 1 });
    }, 30_000);

    it.runIf(kind === 'postgres')('lets two processes migrate the same new database at once', async () => {
      const fresh = await testTarget('postgres');
      try {
        const both = await Promise.all([openDatabase(fresh.options), openDatabase(fresh.options)]);
        const versions = await both[0]!.withSystem(async (tx) => (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows);
        await Promise.all(both.map((opened) => opened.close()));
        expect(versions.map((row) => row.version).sort()).toEqual(loadMigrations().map((m) => m.version));
      } finally {
        await fresh.dispose();
      }
    }, 30_000);
  });

  describe('withTenant (row-level security)', () => {
    it.each(TENANT_TABLES)('$table: sees only the current tenant', async ({ table, key }) => {
      const rows = await db.withTenant(a.tenantId, async (tx) => (await tx.query<{ owner: string }>(`SELECT ${key} AS owner FROM ${table}`)).rows);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.owner))).toEqual(new Set([a.tenantId]));
      const direct = await db.withTenant(a.tenantId, async (tx) => (await tx.query(`SELECT * FROM ${table} WHERE ${key} = $1`, [b.tenantId])).rows);
      expect(direct).toEqual([]);
    });

    it.each(TENANT_TABLES)("$table: cannot update or delete another tenant's rows", async ({ table, key }) => {
      const before = await countRows(db, b.tenantId);
      const updated = await db.withTenant(a.tenantId, (tx) => tx.query(`UPDATE ${table} SET ${key} = ${key} WHERE ${key} = $1`, [b.tenantId]));
      const deleted = await db.withTenant(a.tenantId, (tx) => tx.query(`DELETE FROM ${table} WHERE ${key} = $1`, [b.tenantId]));
      expect(updated.rowCount).toBe(0);
      expect(deleted.rowCount).toBe(0);
      expect(await countRows(db, b.tenantId)).toEqual(before);
      // The same statements do reach the current tenant's rows.
      const own = await db.withTenant(a.tenantId, (tx) => tx.query(`UPDATE ${table} SET ${key} = ${key} WHERE ${key} = $1`, [a.tenantId]));
      expect(own.rowCount).toBeGreaterThan(0);
    });

    const foreignInserts: Record<string, (other: Seeded, me: Seeded) => [string, unknown[]]> = {
      tenants: (other, me) => ['INSERT INTO tenants (business_name, email, owner_user_id) VALUES ($1, $2, $3)', ['Intruder', other.email, me.userId]],
      memberships: (other, me) => [`INSERT INTO memberships (tenant_id, user_id, role) VALUES ($1, $2, 'TEAM_ROLE_MEMBER')`, [other.tenantId, me.userId]],
      invitations: (other, me) => [
        `INSERT INTO invitations (tenant_id, email, role, invited_by_user_id, expires_at) VALUES ($1, 'x@example.com', 'TEAM_ROLE_ADMIN', $2, now())`,
        [other.tenantId, me.userId],
      ],
      outbox: (other) => [
        `INSERT INTO outbox (tenant_id, dedupe_key, kind, channel, appointment_id, starts_at, due_at, next_attempt_at)
         VALUES ($1, 'confirmation.x.0', 'confirmation', 'REMINDER_CHANNEL_EMAIL', gen_random_uuid(), now(), now(), now())`,
        [other.tenantId],
      ],
      appointment_notices: (other) => [`INSERT INTO appointment_notices (tenant_id, appointment_id, start_at, end_at) VALUES ($1, gen_random_uuid(), now(), now())`, [other.tenantId]],
      asset_trash: (other) => [`INSERT INTO asset_trash (tenant_id, storage_key) VALUES ($1, $2)`, [other.tenantId, `${other.tenantId}/${randomUUID()}.webp`]],
      calendar_feeds: (other) => [`INSERT INTO calendar_feeds (tenant_id, user_id, nonce) VALUES ($1, (SELECT owner_user_id FROM tenants WHERE id = $1), $2)`, [other.tenantId, '1'.repeat(32)]],
      portfolio_items: (other) => [
        `INSERT INTO portfolio_items (tenant_id, title, image_asset_id, image_url) VALUES ($1, 'Intruder', gen_random_uuid(), '/x')`,
        [other.tenantId],
      ],
    };

    it.each(TENANT_TABLES)('$table: cannot insert a row for another tenant', async ({ table }) => {
      const before = await countRows(db, b.tenantId);
      const [sql, params] = foreignInserts[table]!(b, a);
      await expect(db.withTenant(a.tenantId, (tx) => tx.query(sql, params))).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/row-level security/),
      });
      expect(await countRows(db, b.tenantId)).toEqual(before);
    });

    it.each(TENANT_TABLES.filter(({ table }) => table !== 'tenants'))('$table: cannot move a row to another tenant', async ({ table }) => {
      await expect(
        db.withTenant(a.tenantId, (tx) => tx.query(`UPDATE ${table} SET tenant_id = $1 WHERE tenant_id = $2`, [b.tenantId, a.tenantId])),
      ).rejects.toMatchObject({ code: '42501' });
    });

    it.each(['users', 'sessions'])('cannot read or write %s at all', async (table) => {
      await expect(db.withTenant(a.tenantId, (tx) => tx.query(`SELECT * FROM ${table}`))).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/permission denied/),
      });
      await expect(db.withTenant(a.tenantId, (tx) => tx.query(`DELETE FROM ${table}`))).rejects.toMatchObject({ code: '42501' });
    });

    it('refuses a tenant id that is not a uuid', async () => {
      await expect(db.withTenant("x' OR true --", async () => 1)).rejects.toThrow(TypeError);
    });

    it("writes the current tenant's rows, keeping updated_at current", async () => {
      const { created_at, updated_at } = await db.withTenant(a.tenantId, (tx) =>
        one<{ created_at: Date; updated_at: Date }>(tx, `UPDATE tenants SET description = 'Cuts and colour' WHERE id = $1 RETURNING created_at, updated_at`, [a.tenantId]),
      );
      expect(updated_at.getTime()).toBeGreaterThan(created_at.getTime());
    });
  });

  describe('withSystem', () => {
    it('sees every tenant, user and session', async () => {
      const seen = await db.withSystem(async (tx) => ({
        tenants: (await tx.query<{ id: string }>('SELECT id FROM tenants')).rows.map((row) => row.id),
        memberships: (await tx.query<{ tenant_id: string }>('SELECT tenant_id FROM memberships')).rows.map((row) => row.tenant_id),
        users: (await tx.query<{ id: string }>('SELECT id FROM users')).rows.map((row) => row.id),
        sessions: (await tx.query<{ user_id: string }>('SELECT user_id FROM sessions')).rows.map((row) => row.user_id),
      }));
      expect(seen.tenants).toEqual(expect.arrayContaining([a.tenantId, b.tenantId]));
      expect(seen.memberships).toEqual(expect.arrayContaining([a.tenantId, b.tenantId]));
      expect(seen.users).toEqual(expect.arrayContaining([a.userId, b.userId]));
      expect(seen.sessions).toEqual(expect.arrayContaining([a.userId, b.userId]));
    });

    it('reports rowCount for reads and writes alike', async () => {
      const read = await db.withSystem((tx) => tx.query('SELECT id FROM tenants WHERE id IN ($1, $2)', [a.tenantId, b.tenantId]));
      expect(read.rowCount).toBe(2);
      const written = await db.withSystem((tx) => tx.query('UPDATE users SET locale = locale WHERE id IN ($1, $2)', [a.userId, b.userId]));
      expect(written).toEqual({ rows: [], rowCount: 2 });
    });

    it('rolls the whole transaction back when the callback throws', async () => {
      const email = `rollback-${randomUUID()}@example.com`;
      await expect(
        db.withSystem(async (tx) => {
          await tx.query('INSERT INTO users (email) VALUES ($1)', [email]);
          throw new Error('handler failed');
        }),
      ).rejects.toThrow('handler failed');
      const { n } = await db.withSystem((tx) => one<{ n: number }>(tx, 'SELECT count(*) AS n FROM users WHERE email = $1', [email]));
      expect(n).toBe(0);
    });

    it('returns the same value types on both engines', async () => {
      const row = await db.withSystem((tx) =>
        one<Record<string, unknown>>(tx, 'SELECT count(*) AS n, DATE \'2025-03-30\' AS day, services, tax_percentage, created_at FROM tenants WHERE id = $1 GROUP BY id', [a.tenantId]),
      );
      expect(row).toMatchObject({ n: 1, day: '2025-03-30', services: ['Haircut', 'Colour'], tax_percentage: '21.000' }); // numeric(6, 3) since migration 140 (issue 17)
      expect(row.created_at).toBeInstanceOf(Date);
    });
  });

  describe('error helpers', () => {
    it('recognises a unique violation (e-mail addresses are unique regardless of case)', async () => {
      const error = await db.withSystem((tx) => tx.query('INSERT INTO users (email) VALUES ($1)', [a.email.toUpperCase()])).catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isForeignKeyViolation(error)).toBe(false);
      expect(violatedConstraint(error)).toBe('users_email_key');
    });

    it('recognises a foreign key violation', async () => {
      const error = await db
        .withTenant(a.tenantId, (tx) => tx.query(`INSERT INTO memberships (tenant_id, user_id, role) VALUES ($1, $2, 'TEAM_ROLE_MEMBER')`, [a.tenantId, randomUUID()]))
        .catch((e: unknown) => e);
      expect(isForeignKeyViolation(error)).toBe(true);
      expect(isUniqueViolation(error)).toBe(false);
      expect(isUniqueViolation(new Error('plain'))).toBe(false);
    });
  });
});
