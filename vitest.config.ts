import { defineConfig } from 'vitest/config';

/** Unit test files of code that holds no module state between tests: they share their worker's modules. */
const UNIT_SHARED = ['tests/unit/{domain,server,tooling,i18n}/**/*.test.ts', 'tests/unit/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      // Unit tests in two projects (`npm run test:unit` runs both: `--project 'unit*'`). The code
      // that runs in the browser (stores, client, islands, scripts, admin, components) keeps state in
      // its modules and in @nanostores/persistent's storage, so each of its files gets fresh modules
      // (`unit-isolated`); the rest shares its worker's loaded modules (`isolate: false`), as
      // loading them again for each file was two thirds of the suite's CPU (docs/testing.md
      // "Measured times").
      {
        test: {
          name: 'unit',
          include: UNIT_SHARED,
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ['tests/unit/**/*.test.ts'],
          exclude: UNIT_SHARED,
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
