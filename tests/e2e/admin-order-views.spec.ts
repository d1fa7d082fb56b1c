/**
 * Issue 33's orders table (docs/back-office.md "Orders table"), in both languages at 1440 and 375
 * px: a caller reads out part of an order number and the table finds it; the filters live in the
 * address, so a reload (or a shared link) shows the same view; a view saved under a name opens
 * again from the menu, can be renamed and deleted.
 */
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, label, test, topDialog } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

for (const locale of ADMIN_LOCALES) {
  const { orders: O } = ADMIN_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: finds an order by part of its number, keeps the view in the address, saves it and opens it again @viewports`, async ({ page, request }, testInfo) => {
      const { orderNo } = await paidGuestOrder(request, locale);
      const [, first, second] = orderNo.split('-') as [string, string, string];
      await page.goto('/admin/orders');
      const table = page.getByTestId('orders-table');
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();

      // As read out on the phone: no "JS", a space for the dash, lower case.
      const search = page.getByRole('textbox', { name: O.list.search });
      await search.fill(`${first.slice(1)} ${second.slice(0, 3)}`.toLowerCase());
      await search.press('Enter');
      await expect(table.locator('tbody tr', { hasText: orderNo })).toHaveCount(1);
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${first.slice(1).toLowerCase()}\\+${second.slice(0, 3).toLowerCase()}$`));

      // A view in the address: paid orders, by total, smallest first. A reload shows it again.
      await page.goto('/admin/orders?status=paid&sort=total&order=asc');
      await expect(page.getByTestId('orders-status')).toContainText(O.status.paid);
      await expect(table.locator('th[aria-sort="ascending"]')).toContainText(O.list.total);
      await page.reload();
      await expect(page.getByTestId('orders-status')).toContainText(O.status.paid);
      await expect(table.locator('th[aria-sort="ascending"]')).toContainText(O.list.total);
      await expect(table.locator('[data-status]').first()).toHaveAttribute('data-status', 'paid');
      const title = await page.title();

      // Saved under a name, it is the view shown.
      const name = `${O.status.paid} ${testInfo.project.name} ${Date.now() % 100000}`;
      const views = page.getByTestId('order-views');
      await views.getByRole('button', { name: label(O.views.save) }).click();
      await topDialog(page).getByLabel(O.views.name).fill(name);
      await confirmIn(page, ADMIN_TEXT[locale].admin.common.confirm);
      await expect(topDialog(page)).toBeHidden();
      await expect(views.getByTestId('order-views-menu')).toContainText(name);
      await screenshot(page, `admin-order-views-${locale}`, testInfo);

      // Another view (the plain list), then the saved one again from the menu.
      await page.goto('/admin/orders');
      await expect(views.getByTestId('order-views-menu')).not.toContainText(name);
      await views.getByTestId('order-views-menu').click();
      await page.getByRole('option', { name }).click();
      await expect(page).toHaveURL(/\/admin\/orders\?status=paid&sort=total&order=asc$/);
      await expect(page.getByTestId('orders-status')).toContainText(O.status.paid);
      await expect(table.locator('th[aria-sort="ascending"]')).toContainText(O.list.total);
      await expect(page).toHaveTitle(title);
      // Back goes to the list the view was opened from, forward to the view.
      await page.goBack();
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await expect(page.getByTestId('orders-status')).not.toContainText(O.status.paid);
      await page.goForward();
      await expect(page.getByTestId('orders-status')).toContainText(O.status.paid);

      // Renamed, then deleted.
      await views.getByRole('button', { name: label(O.views.rename) }).click();
      await topDialog(page).getByLabel(O.views.name).fill(`${name} 2`);
      await confirmIn(page, ADMIN_TEXT[locale].admin.common.confirm);
      await expect(views.getByTestId('order-views-menu')).toContainText(`${name} 2`);
      await views.getByRole('button', { name: label(O.views.delete) }).click();
      await confirmIn(page, ADMIN_TEXT[locale].admin.common.confirm);
      await expect(views.getByTestId('order-views-menu')).not.toContainText(name);
      await expect(views.getByRole('button', { name: label(O.views.delete) })).toHaveCount(0);
    });
  });
}
