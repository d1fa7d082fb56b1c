/**
 * Titles (issue 27 "The document title never changes; tabs say 'Product 217'"): the browser's
 * title follows the screen shown, in the user's language, and a detail screen's tab names what it
 * shows once loaded: the product's title, the customer's name, the order's number. The names stay
 * through a reload of the page.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AdminCustomerRow } from '../../src/domain/back-office/customers.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, createPlainProduct, expect, test, type AdminLocale } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { newShopper, registerShopper } from './support/shoppers.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** What the browser's tab says for a screen titled `screen`, in `locale`. */
const documentTitle = (locale: AdminLocale, screen: string) => `${screen} · ${ADMIN_TEXT[locale].admin.brandSuffix} · ${ADMIN_TEXT[locale].admin.brand}`;

/** The shell's tab shown (the first selected tab on the page: a screen may hold tabs of its own, like the editor's languages). */
const activeTab = (page: Page) => page.getByRole('tab', { selected: true }).first();

const tabNamed = (page: Page, name: string) => page.getByRole('tablist').getByRole('tab', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

for (const locale of ADMIN_LOCALES) {
  const A = ADMIN_TEXT[locale].admin;

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the document title follows the screen, and detail tabs name their product, customer and order`, async ({ page, request, ownerApi }, testInfo) => {
      const tag = randomBytes(3).toString('hex');
      const product = await createPlainProduct<{ id: number }>(ownerApi, { 'en-US': `Titled shirt ${tag}`, 'zh-CN': `标题球衣 ${tag}` });
      const productName = locale === 'zh-CN' ? `标题球衣 ${tag}` : `Titled shirt ${tag}`;
      const shopper = await registerShopper(request, newShopper('Tess', `Quayle${tag}`));
      const { records } = await ownerApi<{ records: AdminCustomerRow[] }>('/admin/customers/list', { query: shopper.email });
      const customer = records.find((row) => row.email === shopper.email)!;
      const order = await paidGuestOrder(request, locale, { email: `titles-${tag}@example.com` });

      await page.goto('/admin/orders');
      await expect(page).toHaveTitle(documentTitle(locale, A.route.orders));

      await page.goto(`/admin/products/${product.id}`);
      await expect(activeTab(page)).toContainText(productName);
      await expect(page).toHaveTitle(documentTitle(locale, productName));

      await page.goto(`/admin/customers/${customer.userId}`);
      await expect(activeTab(page)).toContainText(`Tess Quayle${tag}`);
      await expect(page).toHaveTitle(documentTitle(locale, `Tess Quayle${tag}`));

      await page.goto(`/admin/orders/${order.orderNo}`);
      const orderTitle = A.route['order-detail'].replace('{{orderNo}}', order.orderNo);
      await expect(activeTab(page)).toContainText(orderTitle);
      await expect(page).toHaveTitle(documentTitle(locale, orderTitle));

      // The other tabs keep their names; showing one gives the browser its title.
      await tabNamed(page, productName).click();
      await expect(page).toHaveTitle(documentTitle(locale, productName));
      await page.reload();
      await expect(tabNamed(page, `Tess Quayle${tag}`)).toBeVisible();
      await expect(activeTab(page)).toContainText(productName);
      await expect(page).toHaveTitle(documentTitle(locale, productName));
      await expect(page.getByTestId('product-editor')).toBeVisible();
      await screenshot(page, `admin-tab-titles-${locale}`, testInfo);
    });
  });
}
