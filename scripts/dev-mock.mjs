// `npm run dev:mock`: the SPA's dev server against Prism serving the contract's examples, plus the
// Auth emulator so that signing in works (any e-mail and password; Prism answers the API calls).
// No API server, no database.
import { spawn } from 'node:child_process';
import { startAuthEmulator } from './emulator.mjs';

const MOCK = 'http://127.0.0.1:4010';
const emulator = await startAuthEmulator({ port: 9099, quiet: true, detached: true });
console.log(`Auth emulator at http://${emulator.host}; Prism at ${MOCK}; the SPA at http://127.0.0.1:5173`);
const children = [
  spawn('node_modules/.bin/prism', ['mock', '--host', '127.0.0.1', '--port', '4010', 'openapi/tenant-api.yaml'], { stdio: 'inherit' }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit', env: { ...process.env, API_TARGET: MOCK } }),
];
let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  await emulator.stop();
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => void stop(code ?? 0));
emulator.exited.then(() => void stop(1));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
