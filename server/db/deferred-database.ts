import type { Database } from './database.ts';
import { DatabaseUnreachableError, isDatabaseUnavailable } from './errors.ts';

export interface DeferredOptions {
  /** First wait between two attempts; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  onRetryFailed?: (error: unknown, nextInMs: number) => void;
  onOpened?: () => void;
}

/**
 * A database that may not be reachable yet. The first attempt happens before this returns: an error
 * other than "unreachable" (wrong password, a failing migration) is thrown, so the server refuses to
 * start as before. An unreachable database instead gives a server that starts degraded: every call
 * fails with DatabaseUnreachableError (503, retryable) while attempts continue in the background,
 * and once one succeeds (migrations included) the same object serves the real database, without a
 * restart.
 */
export async function openWhenReachable(kind: Database['kind'], open: () => Promise<Database>, options: DeferredOptions = {}): Promise<Database> {
  const { retryMs = 1_000, maxRetryMs = 5_000 } = options;
  let db: Database | undefined;
  let lastError: unknown;
  try {
    db = await open();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    lastError = error;
  }
  if (db) return db;

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = retryMs;
  const attempt = async () => {
    timer = undefined;
    try {
      const opened = await open();
      if (closed) {
        await opened.close();
        return;
      }
      db = opened;
      options.onOpened?.();
    } catch (error) {
      lastError = error;
      if (closed) return;
      options.onRetryFailed?.(error, delay);
      timer = setTimeout(() => void attempt(), delay);
      timer.unref();
      delay = Math.min(delay * 2, maxRetryMs);
    }
  };
  options.onRetryFailed?.(lastError, delay);
  timer = setTimeout(() => void attempt(), delay);
  timer.unref();
  delay = Math.min(delay * 2, maxRetryMs);

  const current = (): Database => {
    if (db) return db;
    throw new DatabaseUnreachableError('The database has not been reachable since the server started.', { cause: lastError });
  };
  return {
    kind,
    async withTenant(tenantId, fn) {
      return current().withTenant(tenantId, fn);
    },
    async withSystem(fn) {
      return current().withSystem(fn);
    },
    async querySystem<T>(sql: string, params?: unknown[]) {
      return current().querySystem<T>(sql, params);
    },
    async ping() {
      return current().ping();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await db?.close();
    },
  };
}
