/**
 * Parcels by clicks (issue 30 "Shipments"), in en-US at 1440 px and zh-CN at 375 px, signed in as
 * the owner: part of an order shipped from its detail and the tracking page listing the parcel;
 * the parcel's carrier and tracking number corrected (the tracking page shows the new ones, the
 * shopper gets one mail); packing slips printed for three orders of the list's selection (the PDF read back); a bulk-ship
 * CSV with one bad row, its dry-run table and the good rows shipped.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import enShipments from '../../src/i18n/locales/en-US/admin-shipments.json' with { type: 'json' };
import zhShipments from '../../src/i18n/locales/zh-CN/admin-shipments.json' with { type: 'json' };
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, label, test, type AdminLocale } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { receivedMail, waitForMail } from './support/mail.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS * 2 });

const SHIPMENTS = { 'en-US': enShipments, 'zh-CN': zhShipments } as const;
const CORRECTED_SUBJECT = { 'en-US': 'New tracking details for order', 'zh-CN': '的物流信息已更新' } as const;
const buyer = () => `parcels-${randomBytes(6).toString('hex')}@example.com`;
const orderRow = (page: Page, orderNo: string) => page.getByTestId('orders-table').getByRole('row').filter({ hasText: orderNo });

async function searchOrders(page: Page, locale: AdminLocale, text: string) {
  const search = page.getByRole('textbox', { name: ADMIN_TEXT[locale].orders.list.search });
  await search.fill(text);
  await search.press('Enter');
}

for (const locale of ADMIN_LOCALES) {
  const { admin: A, orders: O, browse: B } = ADMIN_TEXT[locale];
  const S = SHIPMENTS[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: ships part of an order (tracking shows the parcel), prints packing slips for three orders, bulk ships a CSV with one bad row`, async ({ page, request }, testInfo) => {
      const email = buyer();
      const orders = [await paidGuestOrder(request, locale, { email }), await paidGuestOrder(request, locale, { email }), await paidGuestOrder(request, locale, { email })];
      const [first, second, third] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
      const plain = first.detail.lines.find((line) => !line.personalised)!;

      // Part of the first order: only its plain shirt goes in this parcel.
      await page.goto(`/admin/orders/${first.orderNo}`);
      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      await detail.getByTestId('ship-part').click();
      const dialog = page.getByTestId('parcel-dialog');
      await dialog.getByTestId(`parcel-qty-${plain.id}`).fill('1');
      await dialog.getByLabel(O.move.carrier).fill('DHL');
      await dialog.getByTestId('parcel-tracking').fill('JD0146000777');
      await screenshot(page, `admin-ship-part-${locale}`, testInfo);
      await confirmIn(page, A.common.confirm);
      await expect(detail).toHaveAttribute('data-order-status', 'partially_shipped');
      await expect(detail.getByTestId('parcel-lines')).toContainText(plain.name);
      await detail.getByTestId('order-shipment').scrollIntoViewIfNeeded();
      await screenshot(page, `admin-parcels-${locale}`, testInfo);

      // The guest's tracking page: partly shipped, the parcel and what it holds.
      await page.goto(`/${locale}/tracking-order/?orderNo=${first.orderNo}`);
      const result = page.locator('[data-tracking-result]');
      await expect(result.locator('[data-status]')).toHaveAttribute('data-status', 'partially_shipped');
      await expect(result).toContainText(B.tracking.status.partially_shipped);
      await expect(result).toContainText('JD0146000777');
      await expect(result.locator('.tracking-parcel-lines')).toContainText(plain.name);
      await screenshot(page, `tracking-parcels-${locale}`, testInfo, { fullPage: true });

      // The parcel went with UPS, not DHL: corrected from the order, the tracking page shows the new details, the shopper is told once.
      await page.goto(`/admin/orders/${first.orderNo}`);
      await detail.getByTestId('correct-open').click();
      const correct = page.getByTestId('correct-dialog');
      await correct.getByLabel(O.move.carrier).fill('UPS');
      await correct.getByTestId('correct-tracking').fill('1Z0146000778');
      await screenshot(page, `admin-correct-tracking-${locale}`, testInfo);
      await correct.getByRole('button', { name: label(A.common.confirm) }).click();
      await expect(correct).toBeHidden();
      await expect(detail.getByTestId('order-shipment')).toContainText('1Z0146000778');
      const corrected = await waitForMail({ to: first.email, subject: new RegExp(CORRECTED_SUBJECT[locale]) }, 20_000);
      expect(corrected.text).toContain('1Z0146000778');
      expect(corrected.text).toContain('JD0146000777');
      await page.goto(`/${locale}/tracking-order/?orderNo=${first.orderNo}`);
      await expect(result).toContainText('1Z0146000778');
      await expect(result).not.toContainText('JD0146000777');
      expect((await receivedMail()).filter((m) => m.subject.includes(first.orderNo) && m.subject.includes(CORRECTED_SUBJECT[locale]))).toHaveLength(1);

      // Packing slips for the three orders, from the list's selection: one PDF naming each.
      await page.goto('/admin/orders');
      await searchOrders(page, locale, email);
      for (const order of orders) {
        await expect(orderRow(page, order.orderNo)).toHaveCount(1);
        await orderRow(page, order.orderNo).getByRole('checkbox').check();
      }
      const download = page.waitForEvent('download');
      await page.getByTestId('orders-print-slips').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(await file.path()))), { mergePages: true });
      for (const order of orders) expect(text).toContain(order.orderNo);
      expect(text).toContain(locale === 'zh-CN' ? '装箱单' : 'Packing slip');
      expect(text).toContain('SMITH');

      // Bulk ship: the second and third orders whole, and one row of an order that does not exist.
      await page.getByTestId('orders-bulk-ship').click();
      const bulk = page.getByTestId('bulk-ship-dialog');
      await expect(bulk.getByTestId('bulk-ship-example')).toContainText('order_no,carrier,tracking_number');
      const csv = ['order_no,carrier,tracking_number,lines', `${second.orderNo},DHL,JD0146000801,`, 'JS-22222-22222,UPS,1Z0146000802,', `${third.orderNo},UPS,1Z0146000803,`].join('\n');
      await bulk.getByTestId('bulk-ship-file').setInputFiles({ name: 'parcels.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const table = bulk.getByTestId('bulk-ship-table');
      await expect(table.locator('tr[data-ok="true"]')).toHaveCount(2);
      await expect(table.locator('tr[data-ok="false"]')).toHaveCount(1);
      await expect(table.locator('tr[data-line="3"]')).toContainText('JS-22222-22222');
      await screenshot(page, `admin-bulk-ship-${locale}`, testInfo);
      await bulk.getByTestId('bulk-ship-apply').click();
      await expect(bulk.getByTestId('bulk-ship-summary')).toContainText(S.bulkDone.replace('{{good}}', '2').replace('{{orders}}', '2').replace('{{bad}}', '1'));
      await bulk.getByRole('button', { name: label(A.common.ok) }).click();
      await searchOrders(page, locale, email);
      await expect(orderRow(page, second.orderNo).locator('[data-status]')).toHaveAttribute('data-status', 'shipped');
      await expect(orderRow(page, third.orderNo).locator('[data-status]')).toHaveAttribute('data-status', 'shipped');
      await expect(orderRow(page, first.orderNo).locator('[data-status]')).toHaveAttribute('data-status', 'partially_shipped');
    });
  });
}
