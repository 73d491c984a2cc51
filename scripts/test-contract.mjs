// `npm run test:contract`: the security suites (contract fuzzing, authorization) as a product for QA.
// Without arguments they start their own Cita (PGlite + Auth emulator). Against any running Cita:
//   npm run test:contract -- --base-url https://cita.example \
//     --account qa1@example.com:password --account qa2@example.com:password \
//     [--auth-emulator 127.0.0.1:9099 | --firebase-api-key KEY] [--runs 50] [--seed 20261123]
// Each test account must own a business. Against a remote Cita nothing destructive is sent (no
// business or session is deleted) and no accounts are created.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    account: { type: 'string', multiple: true },
    'auth-emulator': { type: 'string' },
    'firebase-api-key': { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
  },
});
const env = { ...process.env };
if (values['base-url']) env.CITA_BASE_URL = values['base-url'];
if (values.account) env.CITA_ACCOUNTS = values.account.join(',');
if (values['auth-emulator']) env.FIREBASE_AUTH_EMULATOR_HOST = values['auth-emulator'];
if (values['firebase-api-key']) env.FIREBASE_API_KEY = values['firebase-api-key'];
if (values.runs) env.FUZZ_RUNS = values.runs;
if (values.seed) env.FUZZ_SEED = values.seed;
const result = spawnSync('node_modules/.bin/vitest', ['run', 'tests/security'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
