/**
 * Section 8, real-user vitals end to end (docs/performance.md "Real-user vitals"): Chromium opens
 * each measured page (both locales) a few times with sampling forced (Math.random draws 0), waits
 * for the reporter the page loads once idle, presses a key (an interaction for INP), hides the page
 * so its beacon goes, then reads the stored aggregate back (the back office's summary) and
 * prints today's 75th percentiles per page type and locale. The figures are this machine's
 * headless browser on the loopback, not shoppers': they show the path works and what it stores.
 * The site's database is kept between quick runs, so "today" includes earlier runs of the day.
 */
import { chromium, type Browser } from '@playwright/test';
import { VISITOR_ID_COOKIE } from '../src/domain/api/envelope.ts';
import { vitalsApi } from '../src/domain/api/vitals.ts';
import { VITAL_METRICS, type VitalsSummary } from '../src/domain/vitals.model.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { VitalsStore } from '../src/server/modules/vitals/index.ts';
import { CHROMIUM, type PageTarget } from './pages.ts';

export interface VitalsBenchResult {
  settings: string[];
  /** Beacons sent, and how many the server turned away (its per-address limit). */
  sent: number;
  refused: number;
  summary: VitalsSummary;
}

/**
 * Views per page: a view sends one beacon, and a second when INP comes only after it (at its
 * close here), so one view of each of the 12 pages stays within the 30 reports a minute one
 * address may send.
 */
const VIEWS = 1;
const REPORT_PATH = `/api${vitalsApi.report.path}`;

async function viewOnce(browser: Browser, origin: string, target: PageTarget): Promise<number> {
  const context = await browser.newContext({ baseURL: origin });
  try {
    if (target.visitorId) await context.addCookies([{ name: VISITOR_ID_COOKIE, value: target.visitorId, url: origin }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      Math.random = () => 0;
    });
    await page.goto(target.path);
    await page.waitForFunction(() => performance.getEntriesByName('vitals-reporting').length > 0, undefined, { timeout: 30_000 });
    await page.keyboard.press('Shift');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === REPORT_PATH, { timeout: 30_000 });
    // Hidden, as when the shopper leaves: the page sends its one beacon (one sent while unloading is not seen here).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    return (await answered).status();
  } finally {
    await context.close();
  }
}

/**
 * Today's aggregate as the back office's call reads it (the same VitalsStore.summary), from the
 * site's database once its server has stopped (the embedded database has one user at a time, and
 * a production-mode bench shop has no demo staff to sign in with).
 */
export async function readVitals(dataDir: string): Promise<VitalsSummary> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    return await new VitalsStore({ db: database.db, clock: () => new Date() }).summary(1);
  } finally {
    await database.close();
  }
}

export async function runVitals(origin: string, pages: PageTarget[], options: { log: (message: string) => void }): Promise<Omit<VitalsBenchResult, 'summary'>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  let sent = 0;
  let refused = 0;
  try {
    options.log(`vitals: ${VIEWS} view(s) of each of ${pages.length} pages, sampling forced`);
    for (const target of pages) {
      for (let view = 0; view < VIEWS; view += 1) {
        const status = await viewOnce(browser, origin, target);
        sent += 1;
        if (status !== 200) refused += 1;
      }
    }
  } finally {
    await browser.close();
  }
  return {
    settings: [
      `Chromium (${CHROMIUM}), desktop size, no throttling, against the served site; ${VIEWS} view(s) per page, each hidden after a key press so it reports`,
      `read back as ${vitalsApi.summary.path} answers it (days 1: today, UTC), from the site's database after its server stopped: p75 of ${VITAL_METRICS.join(', ')}`,
    ],
    sent,
    refused,
  };
}
