/**
 * The back office's search palette (issue 33, docs/back-office.md "Header"), en-US at 1440 px and
 * zh-CN at 375 px: Ctrl+K opens it, part of a guest's order number finds the order under its
 * kind, the arrow keys reach it, Enter opens the order's detail in its tab; axe passes with the
 * results showing; Escape closes it.
 */
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, activeTab, expect, test } from './support/admin.ts';
import { axeViolations } from './support/axe.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: global search to an order`, async ({ page, request }, testInfo) => {
      const { orderNo } = await paidGuestOrder(request, locale);
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();

      await page.keyboard.press('Control+k');
      const input = page.getByTestId('menu-search-input');
      await expect(input).toBeFocused();
      // Part of the number across its dash, lower case, as read out on the phone ("JS-AB12C-DE34F": "12c-de3").
      const part = orderNo.slice(5, 12).toLowerCase();
      await page.keyboard.type(part);
      const orders = page.getByTestId('menu-search-group-order');
      await expect(orders).toHaveAttribute('aria-label', A.search.kinds.order);
      const option = orders.getByRole('option', { name: new RegExp(orderNo) });
      await expect(option).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-search-results-${locale}`, testInfo);

      // The arrows walk the list round to the order (ArrowDown first, wherever the selection starts).
      const options = page.getByRole('listbox').getByRole('option');
      const count = await options.count();
      await page.keyboard.press('ArrowDown');
      for (let step = 0; step < count && (await option.getAttribute('aria-selected')) !== 'true'; step += 1) await page.keyboard.press('ArrowDown');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNo}$`));
      await expect(page.getByTestId('order-total')).toBeVisible();
      await expect(activeTab(page)).toContainText(orderNo);
      await expect(input).toBeHidden();

      // Escape closes it again; nothing typed is kept.
      await page.keyboard.press('Control+k');
      await expect(input).toBeFocused();
      await expect(input).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(input).toBeHidden();
    });
  });
}
