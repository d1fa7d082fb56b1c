/**
 * The owner's Reports screen (docs/back-office.md "Reports"), at 1440 px in en-US and 375 px in
 * zh-CN: the owner opens it from the menu after an order is paid, picks presets and custom days,
 * reads the totals, the series and a breakdown, and exports both as CSV, whose lines are what is
 * shown. A third journey sets the server's answer, so the changes on the previous period (+x% /
 * −x%) and every table are seen with known figures, in the light and the dark scheme, with axe.
 * Screenshots: `.data/screens/admin-reports-*-<locale>-<project>.png`.
 */
import { readFile } from 'node:fs/promises';
import enReports from '../../src/i18n/locales/en-US/admin-reports.json' with { type: 'json' };
import zhReports from '../../src/i18n/locales/zh-CN/admin-reports.json' with { type: 'json' };
import { adminSalesReportApi } from '../../src/domain/api/admin/sales-report.ts';
import type { ReportRow, SalesFigures, SalesReport } from '../../src/domain/back-office/sales-report.model.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, expect, openFromMenu, test } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeViolations } from './support/axe.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const REPORTS_TEXT = { 'en-US': enReports, 'zh-CN': zhReports } as const;
const SERIES_HEAD = { 'en-US': 'Period start,Orders,Units,Gross (EUR),Net (EUR),Tax (EUR),Refunds (EUR),Average order (EUR)', 'zh-CN': '期间开始,订单数,件数,含税销售额（EUR）,不含税销售额（EUR）,税额（EUR）,退款（EUR）,平均订单金额（EUR）' } as const;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const figures = (orders: number, units: number, grossEur: number, taxEur: number, refundsEur: number): SalesFigures => ({
  orders,
  units,
  grossEur,
  taxEur,
  netEur: grossEur - taxEur,
  refundsEur,
  averageEur: orders ? Math.round(grossEur / orders) : 0,
});
const row = (key: string, label: string | null, f: SalesFigures, amounts?: ReportRow['amounts']): ReportRow => ({ key, label, ...f, ...(amounts ? { amounts } : {}) });
const lineRow = (key: string, label: string | null, orders: number, units: number, grossEur: number): ReportRow => ({ key, label, orders, units, grossEur, taxEur: null, netEur: null, refundsEur: null, averageEur: null });

