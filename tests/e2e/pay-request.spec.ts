/**
 * A payment request paid through its mailed link (docs/checkout-and-payments.md "Payment
 * requests"), in both locales: a guest's paid order is asked for more (opened through the
 * simulator's control route, as an order change would), the mail carries the link, the pay page
 * shows the order, what it is for, the amount and the time, PayPal's stand-in buttons pay it, and
 * the receipt comes with the invoice of the extra. A broken link says so.
 */
import { expect, test } from '@playwright/test';
import enPay from '../../src/i18n/locales/en-US/pay.json' with { type: 'json' };
import zhPay from '../../src/i18n/locales/zh-CN/pay.json' with { type: 'json' };
import { formatMoney } from '../../src/domain/money.model.ts';
import { SIM_PREFIX } from '../../src/server/modules/payments/simulator-protocol.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { waitForMail } from './support/mail.ts';
import { screenshot } from '../support/screenshots.ts';

const PAY = { 'en-US': enPay, 'zh-CN': zhPay } as const;
const SIM = { 'en-US': 'Approve payment', 'zh-CN': '确认付款' } as const;
const LINK_SUBJECT = { 'en-US': /Payment needed for order/, 'zh-CN': /需要补付款/ } as const;
const RECEIVED_SUBJECT = { 'en-US': /Payment received for order/, 'zh-CN': /补付款已收到/ } as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  const m = PAY[locale];

  test(`${locale}: a payment request is paid through its mailed link in the PayPal simulator`, async ({ page, request }, testInfo) => {
    const order = await paidGuestOrder(request, locale);
    const opened = await request.post(`${SIM_PREFIX}/control/payment-requests`, { data: { orderNo: order.orderNo, amount: 1500 } });
    expect(opened.status()).toBe(201);

    const mailed = await waitForMail({ to: order.email, subject: LINK_SUBJECT[locale] }, 20_000);
    expect(mailed.subject).toContain(order.orderNo);
    const link = /(https?:\/\/\S+\/pay\/\?t=[A-Za-z0-9_-]+)/.exec(mailed.text)?.[1];
    expect(link, mailed.text).toBeTruthy();
    expect(new URL(link!).pathname).toBe(`/${locale}/pay/`);

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    const pay = page.locator('[data-pay]');
    await expect(pay.getByRole('heading', { level: 1 })).toHaveText(m.heading.replace('{{orderNo}}', order.orderNo));
    await expect(pay.locator('[data-pay-amount]')).toHaveText(formatMoney(1500, 'EUR', locale));
    await expect(pay.locator('[data-pay-purpose]')).toHaveText(m.purpose['order-change']);
    await expect(pay.locator('[data-pay-expires]')).not.toBeEmpty();

    const buttons = page.locator('[data-paypal-sim="buttons"]');
    await expect(buttons).toBeVisible();
    await screenshot(page, `pay-request-open-${locale}`, testInfo, { fullPage: true });
    await buttons.getByRole('button', { name: 'PayPal', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: SIM[locale], exact: true }).click();
    await expect(pay).toHaveAttribute('data-state', 'paid');
    await expect(pay.locator('[data-pay-status]')).toHaveText(m.state.paid);
    await screenshot(page, `pay-request-paid-${locale}`, testInfo, { fullPage: true });

    const receipt = await waitForMail({ to: order.email, subject: RECEIVED_SUBJECT[locale] }, 20_000);
    expect(receipt.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);

    // The link opened again says it is paid, with no buttons.
    await page.reload();
    await expect(pay).toHaveAttribute('data-state', 'paid');
    await expect(page.locator('[data-paypal-sim="buttons"]')).toHaveCount(0);

    // A broken link says so.
    await page.goto(`/${locale}/pay/?t=${'A'.repeat(32)}`);
    await expect(page.locator('[data-pay]')).toHaveAttribute('data-state', 'notFound');
    await expect(page.locator('[data-pay-status]')).toHaveText(m.state.notFound);
  });
}
