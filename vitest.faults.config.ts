// `npm run test:faults`: the fault suites (SIGKILL durability, idempotency across faults, dependencies
// down). They start and kill real server processes for minutes, so they are not in the default
// `vitest run` (vitest.config.ts does not include tests/faults).
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['tests/faults/**/*.test.ts'],
      // The files start their own servers and databases: run them side by side.
      fileParallelism: true,
      maxWorkers: 3,
      testTimeout: 15 * 60_000,
      hookTimeout: 120_000,
    },
  }),
);
