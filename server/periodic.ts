import { hostname } from 'node:os';
import type { Database } from './db/database.ts';

/** Whether this instance runs the pass now; when not, how long until the period's next turn. */
export interface PeriodClaim {
  claimed: boolean;
  nextInMs: number;
}

/**
 * A background loop of one server instance (the outbox worker, the asset cleaner, the PGlite vacuum):
 * runs `pass`, waits, runs it again. The wait after a pass is `delayAfter(result)` (0 to go on at once
 * when there is more to do); after a failure, logged, `retryMs`. Timers do not keep the process alive;
 * `stop()` ends the loop and waits for the pass under way.
 *
 * With `claim` (periodClaim), a job that should run once per period whichever instance runs it:
 * before each scheduled pass (not before the passes that go on at once), the instance claims the
 * period; if another instance has it, this one waits until the next period and asks again.
 */
export function periodic<T>(
  pass: () => Promise<T>,
  options: {
    delayAfter: (result: T) => number;
    retryMs: number;
    failure: string;
    log?: { error(obj: object, msg: string): void };
    claim?: () => Promise<PeriodClaim>;
  },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  /** The last pass asked to go on at once: the period is already this instance's. */
  let goingOn = false;

  /** One turn: the pass (when this instance has the period); resolves with the wait before the next. */
  async function turn(): Promise<number> {
    if (options.claim && !goingOn) {
      const { claimed, nextInMs } = await options.claim();
      if (!claimed) return nextInMs;
    }
    const delay = options.delayAfter(await pass());
    goingOn = delay === 0;
    return delay;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = turn()
        .then(schedule)
        .catch((error) => {
          goingOn = false;
          options.log?.error({ err: error }, options.failure);
          schedule(options.retryMs);
        })
        .finally(() => {
          running = undefined;
        });
    }, delay);
    timer.unref?.();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

/** This process, as periodic_runs.last_run_by names it: host and process id. */
export const INSTANCE_NAME = `${hostname()}/${process.pid}`;

/**
 * The claim of `job`'s period in periodic_runs (migration 135): several instances on one database
 * run its pass once per `periodMs` between them. The row moves on only when it is due, in one
 * statement (a concurrent claim waits for the row and then finds it not due), so exactly one of the
 * instances asking at once gets the period; the others wait until the new `due_at`. A claimed pass
 * that fails or whose instance dies is not run again before the next period.
 */
export function periodClaim(db: Database, job: string, periodMs: number, instance = INSTANCE_NAME): () => Promise<PeriodClaim> {
  return () =>
    db.withSystem(async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO periodic_runs AS r (job, due_at, last_run_by) VALUES ($1, now() + make_interval(secs => $2), $3)
         ON CONFLICT (job) DO UPDATE SET due_at = EXCLUDED.due_at, runs = r.runs + 1, last_run_by = EXCLUDED.last_run_by, last_run_at = now()
          WHERE r.due_at <= now()
         RETURNING job`,
        [job, periodMs / 1000, instance],
      );
      if (rowCount > 0) return { claimed: true, nextInMs: 0 };
      // Another instance has this period: ask again when it ends (a new statement sees its due_at).
      const { rows } = await tx.query<{ wait_ms: number }>(
        `SELECT GREATEST(0, EXTRACT(EPOCH FROM due_at - clock_timestamp()) * 1000)::float8 AS wait_ms FROM periodic_runs WHERE job = $1`,
        [job],
      );
      return { claimed: false, nextInMs: Math.min(periodMs, Math.max(10, Math.ceil(rows[0]?.wait_ms ?? periodMs))) };
    });
}
