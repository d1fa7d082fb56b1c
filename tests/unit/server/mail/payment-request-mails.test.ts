/** The payment request's mails in both locales (payment-request-mails.ts). */
import { describe, expect, it } from 'vitest';
import { paymentLinkMail, paymentReceivedMail, requestExpiredMail } from '../../../../src/server/mail/payment-request-mails.ts';

const expiresAt = new Date('2026-12-02T09:30:00Z');

describe('payment request mails', () => {
  it('the link mail says what, how much, until when, and carries the link escaped in HTML', () => {
    const mail = paymentLinkMail('en-US', { orderNo: 'JS-1', firstName: 'Ada', amount: 1250, currency: 'EUR', purpose: 'order-change', expiresAt, link: 'https://shop.example/en-US/pay/?t=abc&x=1' });
    expect(mail.subject).toBe('Payment needed for order JS-1');
    expect(mail.text).toContain('€12.50');
    expect(mail.text).toContain('Dec 2, 2026, 9:30 AM UTC');
    expect(mail.text).toContain('https://shop.example/en-US/pay/?t=abc&x=1');
    expect(mail.html).toContain('href="https://shop.example/en-US/pay/?t=abc&amp;x=1"');
  });

  it('is in Chinese for a zh-CN order', () => {
    const mail = paymentLinkMail('zh-CN', { orderNo: 'JS-1', firstName: '明', amount: 1250, currency: 'GBP', purpose: 'order-change', expiresAt, link: 'https://shop.example/zh-CN/pay/?t=abc' });
    expect(mail.subject).toBe('订单 JS-1 需要补付款');
    expect(mail.text).toContain('使用 PayPal 付款');
    const paid = paymentReceivedMail('zh-CN', { orderNo: 'JS-1', firstName: '明', amount: 1250, currency: 'GBP', orderLink: 'https://shop.example/zh-CN/order-success/JS-1', invoice: true });
    expect(paid.subject).toBe('订单 JS-1 的补付款已收到');
    expect(paid.text).toContain('发票见附件');
  });

  it("a staff order's link asks for the order's total, not an extra, in both locales", () => {
    const en = paymentLinkMail('en-US', { orderNo: 'JS-2', firstName: 'Ada', amount: 7499, currency: 'EUR', purpose: 'manual-order', expiresAt, link: 'https://shop.example/en-US/pay/?t=abc' });
    expect(en.subject).toBe('Your order JS-2 is ready to pay');
    expect(en.text).toContain('Your order JS-2 of €74.99 is ready to pay');
    const zh = paymentLinkMail('zh-CN', { orderNo: 'JS-2', firstName: '明', amount: 7499, currency: 'EUR', purpose: 'manual-order', expiresAt, link: 'https://shop.example/zh-CN/pay/?t=abc' });
    expect(zh.subject).toBe('订单 JS-2 待付款');
    expect(zh.subject).not.toContain('补付款');
  });

  it("tells the merchant of an expired link with the order's back-office link", () => {
    const mail = requestExpiredMail('en-US', { orderNo: 'JS-1', amount: 500, currency: 'USD', adminLink: 'https://shop.example/admin/orders/JS-1' });
    expect(mail.subject).toBe('Payment link expired for order JS-1');
    expect(mail.text).toContain('$5.00');
    expect(mail.text).toContain('https://shop.example/admin/orders/JS-1');
  });
});
