import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { pgliteTarget, type TestTarget } from './test-databases.ts';

// Long work in pieces (a customer import) waits before each piece until PGlite's one connection is
// free of other work, so interactive requests go first.
describe('PGlite whenIdle', () => {
  let target: TestTarget;
  let db: Database;

  beforeAll(async () => {
    target = pgliteTarget();
    db = await openDatabase({ dataDir: target.options.dataDir as string });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    target?.dispose();
  });

  it('waits while other work holds or waits for the connection, and answers once it is free', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const work = db.withSystem(async (tx) => {
      await tx.query('SELECT 1');
      await held;
    });
    let idle = false;
    const waiting = db.whenIdle!(10_000).then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).toBe(false);
    release();
    await work;
    await waiting;
    expect(idle).toBe(true);
  });

  it('gives up waiting after maxWaitMs, so long work still progresses under constant load', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const work = db.withSystem(async () => held);
    const started = performance.now();
    await db.whenIdle!(100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(99);
    release();
    await work;
  });
});
