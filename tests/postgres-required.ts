// The PostgreSQL half of a suite runs only with TEST_DATABASE_URL. Locally, without it, the suite says
// it ran on PGlite only (a skipped test with that reason in the output); in CI (CI set, as .ci/run
// does) the missing URL is a failure: CI must never pass with the PostgreSQL suite silently gone.
import { it } from 'vitest';

export const inCi = Boolean(process.env.CI) && !/^(0|false)$/i.test(process.env.CI ?? '');

/** A test that fails in CI and skips with a reason elsewhere when TEST_DATABASE_URL is not set. */
export function postgresRequired(what: string) {
  it(`runs ${what} on PostgreSQL too (TEST_DATABASE_URL)`, (context) => {
    if (process.env.TEST_DATABASE_URL) return;
    if (inCi) {
      throw new Error(
        `CI is set but TEST_DATABASE_URL is not: ${what} on PostgreSQL would be skipped in silence. Set it (.ci/run uses postgres://postgres@127.0.0.1:5432/test).`,
      );
    }
    context.skip(`TEST_DATABASE_URL is not set: ${what} did not run on PostgreSQL`);
  });
}
