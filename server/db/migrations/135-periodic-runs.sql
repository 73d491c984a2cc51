-- 135: periodic jobs that run once per period across every instance on one database (issue 19).
--
-- * periodic_runs: one row per job (e.g. `asset-cleaner`). Before a scheduled pass, an instance
--   claims the job's period in one statement: the row is inserted, or moved on (`due_at` = now +
--   period, `runs` + 1, `last_run_by` = the instance) only when its `due_at` has passed. Of several
--   instances that ask at once, one moves it on and runs the pass; the others see the new `due_at`
--   and ask again then (server/periodic.ts, periodClaim). An instance that dies leaves the row due at
--   `due_at`, and the next instance to ask takes the following period. Not readable by cita_app.

CREATE TABLE periodic_runs (
  job          text PRIMARY KEY CHECK (job ~ '^[a-z0-9-]{1,60}$'),
  due_at       timestamptz NOT NULL,
  runs         bigint NOT NULL DEFAULT 1,
  last_run_by  text NOT NULL,
  last_run_at  timestamptz NOT NULL DEFAULT now()
);
