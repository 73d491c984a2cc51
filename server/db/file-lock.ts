import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/** Lock files this process holds, so a lock left with our PID by an earlier process (a container restart) counts as stale. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function heldByOther(lockPath: string, pid: number | undefined): pid is number {
  if (pid === undefined) return false;
  if (pid === process.pid) return held.has(lockPath);
  return isAlive(pid);
}

/**
 * Takes `lockPath` for this process: a file holding our PID, created exclusively. A lock whose
 * process is gone is stale and taken over. Returns the function that releases it.
 */
export function acquireLock(lockPath: string, what: string): () => void {
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      held.add(lockPath);
      return () => releaseLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = readPid(lockPath);
    if (heldByOther(lockPath, pid)) {
      throw new DatabaseLockedError(
        `${what} is in use by process ${pid} (lock file ${lockPath}). Only one process may open it: ` +
          `stop that process first, or set DATABASE_URL to use PostgreSQL. If no such process is running, delete the lock file.`,
      );
    }
    // Stale: remove it unless someone else took it over in the meantime, then try again.
    if (readPid(lockPath) === pid) removeFile(lockPath);
  }
  throw new DatabaseLockedError(`Could not take the lock file ${lockPath} for ${what}; another process keeps taking it.`);
}

function releaseLock(lockPath: string): void {
  if (!held.delete(lockPath)) return;
  if (readPid(lockPath) === process.pid) removeFile(lockPath);
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
