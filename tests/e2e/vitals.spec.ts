/**
 * Real-user vitals (docs/performance.md "Real-user vitals"): a sampled storefront page view loads
 * the reporter once the page is idle and, when the page is hidden, sends one beacon naming the
 * page type, the locale and the values, nothing else; the dashboard's card shows the stored 75th
 * percentile, coloured by its rating. Sampling is forced by drawing 0 from Math.random (the build's
 * rate is above 0), in a tab of its own so the back office's random ids are left alone.
 */
import enVitals from '../../src/i18n/locales/en-US/admin-vitals.json' with { type: 'json' };
import zhVitals from '../../src/i18n/locales/zh-CN/admin-vitals.json' with { type: 'json' };
import { vitalsApi } from '../../src/domain/api/vitals.ts';
import { formatVital, ratingOf, type VitalsReport, type VitalsSummary } from '../../src/domain/vitals.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, JOURNEY_TIMEOUT_MS, expect, label, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TEXT = { 'en-US': enVitals, 'zh-CN': zhVitals } as const;

for (const locale of ADMIN_LOCALES) {
  const M = TEXT[locale];
  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a sampled page view reports its vitals after idle, and the dashboard shows their 75th percentile`, async ({ page, ownerApi }, testInfo) => {
      const shop = await page.context().newPage();
      await shop.addInitScript(() => {
        Math.random = () => 0;
      });
      await shop.goto(`/${locale}/product/1/`);
      // The reporter (and web-vitals with it) loads only once the page is idle.
      await expect.poll(() => shop.evaluate(() => performance.getEntriesByName('vitals-reporting').length)).toBe(1);
      await shop.getByRole('heading', { level: 1 }).click();

      // The page is hidden (as when the shopper leaves it or switches tabs): its one beacon goes
      // then. A beacon sent while the page unloads is not shown to Playwright, so the tab stays and
      // says it is hidden.
      const sent = shop.waitForRequest((request) => new URL(request.url()).pathname === `/api${vitalsApi.report.path}`);
      await shop.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      const beacon = await sent;
      expect(beacon.headers()['content-type']).toMatch(/^text\/plain/);
      const report = JSON.parse(beacon.postData()!) as VitalsReport;
      expect(Object.keys(report).sort()).toEqual(['locale', 'metrics', 'page']);
      expect(report).toMatchObject({ page: 'product', locale });
      expect(report.metrics.TTFB).toBeGreaterThan(0);
      expect(report.metrics.LCP).toBeGreaterThan(0);
      expect(report.metrics.CLS).toBeGreaterThanOrEqual(0);
      await shop.close();

      await page.goto('/admin/dashboard');
      const card = page.getByTestId('vitals');
      await expect(card).toContainText(M.title);
      const row = card.locator('tbody tr').filter({ hasText: M.pages.product }).filter({ hasText: locale });
      // Other journeys' sampled views may report too: the card must show what the server reads now.
      for (const days of [7, 1] as const) {
        if (days === 1) await card.getByText(M.today, { exact: true }).click();
        await expect(async () => {
          const summary = await ownerApi<VitalsSummary>(vitalsApi.summary.path, { days });
          const lcp = summary.rows.find((r) => r.page === 'product' && r.locale === locale)?.metrics.LCP;
          expect(lcp).toBeTruthy();
          await page.reload();
          if (days === 1) await card.getByText(M.today, { exact: true }).click();
          const tag = row.locator('[data-vital="LCP"]');
          await expect(tag).toHaveText(formatVital('LCP', lcp!.p75, locale), { timeout: 5_000 });
          await expect(tag).toHaveAttribute('data-rating', ratingOf('LCP', lcp!.p75));
        }).toPass({ timeout: 30_000 });
      }
      await expect(card.getByText(label(M.days7))).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-vitals-${locale}`, testInfo);
    });
  });
}
