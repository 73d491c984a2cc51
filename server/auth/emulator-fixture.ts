// Test support: an Auth emulator on a free port with its users in a temporary directory, so test
// files run in parallel with each other and with `npm start` (port 9099).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthEmulator, type AuthEmulator } from '../../scripts/emulator.mjs';

// A busy machine (several checkouts testing at once) may need longer: CITA_TEST_EMULATOR_TIMEOUT_MS.
export const EMULATOR_START_TIMEOUT_MS = Number(process.env.CITA_TEST_EMULATOR_TIMEOUT_MS || 90_000);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface TestEmulator {
  emulator: AuthEmulator;
  dataDir: string;
  /** Stops the emulator (exporting its users to dataDir) and starts it again on the same port. */
  restart(): Promise<AuthEmulator>;
  /** Stops the emulator and deletes dataDir. */
  dispose(): Promise<void>;
}

export async function startTestEmulator(projectId = 'demo-cita'): Promise<TestEmulator> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cita-auth-test-'));
  const port = await freePort();
  const start = () => startAuthEmulator({ port, dataDir, projectId, quiet: true, timeoutMs: EMULATOR_START_TIMEOUT_MS - 10_000 });
  const fixture: TestEmulator = {
    emulator: await start(),
    dataDir,
    async restart() {
      await fixture.emulator.stop();
      fixture.emulator = await start();
      return fixture.emulator;
    },
    async dispose() {
      await fixture.emulator.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
}
