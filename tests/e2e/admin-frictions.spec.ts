/**
 * Frictions that cost staff money or time (issue 27), in both languages (en-US at 1440 px, zh-CN
 * at 375 px): a new product's navigation tags start as its sport's entry; publishing a product no
 * category lists asks first, and a published one links to its page in the shop in the editor's
 * language; guest buyers are under Customers by email, and open on their orders.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import enProducts from '../../src/i18n/locales/en-US/admin-products.json' with { type: 'json' };
import zhProducts from '../../src/i18n/locales/zh-CN/admin-products.json' with { type: 'json' };
import enCustomers from '../../src/i18n/locales/en-US/admin-customers.json' with { type: 'json' };
import zhCustomers from '../../src/i18n/locales/zh-CN/admin-customers.json' with { type: 'json' };
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, createPlainProduct, confirmIn, expect, label, test, topDialog } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const P = { 'en-US': enProducts, 'zh-CN': zhProducts } as const;
const C = { 'en-US': enCustomers, 'zh-CN': zhCustomers } as const;

/** The editor shown (the tab cache keeps other editors' tabs mounted, hidden). */
const editor = (page: Page) => page.locator('[data-testid="product-editor"]:visible');

for (const locale of ADMIN_LOCALES) {
  test.describe(() => {
    test.use({ staff: 'R_ADMIN', adminLocale: locale });

    test(`${locale}: a new product's tags start as its sport's entry; publishing one no category lists asks first; a published one links to its page in the shop`, async ({ page, context, ownerApi }, testInfo) => {
      const T = P[locale];
      const A = ADMIN_TEXT[locale].admin;

      // A new product: choosing the sport chooses its navigation entry.
      await page.goto('/admin/products/new');
      await editor(page).getByTestId('product-sport').click();
      const football = locale === 'en-US' ? 'Football' : '足球';
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: football }).first().click();
      await expect(editor(page).getByTitle(`${football} (football)`)).toBeVisible();

      // A product under no navigation entry (asked for: `tags: []`).
      const title = `Unlisted ${randomBytes(3).toString('hex')}`;
      const product = await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': title, 'zh-CN': `${title} 中` });
      await page.goto(`/admin/products/${product.id}`);
      await expect(editor(page).getByText(T.state.unlisted, { exact: true })).toBeVisible();
      await expect(editor(page).getByTestId('product-view-in-shop')).toHaveCount(0);

      // Publishing asks; cancelling leaves it unpublished.
      await editor(page).getByTestId('product-editor-publish').click();
      await expect(topDialog(page)).toContainText(T.editor.unlistedTitle);
      await expect(topDialog(page)).toContainText(T.editor.unlistedBody);
      await screenshot(page, `admin-frictions-unlisted-publish-${locale}`, testInfo);
      await confirmIn(page, A.common.cancel);
      await expect(topDialog(page)).toBeHidden();
      await expect(editor(page).getByTestId('product-editor-publish')).toHaveText(label(T.editor.publish));

      // "Publish anyway" publishes; the link opens its page in the shop, in this language.
      await editor(page).getByTestId('product-editor-publish').click();
      await confirmIn(page, T.editor.publishAnyway);
      await expect(editor(page).getByTestId('product-editor-publish')).toHaveText(label(T.editor.unpublish));
      const link = editor(page).getByTestId('product-view-in-shop');
      await expect(link).toHaveAttribute('href', `/${locale}/product/${product.id}/`);
      await expect(link).toHaveText(label(T.editor.viewInShop));
      await screenshot(page, `admin-frictions-view-in-shop-${locale}`, testInfo);
      const [shopPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect(shopPage.getByRole('heading', { level: 1 })).toContainText(locale === 'en-US' ? title : `${title} 中`);
      await shopPage.close();
      await ownerApi('/admin/products/publish', { id: product.id, published: false });
    });

    test(`${locale}: guest buyers are under Customers by email and open on their orders`, async ({ page, request }, testInfo) => {
      const T = C[locale];
      const email = `guest-${randomBytes(5).toString('hex')}@example.com`;
      const order = await paidGuestOrder(request, locale, { email });

      await page.goto('/admin/customers');
      await page.getByTestId('customers-search').fill(email);
      await page.getByTestId('customers-search').press('Enter');
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(T.kinds.guest);
      await expect(row).toContainText('Robin Keeper');
      await screenshot(page, `admin-frictions-guest-customers-${locale}`, testInfo);

      // The row opens (its email link is for a new tab: a click on it stays put).
      await row.getByText('Robin Keeper').click();
      const detail = page.locator('[data-testid="guest-detail"]:visible');
      await expect(detail).toContainText(T.guestTitle.replace('{{email}}', email));
      await expect(detail.getByTestId('guest-orders')).toContainText(order.orderNo);
      await screenshot(page, `admin-frictions-guest-detail-${locale}`, testInfo);
      await detail.getByTestId('guest-orders').getByText(order.orderNo).click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.orderNo}$`));
    });
  });
}
