/**
 * The orders desk by clicks (issue 16 "Running orders"): bulk moves on a selection of the orders
 * table, the CSV download of what the filter shows, and internal notes on the order detail. Each
 * journey pays for its own guest orders (one buyer's address per journey, which is how the table
 * finds them) and runs in en-US at 1440 px and in zh-CN at 375 px, signed in as the owner.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, dialogSettled, expect, filterAudit, label, openFromMenu, test, topDialog, type AdminLocale } from './support/admin.ts';
import { E2E_OWNER } from './support/env.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const buyer = () => `desk-${randomBytes(6).toString('hex')}@example.com`;

/** Fills `text` into the orders search and applies the filter (Enter submits the filter form). */
async function searchOrders(page: Page, locale: AdminLocale, text: string) {
  const search = page.getByRole('textbox', { name: ADMIN_TEXT[locale].orders.list.search });
  await search.fill(text);
  await search.press('Enter');
}

/** The orders table's row of `orderNo`. */
const orderRow = (page: Page, orderNo: string) => page.getByTestId('orders-table').getByRole('row').filter({ hasText: orderNo });

for (const locale of ADMIN_LOCALES) {
  const { admin: A, orders: O } = ADMIN_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a bulk move first shows the orders it will move and mail and those it cannot, with why, then moves only those`, async ({ page, request, ownerApi }, testInfo) => {
      const email = buyer();
      const first = await paidGuestOrder(request, locale, { email });
      const second = await paidGuestOrder(request, locale, { email });
      const started = await paidGuestOrder(request, locale, { email });
      const late = await paidGuestOrder(request, locale, { email });
      await ownerApi('/admin/orders/move', { orderNo: started.orderNo, to: 'processing', from: 'paid' });
      await page.goto('/admin/orders');
      await searchOrders(page, locale, email);
      const rows = [orderRow(page, first.orderNo), orderRow(page, second.orderNo), orderRow(page, started.orderNo)];
      await expect(rows[2]!).toContainText(O.status.processing);

      for (const row of rows) await row.getByRole('checkbox').check();
      const bar = page.getByRole('toolbar');
      await expect(bar).toContainText(O.list.selected_other.replace('{{count}}', '3'));
      await bar.getByRole('button', { name: label(O.list.toProduction) }).click();
      const dialog = topDialog(page);
      await expect(dialog).toContainText(O.bulk.title.replace('{{status}}', O.status.processing));
      const movable = dialog.getByTestId('bulk-movable');
      await expect(dialog).toContainText(O.bulk.willMove_other.replace('{{count}}', '2').replace('{{status}}', O.status.processing));
      await expect(movable.getByRole('listitem')).toHaveCount(2);
      for (const order of [first, second]) await expect(movable).toContainText(order.orderNo);
      await expect(movable).toContainText(email);
      const blocked = dialog.getByTestId('bulk-blocked');
      await expect(blocked.getByRole('listitem')).toHaveCount(1);
      await expect(blocked).toContainText(`${started.orderNo}: ${O.bulk.reasons['already-there'].replace('{{status}}', O.status.processing)}`);
      await screenshot(page, `admin-bulk-preview-${locale}`, testInfo);
      await dialog.getByRole('button', { name: label(O.bulk.move_other.replace('{{count}}', '2')) }).click();
      await expect(page.getByText(O.list.bulkDone.replace('{{moved}}', '2').replace('{{failed}}', '0'))).toBeVisible();
      for (const row of rows) await expect(row).toContainText(O.status.processing);
      await expect(bar).toBeHidden();

      // In production, none can be marked delivered: the dialog says so and why, and moves nothing.
      for (const row of rows) await row.getByRole('checkbox').check();
      await bar.getByRole('button', { name: label(O.list.toDelivered) }).click();
      await expect(topDialog(page)).toContainText(O.bulk.noneCanMove.replace('{{status}}', O.status.delivered));
      const refused = topDialog(page).getByTestId('bulk-blocked');
      await expect(refused.getByRole('listitem')).toHaveCount(3);
      await expect(refused).toContainText(`${first.orderNo}: ${O.bulk.reasons['not-allowed'].replace('{{from}}', O.status.processing).replace('{{to}}', O.status.delivered)}`);
      await dialogSettled(page);
      await topDialog(page).getByRole('button').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      for (const row of rows) await expect(row).toContainText(O.status.processing);
      await expect(bar).toContainText(O.list.selected_other.replace('{{count}}', '3'));

      // What changed after the dialog opened is still refused by the move itself, and listed.
      for (const row of rows) await row.getByRole('checkbox').uncheck();
      await orderRow(page, late.orderNo).getByRole('checkbox').check();
      await bar.getByRole('button', { name: label(O.list.toProduction) }).click();
      await expect(topDialog(page).getByTestId('bulk-movable')).toContainText(late.orderNo);
      await ownerApi('/admin/orders/move', { orderNo: late.orderNo, to: 'cancelled', from: 'paid' });
      await confirmIn(page, O.bulk.move_one.replace('{{count}}', '1'));
      const failed = page.getByTestId('bulk-failed');
      await expect(failed.getByRole('listitem')).toHaveCount(1);
      await expect(failed).toContainText(late.orderNo);
    });

    test(`${locale}: the CSV download holds exactly the orders the filter shows`, async ({ page, request, ownerApi }) => {
      const email = buyer();
      const paid = [await paidGuestOrder(request, locale, { email }), await paidGuestOrder(request, locale, { email })];
      const moved = await paidGuestOrder(request, locale, { email });
      await ownerApi('/admin/orders/move', { orderNo: moved.orderNo, to: 'processing', from: 'paid' });

      await page.goto('/admin/orders');
      await searchOrders(page, locale, email);
      await expect(orderRow(page, moved.orderNo)).toContainText(O.status.processing);
      // The status filter: folded away on a phone until asked for; its option picked from the list.
      const more = page.getByRole('button', { name: label(O.list.moreFilters), expanded: false });
      if (await more.isVisible()) await more.click();
      const status = page.getByRole('combobox', { name: O.list.status });
      await status.click();
      await page.getByTitle(O.status.paid, { exact: true }).locator('visible=true').click();
      await status.press('Escape');
      await page.getByRole('textbox', { name: O.list.search }).press('Enter');
      await expect(orderRow(page, moved.orderNo)).toHaveCount(0);
      for (const order of paid) await expect(orderRow(page, order.orderNo)).toContainText(O.status.paid);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: label(O.list.export) }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const csv = await readFile(await file.path(), 'utf8');
      await expect(page.getByText(O.list.exported.replace('{{rows}}', '2'))).toBeVisible();
      // UTF-8 with a byte-order mark, CRLF lines: a header and one row per order shown.
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = csv.slice(1).split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(3);
      const rows = lines.slice(1);
      expect(rows.map((row) => row.split(',')[0]).sort()).toEqual(paid.map((order) => order.orderNo).sort());
      for (const row of rows) expect(row).toContain(email);
      expect(csv).not.toContain(moved.orderNo);
    });

    test(`${locale}: an internal note added on the order detail stays with the order and shows in the audit log`, async ({ page, request }) => {
      const order = await paidGuestOrder(request, locale);
      const text = `Print the name in gold, customer called ${randomBytes(3).toString('hex')}`;
      await page.goto(`/admin/orders/${order.orderNo}`);
      const notes = page.getByTestId('order-notes');
      await expect(notes).toContainText(O.detail.noNotes);
      await notes.getByRole('textbox', { name: O.detail.notePlaceholder }).fill(text);
      await notes.getByRole('button', { name: label(O.detail.addNote) }).click();
      await expect(page.getByText(O.detail.noteAdded)).toBeVisible();
      await expect(notes.getByRole('listitem')).toHaveCount(1);
      await expect(notes.getByRole('listitem')).toContainText(text);
      await expect(notes.getByRole('listitem')).toContainText(E2E_OWNER.email);
      await expect(notes.getByRole('textbox', { name: O.detail.notePlaceholder })).toHaveValue('');

      // The audit log (the owner holds audit:view) has the note, with who wrote it.
      await openFromMenu(page, A.route.audit);
      await filterAudit(page, locale, { action: 'order.note', entityId: order.orderNo });
      const row = page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'order.note' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(E2E_OWNER.email);
      await row.getByRole('button').first().click();
      await expect(page.getByTestId('audit-diff')).toContainText(text);

      // A fresh load of the order shows it too (it was written, not only drawn).
      await page.goto(`/admin/orders/${order.orderNo}`);
      await expect(page.getByTestId('order-notes').getByRole('listitem')).toContainText(text);
    });
  });
}
