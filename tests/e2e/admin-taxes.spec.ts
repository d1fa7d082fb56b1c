/**
 * Taxes in the back office (issue 29), by clicks, in en-US at 1440 px and zh-CN at 375 px:
 * - Settings -> Taxes: the owner registers a scheme (a wrong number is refused on its field with
 *   the scheme's example, the right one saved), edits a market's rate in the rate table (shown as
 *   edited, with its default and the day it was checked, and stored as a rate edit), then puts it
 *   back to the default. The markets and schemes are ones no other journey sells into, and the
 *   section is put back at the end, since other journeys share the shop.
 * - The product editor: an admin chooses the product's tax class and saves it; the product's
 *   detail reads it back.
 * - Settings -> Seller (zh-CN only, one journey so no other changes the section meanwhile): while
 *   the legal name or address is empty the screen warns; the owner fills them, a series equal to
 *   the invoices' is refused on its field, the seller is saved and the warning goes.
 */
import type { Page } from '@playwright/test';
import enTax from '../../src/i18n/locales/en-US/admin-tax.json' with { type: 'json' };
import zhTax from '../../src/i18n/locales/zh-CN/admin-tax.json' with { type: 'json' };
import enMarketing from '../../src/i18n/locales/en-US/admin-marketing.json' with { type: 'json' };
import zhMarketing from '../../src/i18n/locales/zh-CN/admin-marketing.json' with { type: 'json' };
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import type { AdminSettings } from '../../src/domain/settings.model.ts';
import type { RegistrationScheme } from '../../src/domain/tax/tax.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_TEXT, JOURNEY_TIMEOUT_MS, createPlainProduct, expect, label, openFromMenu, test, type AdminLocale } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const T = { 'en-US': enTax, 'zh-CN': zhTax } as const;
const SAVED = { 'en-US': enMarketing.settings.saved, 'zh-CN': zhMarketing.settings.saved } as const;

/** Each locale's journey its own scheme and market, so the two never change the same thing. */
const CASES = {
  'en-US': { scheme: 'NZ-GST', bad: '12-34', good: '123-456-789', example: '123456789', market: 'LU', tax: 'VAT', area: 'EU', percent: '16.5', rate: 16_500, was: '17%' },
  'zh-CN': { scheme: 'CA-SK-PST', bad: '', good: 'PST-1234567', example: null, market: 'CA-SK', tax: 'PST', area: 'CA', percent: '6.25', rate: 6_250, was: '6%' },
} as const;

const dropdownOption = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();

async function saveTaxes(page: Page): Promise<string> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/admin/settings/save'));
  await page.getByTestId('taxes-save').click();
  return ((await (await answer).json()) as { code: string }).code;
}

