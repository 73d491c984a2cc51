// The server's request validators: compiled on a route's first request, not at start-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, lazyValidator } from './app.ts';
import { createIdTokenVerifier } from './auth/firebase.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';

let dir: string;
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cita-app-'));
  db = await openDatabase({ dataDir: join(dir, 'db') });
  const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', DATA_DIR: dir });
  const verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
  app = await buildApp({ config, db, verifier, logger: false });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('request validators', () => {
  it("compiles every operation's schemas (what start-up no longer does)", () => {
    // Each operation has at least its parameters or its body: far more than a hundred validators.
    expect(app.compileValidators()).toBeGreaterThan(100);
  });

  it('compiles on the first call, then answers and reports errors as Ajv does', () => {
    const engine = new Ajv2020({ allErrors: true });
    let compiles = 0;
    const counting = Object.assign(Object.create(engine) as Ajv2020, {
      compile: (schema: object) => {
        compiles += 1;
        return engine.compile(schema);
      },
    });
    const validate = lazyValidator(counting, { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] });
    expect(compiles).toBe(0);
    expect(validate({ name: 'Ana' })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate({ name: '' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/name', keyword: 'minLength' });
    expect(validate({})).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'required' });
    expect(compiles).toBe(1);
  });
});
