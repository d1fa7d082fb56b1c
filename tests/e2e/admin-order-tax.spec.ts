/**
 * The order detail's tax and documents (issue 29). First as the shop made them, in both locales:
 * a paid guest order to the UK (the demo merchant is registered for UK VAT) shows the VAT its
 * checkout froze, per rate, and its invoice; staff download it, refund part of the order, and
 * download the credit note that refund issued (PDFs read back: the order number and the
 * document's own). Then drawn from the order's answer: a paid guest
 * order's detail is answered with a frozen tax breakdown and documents put in (fixtures of the
 * contract's types, `TaxBreakdown` and `TaxDocumentRecord`), so the screen is checked apart from
 * the checkout and invoicing that fill them:
 * - en-US at 1440 px: tax added (Quebec: GST and QST) before the total, an invoice and a credit
 *   note listed, the invoice's PDF downloaded with the staff member's token;
 * - zh-CN at 375 px: tax included (UK, 20% and a zero-rated child's kit) under the total, and the
 *   import notice.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page, Route } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import enTax from '../../src/i18n/locales/en-US/admin-tax.json' with { type: 'json' };
import zhTax from '../../src/i18n/locales/zh-CN/admin-tax.json' with { type: 'json' };
import type { AdminOrderDetail } from '../../src/domain/back-office/orders.model.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import type { TaxBreakdown, TaxDocumentRecord } from '../../src/domain/tax/tax.model.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';
import { JOURNEY_TIMEOUT_MS, expect, test, type AdminLocale } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Answers the order's detail with this tax and these documents (the total takes the tax added). */
async function withTax(page: Page, tax: TaxBreakdown, documents: TaxDocumentRecord[]): Promise<void> {
  await page.route('**/api/admin/orders/get', async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: AdminOrderDetail };
    body.data.amounts = { ...body.data.amounts, tax, total: body.data.amounts.total + tax.added };
    body.data.documents = documents;
    await route.fulfill({ response, json: body });
  });
}

