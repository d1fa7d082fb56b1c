import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database; PGlite is single-threaded WASM, so two at a time
          // keeps both cores busy without starving either.
          maxWorkers: 2,
          // Files share their worker's loaded modules: each file builds its own app and database,
          // and loading the server's modules again for every file was a quarter of the suite's time.
          isolate: false,
        },
      },
      {
        // Tests that drive Chromium against a test shop on PGlite: no database choice to
        // repeat, so they run once, apart from the integration suite's two database runs.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
