/**
 * Patches and add-ons by clicks (issue 32), in both locales: an admin creates a patch for a
 * league (names, price, the league's tag, an uploaded picture), a shopper sees it offered in the
 * configurator of a product of that league, and the admin's new price reaches that configurator.
 * The screen and its dialog are photographed at 1440 and 375 px.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import enExtras from '../../src/i18n/locales/en-US/admin-extras.json' with { type: 'json' };
import zhExtras from '../../src/i18n/locales/zh-CN/admin-extras.json' with { type: 'json' };
import type { Page as CataloguePage } from '../../src/domain/api/envelope.ts';
import type { ProductCard } from '../../src/domain/catalogue.schema.ts';
import type { AdminTeamRow } from '../../src/domain/back-office/teams.model.ts';
import { api } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_TEXT, JOURNEY_TIMEOUT_MS, expect, label, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TEXT = { 'en-US': enExtras, 'zh-CN': zhExtras } as const;
const word = () => `Zy${randomBytes(4).toString('hex').replace(/\d/g, 'q')}`;
const dialogOf = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('extra-form') });

/** Both widths of the screen as it stands. */
async function photograph(page: Page, name: string, testInfo: Parameters<typeof screenshot>[2]) {
  const size = page.viewportSize()!;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await screenshot(page, `${name}-${width}`, testInfo);
  }
  await page.setViewportSize(size);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(() => {
    test.use({ adminLocale: locale, staff: 'R_ADMIN' });

    test(`${locale}: an admin creates a patch for a league, a shopper is offered it on a product of that league, and its new price reaches the configurator`, async ({ page, context, request, ownerApi }, testInfo) => {
      const T = TEXT[locale];
      const A = ADMIN_TEXT[locale].admin;
      const teams = await ownerApi<{ records: AdminTeamRow[] }>('/admin/teams/list', { current: 1, size: 1 });
      const league = teams.records[0]!.leagueTag;
      const products = await api<CataloguePage<ProductCard>>(request, '/demo/ironProduct/queryProductByTags', { tags: [league], current: 1, size: 1 });
      const productId = products.data.records[0]!.id;
      const name = `${word()} Badge`;

      await page.goto('/admin/extras');
      await expect(page.getByTestId('patches-table').getByRole('row').nth(1)).toBeVisible();
      await page.getByTestId('patch-new').click();
      const dialog = dialogOf(page);
      await expect(dialog).toBeVisible();
      // Saving empty explains every field.
      await dialog.getByRole('button', { name: label(A.common.save) }).click();
      await expect(dialog).toContainText(T.errors.picture);
      await dialog.getByTestId('extra-name-en').fill(name);
      await dialog.getByTestId('extra-name-zh').fill(`${name} 徽章`);
      await dialog.getByTestId('extra-price').fill('7.25');
      const tags = dialog.getByRole('combobox', { name: T.fitsTags });
      await tags.fill(league);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`\\(${league}\\)$`) }).click();
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c9a227' } }).png().toBuffer();
      await dialog.locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: png });
      await expect(dialog.locator('img.admin-extras-picture')).toHaveAttribute('src', /\/api\/media\/image\//);
      await photograph(page, `admin-extras-dialog-${locale}`, testInfo);
      await dialog.getByRole('button', { name: label(A.common.save) }).click();
      await expect(dialog).toBeHidden();

      await page.getByTestId('patch-search').fill(name);
      await page.getByTestId('patch-search').press('Enter');
      const row = page.getByTestId('patches-table').getByRole('row').filter({ hasText: locale === 'en-US' ? name : `${name} 徽章` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('7.25');
      await photograph(page, `admin-extras-${locale}`, testInfo);

      // The shopper's configurator asks the API for the patches: offered at once.
      const shopper = await context.browser()!.newPage();
      await shopper.goto(`/${locale}/product/${productId}/`);
      const option = shopper.locator('.extra-option').filter({ hasText: locale === 'en-US' ? name : `${name} 徽章` });
      await expect(option).toHaveCount(1);
      const firstPrice = await option.locator('.extra-price').textContent();

      // A new price.
      await row.getByRole('button', { name: label(A.common.edit) }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('extra-price').fill('9.50');
      await dialog.getByRole('button', { name: label(A.common.save) }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('9.50');

      await shopper.reload();
      await expect(option.locator('.extra-price')).not.toHaveText(firstPrice!);
      await expect(option.locator('.extra-price')).toContainText('9');
      await shopper.close();
    });
  });
}
