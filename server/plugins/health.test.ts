// /healthz while the identity provider starts: `npm start` polls it four times a second, and the log
// says once that the provider is down and once that it is back (issue 18), not a line per check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { IdTokenVerifier } from '../auth/firebase.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';

let dir: string;
let db: Database;
let app: FastifyInstance;
let identityUp = false;
const lines: { level: number; msg: string; req?: { route?: string } }[] = [];

const verifier: IdTokenVerifier = {
  verify: () => Promise.reject(new Error('not in this test')),
  usesEmulator: true,
  health: async () => (identityUp ? { up: true } : { up: false, reason: 'The Auth emulator at 127.0.0.1:1 cannot be reached.' }),
  close: async () => {},
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cita-health-'));
  db = await openDatabase({ dataDir: join(dir, 'db') });
  const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', DATA_DIR: dir });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, db, verifier, logger: { level: 'info', stream } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('/healthz in the log', () => {
  it('says once that the identity provider is down and once that it is back, however often it is asked', async () => {
    for (let i = 0; i < 8; i += 1) expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'degraded' });
    identityUp = true;
    for (let i = 0; i < 4; i += 1) expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
    const health = lines.filter((line) => line.msg.startsWith('health check') || line.req?.route === '/healthz');
    expect(health.map((line) => [line.level, line.msg])).toEqual([
      [40, 'health check: identity provider unavailable'],
      [30, 'health check: identity provider back'],
    ]);
    // Other requests keep their line.
    await app.inject({ url: '/runtime-config.json' });
    expect(lines.some((line) => line.msg === 'request' && line.req?.route === '/runtime-config.json')).toBe(true);
  }, 20_000);
});
