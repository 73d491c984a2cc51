import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The files that take minutes, longest first (measured in CI: the two API suites about 95 s each, the
 * security suite 55 s, the Auth emulator's 27 s). Without a cache (a clean clone) vitest starts the
 * largest files first, and these are the smallest (they import suites), so they started last and ran
 * on after every other file had ended: one worker busy, the other idle.
 */
const LONGEST = ['tests/server/api.test.ts', 'tests/server/api.postgres.test.ts', 'tests/security/security.test.ts', 'server/auth/emulator.test.ts', 'server/auth/firebase.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((name) => file.moduleId.replaceAll('\\', '/').endsWith(`/${name}`));
      return index === -1 ? LONGEST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirst },
    // vitest's 5 s default fails sound tests when the 2 cores are busy (the browser build, another run):
    // a test that is slow for that reason still gets its verdict.
    testTimeout: 30_000,
  },
});
