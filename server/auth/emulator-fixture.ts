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

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

// Below the kernel's ephemeral range (32768-60999 here): a port the OS handed out for listen(0) has
// neighbours that any outgoing connection may take at any moment, which once killed an emulator's hub
// ("Port … is not open … could not start emulator hub") in CI.
const RUN_LOW = 10_000;
const RUN_HIGH = 32_000;

/** `count` consecutive free ports (the emulator takes its port and the next two), outside the ephemeral range. */
export async function freePortRun(count = 3): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = RUN_LOW + Math.floor(Math.random() * (RUN_HIGH - RUN_LOW - count));
    let free = true;
    for (let offset = 0; offset < count && free; offset++) free = await bindable(base + offset);
    if (free) return base;
  }
  throw new Error(`No ${count} consecutive free ports between ${RUN_LOW} and ${RUN_HIGH}.`);
}

/** An emulator on a fresh run of free ports; another run when one of them was taken meanwhile. */
export async function startEmulatorOnFreePorts(options: Omit<Parameters<typeof startAuthEmulator>[0] & object, 'port'>): Promise<AuthEmulator> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePortRun();
    try {
      return await startAuthEmulator({ ...options, port });
    } catch (error) {
      const taken = /port taken|is not open|EADDRINUSE|already answers/i.test(String(error));
      if (!taken || attempt === 3) throw error;
    }
  }
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
  const options = { dataDir, projectId, quiet: true, timeoutMs: EMULATOR_START_TIMEOUT_MS - 10_000 };
  const first = await startEmulatorOnFreePorts(options);
  const port = Number(first.host.split(':')[1]);
  const start = () => startAuthEmulator({ ...options, port });
  const fixture: TestEmulator = {
    emulator: first,
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
