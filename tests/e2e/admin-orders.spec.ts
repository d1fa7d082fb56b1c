/**
 * Running an order from the back office (issue 16 "Done when"), at 1440 px in en-US and 375 px in
 * zh-CN: the owner the admin command made (tests/e2e/support/server.ts) signs in at /admin/, finds
 * the order a guest just paid for, prints its production sheet, moves it to production and ships
 * it with a tracking number; the guest's tracking page shows it shipped and the shipped mail
 * arrives; a partial refund shows on the order and at PayPal (the simulator).
 */
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, label, test } from './support/admin.ts';
import { E2E_OWNER } from './support/env.ts';
import { paidGuestOrder, simulatorCapture } from './support/guest-order.ts';
import { waitForMail } from './support/mail.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });
// The journey signs in with the account the admin command made, so it starts signed out.
test.use({ staff: 'signed-out' });

const SHIPPED_MAIL = { 'en-US': /has shipped/, 'zh-CN': /已发货/ } as const;

for (const locale of ADMIN_LOCALES) {
  const { admin: A, orders: O, browse: B } = ADMIN_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner made with the admin command finds a guest's paid order, prints its sheet, moves it to production, ships it and refunds part of it`, async ({ page, request }) => {
      const guest = await paidGuestOrder(request, locale);
      const { orderNo } = guest;
      const plain = guest.detail.lines.find((line) => !line.personalised)!;
      // Sign in at /admin/ with the account the admin command made.
      await page.goto('/admin/');
      await expect(page).toHaveURL(/\/admin\/login/);
      await page.getByLabel(A.login.email).fill(E2E_OWNER.email);
      await page.getByLabel(A.login.password).fill(E2E_OWNER.password);
      await page.getByRole('button', { name: label(A.login.submit) }).click();
      // The first screen of a fresh server loads the shell's and the dashboard's chunks.
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expect(page.getByTestId('latest-orders')).toBeVisible();

      // The orders table (opened from the dashboard) finds it by the guest's email.
      await page.getByRole('button', { name: label(O.dashboard.allOrders) }).click();
      const search = page.getByRole('textbox', { name: O.list.search });
      await search.fill(guest.email);
      await search.press('Enter');
      const row = page.getByTestId('orders-table').locator('tbody tr', { hasText: orderNo });
      await expect(row).toHaveCount(1);
      await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'paid');
      await row.getByRole('link', { name: orderNo }).click();

      // Its detail: the printed line, the PayPal ids.
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNo}$`));
      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      await expect(detail.getByTestId('order-lines')).toContainText('SMITH 7');
      await expect(detail.getByTestId('order-payments')).toContainText(guest.paypalOrderId);
      await expect(detail.getByTestId('order-customer')).toContainText(guest.email);

      // The production sheet: what the printer needs, printable without the shell.
      await detail.getByRole('button', { name: label(O.detail.productionSheet) }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/production-sheet\\?orders=${orderNo}$`));
      const sheet = page.getByTestId('sheet-order');
      await expect(sheet).toHaveAttribute('data-order-no', orderNo);
      await expect(sheet.getByTestId('sheet-shirts')).toContainText('SMITH');
      await expect(sheet.getByTestId('sheet-shirts')).toContainText(guest.detail.lines.find((l) => l.personalised)!.size);
      await expect(sheet.getByTestId('sheet-packing').locator('tbody tr')).toHaveCount(2);
      await page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'yes');
      });
      await page.getByTestId('sheet-print').click();
      await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('tab-bar')).toBeHidden();
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByTestId('sheet-print')).toBeHidden();
      await expect(sheet).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      // Back on the order's tab: into production, then shipped with a tracking number.
      await page.getByRole('tab', { name: new RegExp(orderNo) }).click();
      await detail.locator('[data-move="processing"]').click();
      await confirmIn(page, A.common.confirm);
      await expect(detail).toHaveAttribute('data-order-status', 'processing');
      await detail.locator('[data-move="shipped"]').click();
      await page.getByRole('dialog').getByLabel(O.move.carrier).fill('DHL');
      await page.getByTestId('ship-tracking').fill('JD014600001234');
      await confirmIn(page, A.common.confirm);
      await expect(detail).toHaveAttribute('data-order-status', 'shipped');
      await expect(detail.getByTestId('tracking-link')).toHaveAttribute('href', /dhl\.com.*JD014600001234/);

      // A partial refund of the plain shirt (the printed one would need an override now).
      await detail.getByTestId('refund-open').click();
      await page.getByTestId(`refund-qty-${plain.id}`).fill('1');
      await page.getByTestId('refund-reason').fill('Seam came loose');
      await expect(page.getByTestId('refund-estimate')).toBeVisible();
      await confirmIn(page, O.refund.submit);
      await confirmIn(page, O.refund.submit);
      await expect(detail.getByTestId('order-refunds')).toContainText('Seam came loose');
      await expect(detail.locator('[data-payment]')).toHaveAttribute('data-payment', 'partially_refunded');
      expect((await simulatorCapture(request, guest.paypalOrderId)).status).toBe('PARTIALLY_REFUNDED');

      // The guest: the tracking page says shipped, and the shipped mail came in the order's language.
      const mail = await waitForMail({ to: guest.email, subject: SHIPPED_MAIL[locale] });
      expect(mail.subject).toContain(orderNo);
      expect(mail.text).toContain('JD014600001234');
      await page.goto(`/${locale}/tracking-order/?orderNo=${orderNo}`);
      await expect(page.locator('[data-tracking-result] [data-status]')).toHaveAttribute('data-status', 'shipped');
      await expect(page.locator('[data-tracking-result]')).toContainText(B.tracking.status.shipped);
    });
  });
}
