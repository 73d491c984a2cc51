import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearEmulatorUsers, createEmulatorUser, signInWithPassword, startAuthEmulator } from '../../scripts/emulator.mjs';
import { EMULATOR_START_TIMEOUT_MS, freePort, freePortRun, startTestEmulator, type TestEmulator } from './emulator-fixture.ts';

describe('scripts/emulator.mjs', () => {
  let fixture: TestEmulator;
  beforeAll(async () => { fixture = await startTestEmulator(); }, EMULATOR_START_TIMEOUT_MS);
  afterAll(async () => { await fixture?.dispose(); }, 30_000);

  it('keeps users across a restart when given a data directory', async () => {
    const created = await createEmulatorUser(fixture.emulator.host, { email: 'dana@example.com', password: 'dana-secret-1' });
    const restarted = await fixture.restart();
    const signedIn = await signInWithPassword(restarted.host, { email: 'dana@example.com', password: 'dana-secret-1' });
    expect(signedIn.localId).toBe(created.localId);
    await expect(signInWithPassword(restarted.host, { email: 'dana@example.com', password: 'wrong-password' }))
      .rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
  }, EMULATOR_START_TIMEOUT_MS);

  it('clears all users', async () => {
    const { host, projectId } = fixture.emulator;
    await createEmulatorUser(host, { email: 'erin@example.com', password: 'erin-secret-1' });
    await clearEmulatorUsers(host, projectId);
    await expect(signInWithPassword(host, { email: 'erin@example.com', password: 'erin-secret-1' })).rejects.toThrow(/EMAIL_NOT_FOUND/);
  });
});

describe('startAuthEmulator', () => {
  let occupant: Server;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    occupant = createServer((_, response) => response.end('someone else'));
    await new Promise<void>((resolve) => occupant.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => occupant.close(() => resolve())));

  it('refuses a port on which something already answers, instead of talking to it', async () => {
    await expect(startAuthEmulator({ port, quiet: true })).rejects.toThrow(`Something already answers on 127.0.0.1:${port}`);
  });

  it('needs a demo- project id to run offline', async () => {
    await expect(startAuthEmulator({ port, projectId: 'cita-prod', quiet: true })).rejects.toThrow(/demo-/);
  });
});

describe('freePortRun', () => {
  it('gives three consecutive ports that can be listened on, below the ephemeral range outgoing connections take', async () => {
    const base = await freePortRun(3);
    expect(base + 2).toBeLessThan(32_768);
    const servers = [base, base + 1, base + 2].map(() => createServer());
    await Promise.all(servers.map((server, offset) => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(base + offset, '127.0.0.1', resolve);
    })));
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  });
});
