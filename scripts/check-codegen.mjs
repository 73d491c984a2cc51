// Fails when regenerating from openapi/tenant-api.yaml would change generated/ (ARCHITECTURE: the
// contract drives everything; generated code is never edited by hand).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const fresh = mkdtempSync(join(tmpdir(), 'cita-codegen-'));
execFileSync('node_modules/.bin/openapi-ts', ['-f', 'codegen.config.ts', '-o', fresh, '-s', '--no-log-file'], { stdio: 'inherit' });
const committed = 'generated';
const a = new Map(files(fresh).map((f) => [relative(fresh, f), readFileSync(f, 'utf8')]));
const b = new Map(files(committed).map((f) => [relative(committed, f), readFileSync(f, 'utf8')]));
const drift = [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();
if (drift.length) {
  console.error(`codegen drift: generated/ differs from the contract in ${drift.join(', ')}. Run npm run codegen.`);
  process.exit(1);
}
console.log(`codegen: generated/ matches openapi/tenant-api.yaml (${a.size} files)`);
