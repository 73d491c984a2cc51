// `npm test`: every check the project has, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['contract lint', 'node_modules/.bin/redocly', ['lint', 'openapi/tenant-api.yaml', '--format', 'stylish']],
  ['codegen drift', 'node', ['scripts/check-codegen.mjs']],
  ['type check', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'node_modules/.bin/eslint', ['.', '--max-warnings', '0']],
  ['i18n catalogs', 'node', ['scripts/check-i18n.mjs']],
  ['unit tests', 'node_modules/.bin/vitest', ['run']],
  ['build', 'node_modules/.bin/vite', ['build', '--logLevel', 'warn']],
  ['browser tests', 'node_modules/.bin/playwright', ['test']],
];

// CI runs the server suite on PostgreSQL too: without TEST_DATABASE_URL that half would vanish in
// silence, so CI stops here (locally the suite says it ran on PGlite only).
if (process.env.CI && !/^(0|false)$/i.test(process.env.CI) && !process.env.TEST_DATABASE_URL) {
  console.error('✖ CI is set but TEST_DATABASE_URL is not: the PostgreSQL suite would be skipped. Set it (.ci/run does).');
  process.exit(1);
}

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n▶ ${name}`);
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    console.error(`✖ ${name} failed after ${seconds.toFixed(1)} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds.toFixed(1)} s)`);
}
