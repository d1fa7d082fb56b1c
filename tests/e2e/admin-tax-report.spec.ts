/**
 * What the merchant declares (docs/taxes.md), at 1440 px in en-US and 375 px in zh-CN: the owner
 * opens the tax report from the menu, picks a month, a quarter and custom days, reads the rows and
 * the EUR totals, and downloads the CSV, whose lines are the table's rows. Screenshots of each:
 * `.data/screens/admin-tax-report-<locale>-<project>.png`.
 */
import { readFile } from 'node:fs/promises';
import enReport from '../../src/i18n/locales/en-US/admin-tax-report.json' with { type: 'json' };
import zhReport from '../../src/i18n/locales/zh-CN/admin-tax-report.json' with { type: 'json' };
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, expect, label, openFromMenu, test } from './support/admin.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const REPORT_TEXT = { 'en-US': enReport, 'zh-CN': zhReport } as const;
const CSV_HEAD = { 'en-US': 'Period from,Period to,Declared under,Jurisdiction,', 'zh-CN': '期间起,期间止,申报制度,税收辖区,' } as const;

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const R = REPORT_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner picks a month, a quarter and custom days on the tax report and downloads its CSV`, async ({ page }, testInfo) => {
      const now = new Date();
      const month = now.toISOString().slice(0, 7);
      const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
      await page.goto('/admin/');
      await openFromMenu(page, A.route['tax-report']);
      const screen = page.getByTestId('tax-report-screen');
      // This UTC month, first.
      const covers = screen.getByTestId('tax-report-covers');
      await expect(covers).toContainText(`${month}-01`);
      await expect(covers).toContainText(lastDay);
      await expect(covers).toContainText('UTC');
      const rows = screen.getByTestId('tax-report-table').locator('tbody tr.ant-table-row');
      const shown = await rows.count();
      if (shown === 0) await expect(screen.getByText(R.none)).toBeVisible();
      await screenshot(page, `admin-tax-report-${locale}`, testInfo, { fullPage: true });

      // The CSV: a BOM, the header in the staff member's language, one line per row shown.
      const download = page.waitForEvent('download');
      await screen.getByRole('button', { name: label(R.download) }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`tax-report-${month}-01-${lastDay}.csv`);
      const csv = await readFile(await file.path(), 'utf8');
      expect(csv.startsWith(`\uFEFF${CSV_HEAD[locale]}`)).toBe(true);
      expect(csv.slice(1).split('\r\n').filter(Boolean)).toHaveLength(1 + shown);

      // The quarter this month is in.
      await screen.getByTestId('tax-period-kind').getByText(R.kinds.quarter).click();
      const quarter = Math.floor(now.getUTCMonth() / 3) + 1;
      const firstOfQuarter = `${now.getUTCFullYear()}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-01`;
      await expect(screen.getByRole('combobox', { name: R.quarter })).toBeVisible();
      await expect(covers).toContainText(firstOfQuarter);

      // Custom days: the month so far.
      await screen.getByTestId('tax-period-kind').getByText(R.kinds.custom).click();
      await expect(covers).toContainText(`${month}-01`);
      await expect(covers).toContainText(now.toISOString().slice(0, 10));
      await screenshot(page, `admin-tax-report-custom-${locale}`, testInfo);
    });
  });
}
