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

      // A view in the address: this order's part, paid, by total, smallest first (each run's own
      // view: journeys in parallel save theirs as the same owner). A reload shows it again.
      const address = `q=${second}&status=paid&sort=total&order=asc`;
      const applied = async () => {
        await expect(search).toHaveValue(second);
        await expect(table.locator('th[aria-sort="ascending"]')).toContainText(O.list.total);
        await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
        await expect(table.locator('[data-status]')).toHaveAttribute('data-status', 'paid');
      };
      await page.goto(`/admin/orders?${address}`);
      await applied();
      await page.reload();
      await applied();
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
      await expect(search).toHaveValue('');
      await views.getByTestId('order-views-menu').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders\\?${address}$`));
      await applied();
      await expect(page).toHaveTitle(title);
      // Back goes to the list the view was opened from, forward to the view.
      await page.goBack();
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await expect(search).toHaveValue('');
      await page.goForward();
      await applied();

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