for (const locale of ['en-US', 'zh-CN'] as AdminLocale[]) {
  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner registers a scheme and edits a rate in Settings -> Taxes, and both are saved`, async ({ page, ownerApi }, testInfo) => {
      const S = T[locale].settings;
      const c = CASES[locale];
      const before = await ownerApi<AdminSettings>('/admin/settings/get');
      // A journey run earlier in this shop may have left the scheme registered: start without it.
      const start = { ...before.settings.taxes, registrations: before.settings.taxes.registrations.filter((r) => r.scheme !== c.scheme), rateEdits: before.settings.taxes.rateEdits.filter((e) => e.market !== c.market) };
      await ownerApi('/admin/settings/save', { section: 'taxes', value: start });
      try {
        await page.goto('/admin/');
        await openFromMenu(page, ADMIN_TEXT[locale].admin.route.settings);
        await page.getByTestId('settings-tabs').getByRole('tab', { name: S.tabs.taxes }).click();
        const section = page.getByTestId('settings-taxes');
        await expect(section).toBeVisible();

        // A registration: a wrong number is refused on its field, in the user's language.
        const rows = section.getByTestId('tax-registration');
        const count = await rows.count();
        await section.getByTestId('tax-registration-add').click();
        const row = rows.nth(count);
        await row.getByTestId('tax-registration-scheme').click();
        await dropdownOption(page, S.schemes[c.scheme]).click();
        await row.getByTestId('tax-registration-number').fill(c.bad);
        await page.getByTestId('taxes-save').click();
        const refusal = c.example ? S.badNumber.replace('{{scheme}}', S.schemes[c.scheme]).replace('{{example}}', c.example) : S.required;
        await expect(row.getByText(refusal)).toBeVisible();
        await screenshot(page, `admin-taxes-refused-${locale}`, testInfo);
        await row.getByTestId('tax-registration-number').fill(c.good);
        expect(await saveTaxes(page)).toBe('0000');
        await expect(page.getByText(SAVED[locale])).toBeVisible();
        const saved = await ownerApi<AdminSettings>('/admin/settings/get');
        expect(saved.settings.taxes.registrations).toContainEqual({ scheme: c.scheme as RegistrationScheme, number: c.good });
        await screenshot(page, `admin-taxes-${locale}`, testInfo, { fullPage: true });

        // A rate: edited in the table, shown as edited with its default, stored as a rate edit.
        const table = page.getByTestId('settings-tax-rates');
        await table.getByTestId('tax-rate-areas').getByText(S.areas[c.area], { exact: true }).click();
        const rateRow = table.locator(`[data-market="${c.market}"][data-tax="${c.tax}"]`);
        await rateRow.scrollIntoViewIfNeeded();
        await rateRow.getByTestId('tax-rate-edit').click();
        const dialog = page.getByTestId('tax-rate-dialog');
        await dialog.getByTestId('tax-edit-standard').fill(c.percent);
        const answer = page.waitForResponse((response) => response.url().endsWith('/admin/settings/save'));
        await page.getByTestId('tax-rate-save').click();
        expect(((await (await answer).json()) as { code: string }).code).toBe('0000');
        await expect(page.getByText(S.rateSaved)).toBeVisible();
        await expect(rateRow.getByTestId('tax-rate-standard')).toContainText(`${c.percent}%`);
        await expect(rateRow.getByTestId('tax-rate-standard')).toContainText(S.defaultWas.replace('{{rate}}', c.was));
        await expect(rateRow).toContainText(S.edited);
        const today = new Date().toISOString().slice(0, 10);
        await expect(rateRow.getByTestId('tax-rate-checked')).toContainText(today);
        const edited = await ownerApi<AdminSettings>('/admin/settings/get');
        expect(edited.settings.taxes.rateEdits).toContainEqual({ market: c.market, tax: c.tax, standard: c.rate, children: null, checkedOn: today });
        // The registration saved above is still there: the table saves the section as saved.
        expect(edited.settings.taxes.registrations).toContainEqual({ scheme: c.scheme as RegistrationScheme, number: c.good });
        await table.getByTestId('tax-rate-areas').getByText(S.areas.edited, { exact: true }).click();
        await screenshot(page, `admin-tax-rates-${locale}`, testInfo);

        // Back to the default.
        await rateRow.getByTestId('tax-rate-revert').click();
        await page.locator('.ant-popconfirm:visible').getByRole('button', { name: label(S.revert) }).click();
        await expect(page.getByText(S.reverted)).toBeVisible();
        await expect(rateRow).toHaveCount(0);
        expect((await ownerApi<AdminSettings>('/admin/settings/get')).settings.taxes.rateEdits.some((e) => e.market === c.market)).toBe(false);
      } finally {
        await ownerApi('/admin/settings/save', { section: 'taxes', value: before.settings.taxes });
      }
    });

    test(`${locale}: an admin sets a product's tax class in the editor`, async ({ page, ownerApi }, testInfo) => {
      const P = T[locale].product;
      const taxClass = locale === 'en-US' ? 'children' : 'exempt';
      const made = await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': `Tax class kit ${locale}`, 'zh-CN': `税收类别球衣 ${locale}` });
      expect(made.taxClass).toBe('standard');
      await page.goto(`/admin/products/${made.id}`);
      const editor = page.locator('[data-testid="product-editor"]:visible');
      await editor.getByTestId('product-tax-class').click();
      await dropdownOption(page, P.classes[taxClass]).click();
      await expect(editor.getByText(P.taxClassHelp)).toBeVisible();
      await editor.getByTestId('product-tax-class').scrollIntoViewIfNeeded();
      await screenshot(page, `admin-product-tax-class-${locale}`, testInfo);
      const answer = page.waitForResponse((response) => /\/admin\/products\/update$/.test(response.url()));
      await editor.getByTestId('product-save').click();
      expect(((await (await answer).json()) as { code: string }).code).toBe('0000');
      const read = await ownerApi<AdminProduct>('/admin/products/get', { id: made.id });
      expect(read).toMatchObject({ version: 2, taxClass });
      // Read again, the editor shows the saved class.
      await page.reload();
      await expect(page.locator('[data-testid="product-editor"]:visible').getByTestId('product-tax-class')).toContainText(P.classes[taxClass]);
    });
  });
}

test.describe(() => {
  test.use({ adminLocale: 'zh-CN' });

  test('zh-CN: the owner sets who issues invoices in Settings -> Seller, and the warning goes', async ({ page, ownerApi }, testInfo) => {
    const S = T['zh-CN'].seller;
    const before = await ownerApi<AdminSettings>('/admin/settings/get');
    await ownerApi('/admin/settings/save', { section: 'seller', value: { ...before.settings.seller, legalName: '', address: [] } });
    try {
      await page.goto('/admin/settings');
      // The warning above the tabs leads to the Seller tab.
      await page.getByTestId('seller-missing-open').click();
      const section = page.getByTestId('settings-seller');
      await expect(section).toBeVisible();
      await expect(page.getByTestId('seller-missing')).toContainText(S.missing);
      await section.getByTestId('seller-legal-name').fill('球衣商城有限公司');
      await section.getByTestId('seller-address').fill('Hauptstraße 1\n10115 Berlin\n\nGermany');
      await section.getByTestId('seller-credit-note-series').fill(before.settings.seller.invoiceSeries);
      await page.getByTestId('seller-save').click();
      await expect(section.getByText(S.seriesSame)).toBeVisible();
      await screenshot(page, 'admin-seller-refused-zh-CN', testInfo);
      await section.getByTestId('seller-credit-note-series').fill('GS');
      const answer = page.waitForResponse((response) => response.url().endsWith('/admin/settings/save'));
      await page.getByTestId('seller-save').click();
      expect(((await (await answer).json()) as { code: string }).code).toBe('0000');
      await expect(page.getByTestId('seller-missing')).toHaveCount(0);
      const saved = await ownerApi<AdminSettings>('/admin/settings/get');
      expect(saved.settings.seller).toMatchObject({ legalName: '球衣商城有限公司', address: ['Hauptstraße 1', '10115 Berlin', 'Germany'], creditNoteSeries: 'GS' });
      await screenshot(page, 'admin-seller-zh-CN', testInfo);
    } finally {
      await ownerApi('/admin/settings/save', { section: 'seller', value: before.settings.seller });
    }
  });
});
