// A periodic job that runs once per period across instances (periodClaim, periodic_runs): two
// "instances" are two claims with different names on one database (PGlite here; the scale-out
// suite, tests/faults/scale.test.ts, runs two server processes on PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database.ts';
import { pgliteTarget, type TestTarget } from './db/test-databases.ts';
import { periodClaim, periodic } from './periodic.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodClaim', () => {
  let target: TestTarget;
  let db: Database;

  beforeAll(async () => {
    target = pgliteTarget();
    db = await openDatabase(target.options);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await target?.dispose();
  });

  it('gives a period to one instance; the other waits for its end, then one of them gets the next', async () => {
    const onA = periodClaim(db, 'claim-turns', 1_000, 'host/1');
    const onB = periodClaim(db, 'claim-turns', 1_000, 'host/2');
    const [a, b] = await Promise.all([onA(), onB()]);
    expect([a.claimed, b.claimed].sort()).toEqual([false, true]);
    const loser = a.claimed ? b : a;
    // The rest of the winner's period (1 s, less the time since its claim).
    expect(loser.nextInMs).toBeGreaterThan(0);
    expect(loser.nextInMs).toBeLessThanOrEqual(1_000);
    expect((await onA()).claimed || (await onB()).claimed).toBe(false);

    await sleep(1_050);
    const second = await onB();
    expect(second.claimed).toBe(true);
    const { rows } = await db.withSystem((tx) => tx.query(`SELECT runs::int AS runs, last_run_by FROM periodic_runs WHERE job = 'claim-turns'`));
    expect(rows).toEqual([{ runs: 2, last_run_by: 'host/2' }]);
  });

  it('makes two loops of one job run one pass per period between them; passes that go on at once ask nothing', async () => {
    const passes: string[] = [];
    // The first pass of each period finds two batches' worth: it goes on at once (delay 0) once.
    let pending = 0;
    const loop = (name: string) =>
      periodic(
        async () => {
          passes.push(name);
          const more = pending > 0;
          pending = Math.max(0, pending - 1);
          return more;
        },
        { delayAfter: (more) => (more ? 0 : 200), retryMs: 200, failure: 'test pass failed', claim: periodClaim(db, 'two-loops', 200, name) },
      );
    const loops = [loop('A'), loop('B')];
    for (const each of loops) each.start();
    await sleep(1_100);
    pending = 1;
    await sleep(500);
    await Promise.all(loops.map((each) => each.stop()));
    const { rows } = await db.withSystem((tx) => tx.query<{ runs: number }>(`SELECT runs::int AS runs FROM periodic_runs WHERE job = 'two-loops'`));
    const claims = rows[0]!.runs;
    // 1.6 s of 200 ms periods: at most 9 claims (one at the start, one per whole period); two
    // loops on their own would have made about 16.
    expect(claims).toBeGreaterThanOrEqual(3);
    expect(claims).toBeLessThanOrEqual(9);
    // Every claimed period ran one pass, and the period that found more ran one more without a claim.
    expect(passes).toHaveLength(claims + 1);
  });
});