/** March 2026 by week beside February: sales up 20%, orders down 10%, refunds where there were none. */
const SAMPLE: SalesReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  grouping: 'week',
  timeZone: 'UTC',
  previous: { from: '2026-01-29', to: '2026-02-28' },
  totals: figures(9, 14, 120_000, 19_000, 4_500),
  previousTotals: figures(10, 12, 100_000, 16_000, 0),
  series: [
    { start: '2026-02-23', ...figures(1, 1, 9_000, 1_400, 0) },
    { start: '2026-03-02', ...figures(3, 5, 41_000, 6_500, 0) },
    { start: '2026-03-09', ...figures(2, 3, 30_000, 4_800, 4_500) },
    { start: '2026-03-16', ...figures(0, 0, 0, 0, 0) },
    { start: '2026-03-23', ...figures(2, 4, 28_000, 4_500, 0) },
    { start: '2026-03-30', ...figures(1, 1, 12_000, 1_800, 0) },
  ],
  breakdowns: {
    product: [lineRow('12', 'Home shirt 2026', 6, 9, 70_000), lineRow('none', null, 1, 1, 4_000)],
    team: [lineRow('3', 'FC Example', 6, 9, 70_000)],
    sport: [lineRow('football', 'Football', 9, 14, 110_000)],
    country: [row('GB', null, figures(6, 9, 80_000, 13_000, 4_500)), row('DE', null, figures(3, 5, 40_000, 6_000, 0))],
    currency: [row('EUR', null, figures(6, 9, 80_000, 13_000, 0), { gross: 80_000, tax: 13_000, net: 67_000, refunds: 0 }), row('GBP', null, figures(3, 5, 40_000, 6_000, 4_500), { gross: 34_400, tax: 5_160, net: 29_240, refunds: 3_870 })],
    coupon: [row('', null, figures(8, 12, 100_000, 16_000, 4_500)), row('SPRING10', null, figures(1, 2, 20_000, 3_000, 0))],
    personalised: [row('personalised', null, figures(5, 8, 70_000, 11_000, 4_500)), row('plain', null, figures(4, 6, 50_000, 8_000, 0))],
  },
};

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const R = REPORTS_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner reads a paid order on the Reports screen, picks days and exports the series and a breakdown as CSV`, async ({ page, request, ownerApi }, testInfo) => {
      // A personalised shirt and a plain one, paid now: today's figures hold it.
      await paidGuestOrder(request, locale);
      const today = isoDay(new Date());
      await page.goto('/admin/');
      await openFromMenu(page, A.route.reports);
      const screen = page.getByTestId('reports-screen');
      const covers = screen.getByTestId('report-covers');
      // The last 30 days, by day, first.
      await expect(covers).toContainText(today);
      await expect(screen.getByTestId('report-series-table').locator('tbody tr.ant-table-row')).toHaveCount(30);
      await expect(screen.getByTestId('report-chart')).toBeVisible();

      // The last 7 days: seven rows, the last one today's with the order in it.
      await screen.getByRole('combobox', { name: R.period }).click();
      await page.locator('.ant-select-dropdown:visible').getByText(R.presets.last7, { exact: true }).click();
      const sevenDaysAgo = isoDay(new Date(Date.now() - 6 * 86_400_000));
      await expect(covers).toContainText(sevenDaysAgo);
      const rows = screen.getByTestId('report-series-table').locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(7);
      const report = await ownerApi<SalesReport>(adminSalesReportApi.salesReport.path, { from: sevenDaysAgo, to: today, grouping: 'day' });
      expect(report.totals.orders).toBeGreaterThanOrEqual(1);
      expect(report.series.at(-1)!.orders).toBeGreaterThanOrEqual(1);
      await expect(screen.getByTestId('report-total-orders')).not.toHaveText('0');
      await screenshot(page, `admin-reports-live-${locale}`, testInfo, { fullPage: true });

      // The series as CSV: the header in the staff member's language, one line a day.
      let download = page.waitForEvent('download');
      await screen.getByTestId('report-export-series').click();
      let file = await download;
      expect(file.suggestedFilename()).toBe(`sales-series-${sevenDaysAgo}-${today}.csv`);
      let csv = (await readFile(await file.path(), 'utf8')).split('\r\n').filter(Boolean);
      expect(csv[0]).toBe(`\uFEFF${SERIES_HEAD[locale]}`);
      expect(csv).toHaveLength(8);
      const todayLine = csv.find((line) => line.startsWith(`${today},`))!.split(',');
      expect(Number(todayLine[1])).toBeGreaterThanOrEqual(1);
      expect(Number(todayLine[3])).toBeGreaterThan(0);

      // Personalised vs plain: the order was personalised; its CSV names the rows in the staff member's language.
      await screen.getByRole('combobox', { name: R.breakdownBy }).click();
      await page.locator('.ant-select-dropdown:visible').getByText(R.dimensions.personalised, { exact: true }).click();
      const breakdown = screen.getByTestId('report-breakdown-table').locator('tbody tr.ant-table-row');
      // By its cell: "个性化" (personalised) is also part of "非个性化" (plain).
      await expect(breakdown.filter({ has: page.getByRole('cell', { name: R.personalised, exact: true }) })).toHaveCount(1);
      const shown = await breakdown.count();
      download = page.waitForEvent('download');
      await screen.getByTestId('report-export-breakdown').click();
      file = await download;
      expect(file.suggestedFilename()).toBe(`sales-personalised-${sevenDaysAgo}-${today}.csv`);
      csv = (await readFile(await file.path(), 'utf8')).split('\r\n').filter(Boolean);
      expect(csv).toHaveLength(1 + shown);
      expect(csv.some((line) => line.startsWith(`personalised,${R.personalised},`))).toBe(true);

      // Custom days typed into the range picker.
      await screen.getByRole('combobox', { name: R.period }).click();
      await page.locator('.ant-select-dropdown:visible').getByText(R.presets.custom, { exact: true }).click();
      const inputs = screen.getByRole('textbox', { name: R.days });
      const from = isoDay(new Date(Date.now() - 2 * 86_400_000));
      await inputs.first().click();
      await inputs.first().fill(from);
      await inputs.first().press('Enter');
      await inputs.nth(1).fill(today);
      await inputs.nth(1).press('Enter');
      await expect(covers).toContainText(`${from}`);
      await expect(rows).toHaveCount(3);
      // The screen itself, not the picker's calendar closing over it (antd's own, checked apart).
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(() => {
      test.use({ adminLocale: locale, adminStorage: { SOY_themeSettings: { themeScheme: scheme } } });

      test(`${locale}: the Reports screen shows the change on the previous period and each breakdown (${scheme})`, async ({ page }, testInfo) => {
        await page.route('**/api/admin/reports/sales', (route) => route.fulfill({ json: { code: '0000', msg: 'ok', data: SAMPLE } }));
        await page.goto('/admin/reports');
        const screen = page.getByTestId('reports-screen');
        const totals = screen.getByTestId('report-totals');
        await expect(totals.locator('[data-change="grossEur"]')).toContainText('+20%');
        await expect(totals.locator('[data-change="orders"]')).toContainText('−10%');
        await expect(totals.locator('[data-change="refundsEur"]')).toContainText(R.nothingBefore);
        await expect(totals.locator('[data-change="grossEur"]')).toContainText(formatMoney(100_000, 'EUR', locale));
        await expect(screen.getByTestId('report-total-grossEur')).toHaveText(formatMoney(120_000, 'EUR', locale));
        await expect(screen.getByTestId('report-series-table').locator('tbody tr.ant-table-row')).toHaveCount(6);
        await expect(screen.getByTestId('report-breakdown-table').locator('tbody tr.ant-table-row').first()).toContainText('Home shirt 2026');
        await expect(screen.getByTestId('report-breakdown-table').locator('tbody tr.ant-table-row').nth(1)).toContainText(R.unknown);
        await screenshot(page, `admin-reports-${scheme}-${locale}`, testInfo, { fullPage: true });
        expect(await axeViolations(page)).toEqual([]);

        await screen.getByRole('combobox', { name: R.breakdownBy }).click();
        await page.locator('.ant-select-dropdown:visible').getByText(R.dimensions.currency, { exact: true }).click();
        const gbp = screen.getByTestId('report-breakdown-table').locator('tbody tr.ant-table-row', { hasText: 'GBP' });
        await expect(gbp).toContainText(formatMoney(34_400, 'GBP', locale));
        await expect(gbp).toContainText(formatMoney(4_500, 'EUR', locale));
        await screen.getByRole('combobox', { name: R.breakdownBy }).click();
        await page.locator('.ant-select-dropdown:visible').getByText(R.dimensions.coupon, { exact: true }).click();
        await expect(screen.getByTestId('report-breakdown-table').locator('tbody tr.ant-table-row').first()).toContainText(R.noCoupon);
        await screenshot(page, `admin-reports-coupon-${scheme}-${locale}`, testInfo, { fullPage: true });
      });
    });
  }
}
