import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from './database.ts';
import { pgliteTarget, type TestTarget } from './test-databases.ts';

/** The PID of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

describe('PGlite lock', () => {
  let target: TestTarget;
  let dataDir: string;
  let lockPath: string;

  beforeAll(async () => {
    target = pgliteTarget();
    dataDir = target.options.dataDir as string;
    lockPath = `${dataDir}.lock`;
    // Create the data directory once (the slow part) so each test only reopens it.
    await (await openDatabase({ dataDir })).close();
  }, 60_000);

  afterAll(() => target?.dispose());

  it('refuses a second open while the first is open, and opens again after close', async () => {
    const first = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
      const refused = await openDatabase({ dataDir }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseLockedError);
      expect((refused as Error).message).toContain(`process ${process.pid}`);
      expect((refused as Error).message).toContain('DATABASE_URL');
      await first.ping(); // the refused open left the first one working
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath)).toBe(false);

    const second = await openDatabase({ dataDir });
    await second.ping();
    await second.close();
  }, 30_000);

  it('takes over a stale lock left by a process that is gone', async () => {
    writeFileSync(lockPath, `${deadPid()}\n`);
    const db = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
      await db.ping();
    } finally {
      await db.close();
    }
    expect(existsSync(lockPath)).toBe(false);
  }, 30_000);

  it('refuses when another live process holds the lock', async () => {
    // This test process's parent is alive for as long as the test runs.
    writeFileSync(lockPath, `${process.ppid}\n`);
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(new RegExp(`in use by process ${process.ppid}`));
      expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.ppid));
    } finally {
      rmSync(lockPath, { force: true });
    }
  });
});
