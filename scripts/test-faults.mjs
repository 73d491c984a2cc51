// `npm run test:faults`: the fault suites in tests/faults (vitest.faults.config.ts), apart from
// `npm test` because they kill and restart real server processes for minutes:
// durability under SIGKILL (PGlite and PostgreSQL), idempotent creates across faults, dependencies down.
//   npm run test:faults [-- --seed N] [--kills N] [vitest arguments, e.g. a file or -t name]
// PostgreSQL parts need TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test, as CI sets);
// without it they are skipped and said so, and in CI (CI set) the run fails instead.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { seed: { type: 'string' }, kills: { type: 'string' } },
  allowPositionals: true,
  strict: false,
});
const env = { ...process.env };
if (typeof values.seed === 'string') env.FAULTS_SEED = values.seed;
if (typeof values.kills === 'string') env.FAULTS_KILLS = values.kills;
if (!env.TEST_DATABASE_URL && env.CI && !/^(0|false)$/i.test(env.CI)) {
  console.error('✖ CI is set but TEST_DATABASE_URL is not: the PostgreSQL fault tests would be skipped. Set it (.ci/run does).');
  process.exit(1);
}
if (!env.TEST_DATABASE_URL) {
  console.warn('TEST_DATABASE_URL is not set: the PostgreSQL fault tests are skipped (PGlite only).');
}
console.log(`Fault suites: seed ${env.FAULTS_SEED ?? '20261123 (default)'}, ${env.FAULTS_KILLS ?? 20} kills per engine.`);
const started = Date.now();
const rest = process.argv.slice(2).filter((arg, i, all) => !/^--(seed|kills)(=|$)/.test(arg) && !/^--(seed|kills)$/.test(all[i - 1] ?? ''));
const result = spawnSync('node_modules/.bin/vitest', ['run', '--config', 'vitest.faults.config.ts', ...rest], { stdio: 'inherit', env });
console.log(`Fault suites ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
process.exit(result.status ?? 1);
