/**
 * What the merchant declares (docs/taxes.md), at 1440 px in en-US and 375 px in zh-CN: the owner
 * opens the tax report from the menu, picks a month, a quarter and custom days, reads the rows and
 * the EUR totals, and downloads the CSV, whose lines are the table's rows. Screenshots of each:
 * `.data/screens/admin-tax-report-<locale>-<project>.png`.
 */
import { readFile } from 'node:fs/promises';
import enReport from '../../src/i18n/locales/en-US/admin-tax-report.json' with { type: 'json' };
import zhReport from '../../src/i18n/locales/zh-CN/admin-tax-report.json' with { type: 'json' };
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminTaxReportApi } from '../../src/domain/api/admin/tax-report.ts';
import type { TaxReport } from '../../src/domain/back-office/tax-report.model.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import { apiData } from '../support/api.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, expect, label, openFromMenu, test } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeViolations } from './support/axe.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const REPORT_TEXT = { 'en-US': enReport, 'zh-CN': zhReport } as const;
const amounts = (salesBase: number, salesTax: number, creditBase: number, creditTax: number) => ({
  salesBase,
  salesTax,
  creditBase,
  creditTax,
  netBase: salesBase + creditBase,
  netTax: salesTax + creditTax,
});
const SAMPLE = {
  from: '2026-03-01',
  to: '2026-03-31',
  timeZone: 'UTC',
  invoices: 3,
  creditNotes: 2,
  rows: [
    { declaredUnder: 'EU-OSS', jurisdiction: 'DE', tax: 'VAT', taxClass: 'standard', rate: 19_000, currency: 'EUR', invoices: 1, creditNotes: 1, amounts: amounts(5833, 1108, -1000, -190), eur: amounts(5833, 1108, -1000, -190) },
    { declaredUnder: 'GB-VAT', jurisdiction: 'GB', tax: 'VAT', taxClass: 'standard', rate: 20_000, currency: 'GBP', invoices: 1, creditNotes: 1, amounts: amounts(4417, 883, -2000, -400), eur: amounts(5144, 1029, -2329, -466) },
    { declaredUnder: 'GB-VAT', jurisdiction: 'GB', tax: 'VAT', taxClass: 'children', rate: 0, currency: 'GBP', invoices: 1, creditNotes: 0, amounts: amounts(2500, 0, 0, 0), eur: amounts(2911, 0, 0, 0) },
    { declaredUnder: 'CA-GST', jurisdiction: 'CA-ON', tax: 'HST', taxClass: 'standard', rate: 13_000, currency: 'CAD', invoices: 1, creditNotes: 0, amounts: amounts(11_234, 1460, 0, 0), eur: amounts(7600, 988, 0, 0) },
  ],
  totalEur: amounts(5833 + 5144 + 2911 + 7600, 1108 + 1029 + 988, -1000 - 2329, -190 - 466),
};
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

    test(`${locale}: a paid and partly refunded UK order's invoice and credit note are on this month's tax report and in its CSV`, async ({ page, request, ownerApi }, testInfo) => {
      // One plain shirt to London, under the UK's 135 GBP limit: UK VAT included, invoiced at payment.
      const product = await apiData<{ sizes: { size: string; stock: number }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: 5 });
      const size = [...product.sizes].sort((a, b) => b.stock - a.stock)[0]!.size;
      const order = await paidGuestOrder(request, locale, { lines: [{ productId: 5, size, customType: 1, quantity: 1 }] });
      await ownerApi(adminOrdersApi.refund.path, { orderNo: order.orderNo, idempotencyKey: `tax-report-${order.orderNo}`, amount: 500, reason: 'goodwill' });
      const month = new Date().toISOString().slice(0, 7);
      const report = await ownerApi<TaxReport>(adminTaxReportApi.taxReport.path, { period: { kind: 'month', month } });
      const uk = report.rows.find((row) => row.declaredUnder === 'GB-VAT' && row.rate === 20_000 && row.taxClass === 'standard' && row.currency === 'EUR')!;
      expect(uk.invoices).toBeGreaterThanOrEqual(1);
      expect(uk.creditNotes).toBeGreaterThanOrEqual(1);
      expect(uk.amounts.creditTax).toBeLessThan(0);

      await page.goto('/admin/tax-report');
      const screen = page.getByTestId('tax-report-screen');
      const row = screen.getByTestId('tax-report-table').locator('tbody tr.ant-table-row', { hasText: R.schemes['GB-VAT'] }).filter({ hasText: '20%' }).filter({ hasText: R.classes.standard }).filter({ hasText: 'EUR' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(formatMoney(uk.amounts.netTax, 'EUR', locale));
      await expect(row).toContainText(formatMoney(uk.amounts.creditTax, 'EUR', locale));
      await screenshot(page, `admin-tax-report-invoiced-${locale}`, testInfo, { fullPage: true });

      const download = page.waitForEvent('download');
      await screen.getByRole('button', { name: label(R.download) }).click();
      const csv = await readFile(await (await download).path(), 'utf8');
      const line = csv
        .split('\r\n')
        .map((l) => l.split(','))
        .find((l) => l[2] === 'GB-VAT' && l[6] === '20' && l[5] === 'standard' && l[9] === 'EUR')!;
      expect(line.slice(14, 16)).toEqual([(uk.amounts.netBase / 100).toFixed(2), (uk.amounts.netTax / 100).toFixed(2)]);
    });

    test(`${locale}: the tax report's table shows a row per jurisdiction, rate and currency with the EUR total`, async ({ page }, testInfo) => {
      // The server's answer is set here, so the table's layout is seen with rows in three
      // jurisdictions and two currencies whatever documents this run's shop has issued.
      await page.route('**/api/admin/taxes/report', (route) => route.fulfill({ json: { code: '0000', msg: 'ok', data: SAMPLE } }));
      await page.goto('/admin/tax-report');
      const table = page.getByTestId('tax-report-table');
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(SAMPLE.rows.length);
      await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(R.schemes['EU-OSS']);
      await expect(table.locator('tbody tr.ant-table-row').nth(1)).toContainText('£8.83');
      await expect(table.locator('tbody tr.ant-table-row').nth(1)).toContainText('-£4.00');
      await expect(page.getByTestId('tax-total-tax')).toHaveText('€24.69');
      await screenshot(page, `admin-tax-report-rows-${locale}`, testInfo, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