test.describe(() => {
  test.use({ adminLocale: 'en-US' });

  test('en-US: the order detail shows the tax added per rate and lists its invoice and credit note; staff download the PDF', async ({ page, request }, testInfo) => {
    const O = enTax.order;
    const { orderNo } = await paidGuestOrder(request, 'en-US');
    const tax: TaxBreakdown = {
      market: 'CA-QC',
      display: 'exclusive',
      reason: 'registered',
      importTaxesOnDelivery: false,
      total: 748,
      added: 748,
      rows: [
        { jurisdiction: 'CA', tax: 'GST', declaredUnder: 'CA-GST', rate: 5000, base: 5000, amount: 250 },
        { jurisdiction: 'CA-QC', tax: 'QST', declaredUnder: 'CA-QC-QST', rate: 9975, base: 5000, amount: 498 },
      ],
    };
    const documents: TaxDocumentRecord[] = [
      { kind: 'invoice', number: 'INV-2026-000123', issuedAt: '2026-11-28T10:00:00.000Z', total: 5748, tax: 748 },
      { kind: 'credit_note', number: 'CN-2026-000007', issuedAt: '2026-11-28T12:00:00.000Z', total: 1000, tax: 130 },
    ];
    await withTax(page, tax, documents);
    let pdfAuthorization: string | undefined;
    await page.route('**/api/admin/orders/*/documents/*.pdf', async (route) => {
      pdfAuthorization = route.request().headers()['authorization'];
      await route.fulfill({ status: 200, contentType: 'application/pdf', body: '%PDF-1.4\n%%EOF\n' });
    });
    await page.goto(`/admin/orders/${orderNo}`);
    const detail = page.getByTestId('order-detail');
    await expect(detail).toBeVisible();
    const rows = detail.getByTestId('order-tax-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('GST 5%');
    await expect(rows.nth(1)).toContainText('QST 9.975%');
    // Added tax comes before the total.
    const order = detail.locator('.admin-amounts > *');
    const labels = await order.allTextContents();
    expect(labels.findIndex((text) => text.includes('QST'))).toBeLessThan(labels.findIndex((text) => text.includes('Total')));

    const list = detail.getByTestId('order-documents');
    await expect(list.getByRole('row')).toHaveCount(3);
    await expect(list).toContainText('INV-2026-000123');
    await expect(list).toContainText(O.kinds.credit_note);
    await detail.getByTestId('order-documents-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-order-tax-en-US', testInfo);

    const download = page.waitForEvent('download');
    await list.getByRole('row').filter({ hasText: 'INV-2026-000123' }).getByTestId('order-document-download').click();
    expect((await download).suggestedFilename()).toBe('INV-2026-000123.pdf');
    expect(pdfAuthorization).toMatch(/^Bearer /);
  });
});

test.describe(() => {
  test.use({ adminLocale: 'zh-CN' });

  test('zh-CN: the order detail shows the tax included per rate under the total, and the import notice', async ({ page, request }, testInfo) => {
    const O = zhTax.order;
    const { orderNo, detail: placed } = await paidGuestOrder(request, 'zh-CN');
    const currency = placed.amounts.currency;
    const tax: TaxBreakdown = {
      market: 'GB',
      display: 'inclusive',
      reason: 'registered',
      importTaxesOnDelivery: true,
      total: 500,
      added: 0,
      rows: [
        { jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', rate: 20_000, base: 2500, amount: 500 },
        { jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', rate: 0, base: 1000, amount: 0 },
      ],
    };
    await withTax(page, tax, []);
    await page.goto(`/admin/orders/${orderNo}`);
    const detail = page.getByTestId('order-detail');
    const rows = detail.getByTestId('order-tax-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(O.taxIncluded.replace('{{tax}}', O.taxNames.VAT).replace('{{rate}}', '20'));
    await expect(rows.nth(0)).toContainText(formatMoney(500, currency, 'zh-CN'));
    await expect(rows.nth(1)).toContainText(O.taxIncluded.replace('{{tax}}', O.taxNames.VAT).replace('{{rate}}', '0'));
    await expect(detail.getByTestId('order-import-notice')).toContainText(O.importNotice);
    await expect(detail.getByTestId('order-documents-none')).toHaveText(O.noDocuments);
    await detail.getByTestId('order-total').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-order-tax-zh-CN', testInfo);
  });
});

/** Clicks a document's download and answers the PDF's text (its file named after the number). */
async function downloadedText(page: Page, list: Locator, number: string): Promise<string> {
  const download = page.waitForEvent('download');
  await list.getByRole('row').filter({ hasText: number }).getByTestId('order-document-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

for (const locale of ['en-US', 'zh-CN'] as AdminLocale[]) {
  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: staff see the VAT the checkout froze, download the invoice, refund part of the order and download its credit note`, async ({ page, request, ownerApi }, testInfo) => {
      const O = (locale === 'en-US' ? enTax : zhTax).order;
      const { orderNo, detail: placed } = await paidGuestOrder(request, locale);
      const { tax, currency } = placed.amounts;
      expect(tax).toMatchObject({ market: 'GB', display: 'inclusive' });
      await page.goto(`/admin/orders/${orderNo}`);
      const detail = page.getByTestId('order-detail');
      const rows = detail.getByTestId('order-tax-row');
      await expect(rows).toHaveCount(tax.rows.length);
      for (const [i, row] of tax.rows.entries()) {
        await expect(rows.nth(i)).toContainText(O.taxIncluded.replace('{{tax}}', O.taxNames[row.tax]).replace('{{rate}}', String(row.rate / 1000)));
        await expect(rows.nth(i)).toContainText(formatMoney(row.amount, currency, locale));
      }

      // The invoice issued on payment.
      const [invoice] = (await ownerApi<AdminOrderDetail>('/admin/orders/get', { orderNo })).documents;
      expect(invoice).toMatchObject({ kind: 'invoice', total: placed.amounts.total, tax: tax.total });
      const list = detail.getByTestId('order-documents');
      await expect(list.getByRole('row').filter({ hasText: invoice!.number })).toContainText(O.kinds.invoice);
      const invoiceText = await downloadedText(page, list, invoice!.number);
      expect(invoiceText).toContain(invoice!.number);
      expect(invoiceText).toContain(orderNo);

      // A partial refund issues a credit note, listed once the detail is read again.
      await ownerApi<AdminOrderDetail>('/admin/orders/refund', { orderNo, idempotencyKey: `tax-journey-${orderNo}`, amount: 500, reason: 'Goodwill: late parcel' });
      const creditNote = async () => (await ownerApi<AdminOrderDetail>('/admin/orders/get', { orderNo })).documents.find((d) => d.kind === 'credit_note');
      await expect.poll(creditNote).toBeDefined();
      const note = await creditNote();
      await page.reload();
      await expect(list.getByRole('row').filter({ hasText: note!.number })).toContainText(O.kinds.credit_note);
      await expect(list.getByRole('row').filter({ hasText: note!.number })).toContainText(formatMoney(-note!.total, currency, locale));
      await page.getByTestId('order-documents-card').scrollIntoViewIfNeeded();
      await screenshot(page, `admin-order-documents-${locale}`, testInfo);
      const noteText = await downloadedText(page, list, note!.number);
      expect(noteText).toContain(note!.number);
      expect(noteText).toContain(invoice!.number);
    });
  });
}
