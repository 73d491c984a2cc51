// `npm run dev:mock`: the SPA's dev server against Prism serving the contract's examples
// (no API server, no database, no identity provider).
import { spawn } from 'node:child_process';

const MOCK = 'http://127.0.0.1:4010';
const children = [
  spawn('node_modules/.bin/prism', ['mock', '--host', '127.0.0.1', '--port', '4010', 'openapi/tenant-api.yaml'], { stdio: 'inherit' }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit', env: { ...process.env, API_TARGET: MOCK } }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
};
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
