import { describe, expect, it, vi } from 'vitest';
import type { Database } from './database.ts';
import { openWhenReachable } from './deferred-database.ts';
import { DatabaseUnreachableError, isDatabaseUnavailable } from './errors.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const fakeDb = (): Database => ({
  kind: 'postgres',
  withTenant: async (_tenant, fn) => fn({ query: async () => ({ rows: [], rowCount: 0 }) }),
  withSystem: async (fn) => fn({ query: async () => ({ rows: [], rowCount: 0 }) }),
  querySystem: async () => ({ rows: [], rowCount: 0 }),
  ping: async () => {},
  close: vi.fn(async () => {}),
});

describe('openWhenReachable', () => {
  it('answers "unavailable" while the database cannot be reached, then serves it once an attempt succeeds', async () => {
    const real = fakeDb();
    let attempts = 0;
    const open = async () => {
      attempts += 1;
      if (attempts < 3) throw refused();
      return real;
    };
    const db = await openWhenReachable('postgres', open, { retryMs: 10, maxRetryMs: 20 });
    const down = await db.ping().catch((error: unknown) => error);
    expect(down).toBeInstanceOf(DatabaseUnreachableError);
    expect(isDatabaseUnavailable(down)).toBe(true);
    await expect(db.withSystem(async () => 1)).rejects.toBeInstanceOf(DatabaseUnreachableError);
    await vi.waitFor(async () => expect(await db.withSystem(async () => 'served')).toBe('served'), { timeout: 2_000, interval: 10 });
    expect(attempts).toBe(3);
    await db.close();
    expect(real.close).toHaveBeenCalledOnce();
  });

  it('refuses to start on any other error (a wrong password, a failing migration)', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(openWhenReachable('postgres', async () => Promise.reject(wrongPassword))).rejects.toBe(wrongPassword);
  });

  it('stops trying once closed', async () => {
    const open = vi.fn(async (): Promise<Database> => Promise.reject(refused()));
    const db = await openWhenReachable('postgres', open, { retryMs: 10 });
    await db.close();
    const calls = open.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(open.mock.calls.length).toBe(calls);
  });
});
