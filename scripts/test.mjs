// `npm test`: every check the project has, in order, stopping at the first failure.
//   npm test -- <part of a step's name>...   runs only those steps (e.g. `npm test -- lint unit`)
import { spawn } from 'node:child_process';

// Each entry runs after the one before has passed; the checks in one group run side by side (each is
// mostly one core's work: the type check and ESLint's typed rules took 34 s and 37 s one after the
// other on two cores), their output printed whole when each ends.
const steps = [
  [
    ['contract lint', 'node_modules/.bin/redocly', ['lint', 'openapi/tenant-api.yaml', '--format', 'stylish']],
    ['codegen drift', 'node', ['scripts/check-codegen.mjs']],
    ['i18n catalogs', 'node', ['scripts/check-i18n.mjs']],
    ['type check', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'node_modules/.bin/eslint', ['.', '--max-warnings', '0']],
  ],
  [['unit tests', 'node_modules/.bin/vitest', ['run']]],
  [['build', 'node_modules/.bin/vite', ['build', '--logLevel', 'warn']]],
  [['browser tests', 'node_modules/.bin/playwright', ['test']]],
];

// CI runs the server suite on PostgreSQL too: without TEST_DATABASE_URL that half would vanish in
// silence, so CI stops here (locally the suite says it ran on PGlite only).
if (process.env.CI && !/^(0|false)$/i.test(process.env.CI) && !process.env.TEST_DATABASE_URL) {
  console.error('✖ CI is set but TEST_DATABASE_URL is not: the PostgreSQL suite would be skipped. Set it (.ci/run does).');
  process.exit(1);
}

/** Runs one check: its output goes straight through when it runs alone, and is kept until it ends when others run beside it. */
function run([name, command, args], alone) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    if (alone) console.log(`\n▶ ${name}`);
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const end = (status) => {
      if (ended) return;
      ended = true;
      const seconds = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
      if (!alone) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`✖ ${name} failed after ${seconds} s`);
      resolve(status ?? 1);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(1);
    });
    child.on('close', end);
  });
}

const only = process.argv.slice(2);
for (const group of steps) {
  const chosen = group.filter(([name]) => !only.length || only.some((o) => name.includes(o)));
  if (!chosen.length) continue;
  const statuses = await Promise.all(chosen.map((step) => run(step, chosen.length === 1)));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}
