/**
 * The order screens in the dark scheme (issue 16 "Done when": dashboard, orders, order detail and
 * production sheet in both schemes): each screen is drawn dark (dark surfaces, light text) except
 * the production sheet's paper, which stays white with dark ink as printed. Screenshots for people
 * to look at land in .data/screens/. en-US at 1440 px, zh-CN at 375 px.
 */
import type { Locator } from '@playwright/test';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, expect, label, openFromMenu, test } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/**
 * The relative luminance (0 black .. 1 white) of what `locator` looks like: its text colour, and
 * the colour of the first non-transparent background at or above it.
 */
function looks(locator: Locator): Promise<{ text: number; background: number }> {
  return locator.evaluate((element) => {
    const luminance = (colour: string) => {
      const [r, g, b] = (colour.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((part) => {
        const c = Number(part) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    let surface: Element | null = element;
    let background = 'rgb(255, 255, 255)';
    while (surface) {
      const colour = getComputedStyle(surface).backgroundColor;
      if (colour && !/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent') {
        background = colour;
        break;
      }
      surface = surface.parentElement;
    }
    return { text: luminance(getComputedStyle(element).color), background: luminance(background) };
  });
}

async function expectDark(locator: Locator) {
  await expect(locator).toBeVisible();
  const { text, background } = await looks(locator);
  expect(background, 'a dark surface').toBeLessThan(0.1);
  expect(text, 'light text').toBeGreaterThan(0.4);
}

for (const locale of ADMIN_LOCALES) {
  const { admin: A, orders: O } = ADMIN_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale, adminStorage: { SOY_themeSettings: { themeScheme: 'dark' } } });

    test(`${locale}: the dashboard, orders, order detail and production sheet are drawn in the dark scheme`, async ({ page, request }, testInfo) => {
      const order = await paidGuestOrder(request, locale);
      await page.goto('/admin/dashboard');
      await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
      const dashboard = page.getByTestId('dashboard');
      await expectDark(dashboard.getByText(O.dashboard.today, { exact: true }));
      await expectDark(dashboard.getByText(O.dashboard.latest, { exact: true }));
      await screenshot(page, `admin-dark-dashboard-${locale}`, testInfo);

      await openFromMenu(page, A.route.orders);
      const search = page.getByRole('textbox', { name: O.list.search });
      await search.fill(order.email);
      await search.press('Enter');
      const row = page.getByTestId('orders-table').getByRole('row').filter({ hasText: order.orderNo });
      await expect(row).toHaveCount(1);
      await expectDark(row.getByRole('cell').filter({ hasText: order.email }).getByText(order.email));
      await screenshot(page, `admin-dark-orders-${locale}`, testInfo);

      await row.getByRole('link', { name: order.orderNo }).click();
      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      await expectDark(detail.getByTestId('order-customer').getByText('Robin Keeper').first());
      await expectDark(detail.getByTestId('order-lines').getByText('SMITH').first());
      await screenshot(page, `admin-dark-order-detail-${locale}`, testInfo);

      await detail.getByRole('button', { name: label(O.detail.productionSheet) }).click();
      const sheet = page.getByTestId('sheet-order');
      await expect(sheet).toHaveAttribute('data-order-no', order.orderNo);
      // Paper stays paper: white with dark ink, on the dark page around it.
      const paper = await looks(sheet.getByTestId('sheet-shirts').getByText('SMITH').first());
      expect(paper.background).toBeGreaterThan(0.9);
      expect(paper.text).toBeLessThan(0.1);
      await expectDark(page.getByRole('tablist'));
      await screenshot(page, `admin-dark-production-sheet-${locale}`, testInfo);
    });
  });
}
