import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from '../../common/money/index.ts';
import { openDatabase, type Database } from './database.ts';
import { sqlState, violatedConstraint } from './errors.ts';
import { testEngines, testTarget, type TestTarget } from './test-databases.ts';

// Migration 020: the database holds every amount within the money module's one bound, 10^12 minor
// units, as the API does: the last line of defence if a handler forgets to check.

const BOUND = 1_000_000_000_000;

describe.each(testEngines)('amounts in the database on %s', (kind) => {
  let target: TestTarget;
  let db: Database;
  let tenantId: string;

  beforeAll(async () => {
    target = await testTarget(kind);
    db = await openDatabase(target.options);
    tenantId = await db.withSystem(async (tx) => {
      const email = `money-${randomUUID()}@example.com`;
      const user = await tx.query<{ id: string }>('INSERT INTO users (email, firebase_uid) VALUES ($1, $2) RETURNING id', [email, `firebase-${randomUUID()}`]);
      const tenant = await tx.query<{ id: string }>('INSERT INTO tenants (business_name, email, owner_user_id) VALUES ($1, $2, $3) RETURNING id', [
        'Salón Bound',
        email,
        user.rows[0]!.id,
      ]);
      return tenant.rows[0]!.id;
    });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await target?.dispose();
  });

  /** The SQLSTATE and constraint of a refused insert, or 'stored'. */
  const attempt = (sql: string, params: unknown[]) =>
    db.withSystem((tx) => tx.query(sql, params)).then(
      () => 'stored',
      (error: unknown) => `${sqlState(error)} ${violatedConstraint(error)}`,
    );

  it('is the money module’s bound', () => {
    expect(MAX_AMOUNT_MINOR).toBe(BOUND);
  });

  it('keeps a service’s price from 0 to 10^12 minor units (99,999,999 was the old ceiling)', async () => {
    const insert = (name: string, amount: number) =>
      attempt(`INSERT INTO services (tenant_id, name, duration_minutes, price_amount, price_currency, tax_percentage, color) VALUES ($1, $2, 30, $3, 'COP', 19, '#228be6')`, [
        tenantId,
        name,
        amount,
      ]);
    expect(await insert('Tratamiento', 100_000_000)).toBe('stored');
    expect(await insert('Máximo', BOUND)).toBe('stored');
    expect(await insert('Más', BOUND + 1)).toBe('23514 services_price_amount_check');
    expect(await insert('Negativo', -1)).toBe('23514 services_price_amount_check');
  });

  it('keeps a product’s cost and price from 0 to 10^12 minor units (they had no bound)', async () => {
    const insert = (cost: number, price: number) =>
      attempt(
        `INSERT INTO inventory_items (tenant_id, name, cost_amount, cost_currency, price_amount, price_currency, tax_percentage) VALUES ($1, 'Laca', $2, 'EUR', $3, 'EUR', 21)`,
        [tenantId, cost, price],
      );
    expect(await insert(0, BOUND)).toBe('stored');
    expect(await insert(BOUND + 1, 100)).toBe('23514 inventory_items_cost_amount_check');
    expect(await insert(100, BOUND + 1)).toBe('23514 inventory_items_price_amount_check');
    expect(await insert(-1, 100)).toBe('23514 inventory_items_cost_amount_check');
  });

  it('bounds an appointment’s total and its service lines the same way', async () => {
    const definitions = await db.withSystem(async (tx) =>
      (
        await tx.query<{ name: string; definition: string }>(
          `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
            WHERE conname IN ('appointments_total_amount_check', 'appointment_services_price_amount_check') ORDER BY conname`,
        )
      ).rows,
    );
    expect(definitions.map((row) => row.name)).toEqual(['appointment_services_price_amount_check', 'appointments_total_amount_check']);
    for (const { definition } of definitions) expect(definition).toMatch(/>= 0\b.*<= '?1000000000000/);
  });
});
