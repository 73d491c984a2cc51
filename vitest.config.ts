import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  test: {
    include: ['common/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    // One worker per core, not vitest's default of one less: on these 2-core machines that default is a
    // single worker, and the suite spends much of its time waiting on PGlite, PostgreSQL, Redis and the
    // Auth emulator. Measured here (CI's variables): 1 worker 372 s, 2 workers 215 s, 3 workers 221 s.
    maxWorkers: availableParallelism(),
    // vitest's 5 s default fails sound tests when the 2 cores are busy (the browser build, another run):
    // a test that is slow for that reason still gets its verdict.
    testTimeout: 30_000,
  },
});
