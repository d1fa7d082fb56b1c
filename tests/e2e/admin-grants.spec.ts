/**
 * Grants by clicks (issue 30: "refunding is a permission the owner can give to other staff"): an
 * admin sees a paid order without a Refund button; the owner gives them "Refund orders" in the
 * staff screen's Grants dialog; the admin's next look at the order (delivered meanwhile) has the
 * button, and their refund of the plain shirt goes through with it put back in stock (the printed
 * one never: the dialog says so). In en-US at 1440 px and in zh-CN at 375 px.
 */
import type { StaffMember } from '../../src/domain/back-office/staff.model.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, signedInAs, test, topDialog } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { registerShopper, signInTokens } from './support/shoppers.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

for (const locale of ADMIN_LOCALES) {
  const { admin: A, orders: O } = ADMIN_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner grants an admin refunds in the staff screen, and the admin then refunds from the order`, async ({ page, request, ownerApi, staffTokens }) => {
      const member = await registerShopper(request);
      await ownerApi<StaffMember>('/admin/staff/grant', { email: member.email, role: 'R_ADMIN' });
      const memberTokens = await signInTokens(request, member);
      const guest = await paidGuestOrder(request, locale);
      const plain = guest.detail.lines.find((line) => !line.personalised)!;
      const orderPath = `/admin/orders/${guest.orderNo}`;

      // The admin first: the order, but no refund to offer.
      await page.goto('/admin/');
      await signedInAs(page, memberTokens, orderPath);
      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      await expect(detail.locator('[data-move="processing"]')).toBeVisible();
      await expect(detail.getByTestId('refund-open')).toHaveCount(0);

      // The owner: the staff screen, the member's Grants dialog, "Refund orders", confirmed.
      await signedInAs(page, staffTokens!, '/admin/staff');
      const search = page.getByPlaceholder(A.staff.searchPlaceholder);
      await search.fill(member.email);
      await search.press('Enter');
      const row = page.getByRole('row').filter({ hasText: member.email });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: A.staff.grantsFor.replace('{{email}}', member.email) }).click();
      const dialog = page.getByRole('dialog', { name: A.staff.grantsFor.replace('{{email}}', member.email) });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(A.staff.grantsHelp);
      // Nothing the admin role holds: every code can be ticked.
      for (const name of Object.values(A.staff.grantNames)) await expect(dialog.getByRole('checkbox', { name })).toBeEnabled();
      const refundBox = dialog.getByRole('checkbox', { name: A.staff.grantNames['order:refund'] });
      await expect(refundBox).not.toBeChecked();
      await refundBox.check();
      await confirmIn(page, A.common.confirm);
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(A.staff.grantNames['order:refund']);

      // Meanwhile the order was made, shipped and delivered; the plain shirt comes back unworn.
      for (const to of ['processing', 'shipped', 'delivered']) {
        await ownerApi('/admin/orders/move', { orderNo: guest.orderNo, to, ...(to === 'shipped' ? { carrier: 'DHL', trackingNumber: 'JD014600004242' } : {}) });
      }

      // The admin again: the Refund button, and a refund of the plain shirt, put back in stock.
      await signedInAs(page, memberTokens, orderPath);
      await expect(detail).toHaveAttribute('data-order-status', 'delivered');
      await detail.getByTestId('refund-open').click();
      const refundDialog = page.getByRole('dialog', { name: O.refund.title.replace('{{orderNo}}', guest.orderNo) });
      await expect(refundDialog).toBeVisible();
      // The printed shirt never goes back in stock: no box to tick, it says why.
      await expect(refundDialog.getByRole('row').filter({ hasText: 'SMITH' })).toContainText(O.refund.restockPrinted);
      await expect(page.getByTestId(`refund-restock-${plain.id}`)).toBeDisabled();
      await page.getByTestId(`refund-qty-${plain.id}`).fill('1');
      await page.getByTestId(`refund-restock-${plain.id}`).check();
      await page.getByTestId('refund-reason').fill('Granted refund');
      await expect(page.getByTestId('refund-estimate')).toBeVisible();
      await confirmIn(page, O.refund.submit);
      await expect(topDialog(page)).toBeVisible();
      await confirmIn(page, O.refund.submit);
      await expect(detail.getByTestId('order-refunds')).toContainText('Granted refund');
      await expect(detail.getByTestId('order-refunds')).toContainText(member.email);
      await expect(detail.getByTestId('order-refunds').getByRole('row').filter({ hasText: 'Granted refund' })).toContainText(O.common.yes);
      await expect(detail.locator('[data-payment]')).toHaveAttribute('data-payment', 'partially_refunded');
    });
  });
}
