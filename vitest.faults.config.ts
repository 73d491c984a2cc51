// `npm run test:faults`: the fault suites (SIGKILL durability, idempotency across faults, dependencies
// down). They start and kill real server processes for minutes, so they are not in the default
// `vitest run` (vitest.config.ts does not include tests/faults), and this config includes only them.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    // The files start their own servers and databases: run them side by side (most of their time is
    // spent waiting for a restarted server).
    fileParallelism: true,
    maxWorkers: 4,
    testTimeout: 15 * 60_000,
    hookTimeout: 180_000,
  },
});
