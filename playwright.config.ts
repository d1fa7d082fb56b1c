import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { loadToolConfig } from './src/build-config.ts';
import { E2E_AUTH_SECRET } from './tests/e2e/support/env.ts';

const tools = loadToolConfig();
const PORT = tools.E2E_PORT;

/**
 * End-to-end journeys through the built site and the running server, in Debian's chromium
 * (Playwright cannot download its own browsers here). The server runs as `npm start` would, on
 * its own embedded database, whatever DATABASE_URL the shell has; one server and one build serve
 * every journey of the run.
 *
 * Variants (docs/testing.md): a journey runs once per locale and viewport only where the page
 * differs, and the two cross rather than multiply:
 * - a title naming `en-US` runs at 1440 px (desktop), one naming `zh-CN` at 375 px (phone), so
 *   each locale is seen and each layout is seen, and a journey's phone branches run in zh-CN;
 * - a title naming no locale runs on desktop, unless tagged `@viewports` (both sizes).
 *
 * A journey tagged `@alone` changes what every shopper is priced by (the quantity tiers, the
 * free-shipping threshold) while it runs: it waits until every other journey has ended (project
 * `alone`, which depends on the other two), at 375 px, so none is priced by its interim values.
 */
const PHONE = /zh-CN|@viewports/;
const DESKTOP_SKIPS = /^(?!.*@viewports).*zh-CN/;
const ALONE = /@alone/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  // A failed journey runs once more, recording its trace. One that passes only the second time is
  // listed as flaky at the end of the run, with its first failure, and does not fail the run: a
  // few journeys fail about once in a hundred runs on a loaded two-core machine for causes not yet
  // found, and a run that fails on them would keep every other change from landing. Each flaky
  // journey is a bug to fix (docs/testing.md "Flaky journeys").
  // Recording a trace for every journey ("retain-on-failure") cost a quarter of the run's CPU
  // (docs/testing.md "Measured times"); now only a journey that already failed pays for it.
  retries: 1,
  // Assertions wait for what the user would see; on a loaded two-core machine a server answer
  // can take longer than the default 5 s, which is not what any journey is testing.
  expect: { timeout: 10_000 },
  // One worker per core; each drives one Chromium against the one shared server.
  workers: tools.E2E_WORKERS ?? availableParallelism(),
  // Tests, not files, are shared out, so one long file does not leave a worker idle at the end.
  fullyParallel: true,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The second run of a failed journey keeps its trace (actions and DOM snapshots); the
    // screencast a trace also records by default costs CPU on a two-core machine and adds little.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: tools.CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', grepInvert: [DESKTOP_SKIPS, ALONE], use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    { name: 'phone', grep: PHONE, grepInvert: ALONE, use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } } },
    { name: 'alone', grep: ALONE, dependencies: ['desktop', 'phone'], use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } } },
  ],
  webServer: {
    // A fresh database per run, so journeys never see an earlier run's carts; mail goes over
    // SMTP to a test receiver whose messages the journeys read (tests/e2e/support/server.ts).
    command: 'node tests/e2e/support/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: '.data/e2e',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      PUBLIC_SITE_URL: `http://127.0.0.1:${PORT}`,
      // Known to the journeys, so one can sign an access token that has already expired.
      AUTH_SECRET: E2E_AUTH_SECRET,
      // The account throttles count per client address (10 registrations an hour, ...), and
      // every journey comes from 127.0.0.1. Trusting X-Forwarded-For lets a journey be a
      // shopper of its own address (tests/e2e/support/shoppers.ts); the limits stay as in
      // production.
      TRUST_PROXY: 'true',
      // Every registration and sign-in hashes a password: about 0.27 CPU-s at the default cost
      // (15) and 0.01 at 10, which the integration tests use too. No journey is about the cost;
      // the cluster test signs shoppers in at the default one.
      PASSWORD_HASH_COST: '10',
    },
  },
});
