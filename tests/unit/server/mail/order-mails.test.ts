/** The mails of an order's later moves and the merchant's mail: both languages, values escaped in HTML. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.ts';
import { merchantOrderMail, orderMoveMail, refundMail } from '../../../../src/server/mail/order-mails.ts';
import { shipmentMail } from '../../../../src/server/mail/templates.ts';

const base = { orderNo: 'JS-7KQ4M-2XPHD', link: 'https://shop.example/en-US/order-detail/JS-7KQ4M-2XPHD', firstName: 'Ada <b>' };

describe('order move mails', () => {
  it('say each move in the shopper’s language, with the order link, escaping names in HTML', () => {
    const en = orderMoveMail('en-US', 'processing', base);
    expect(en.subject).toBe('Order JS-7KQ4M-2XPHD is in production');
    expect(en.text).toContain('Hello Ada <b>,');
    expect(en.text).toContain(base.link);
    expect(en.html).toContain('Ada &lt;b&gt;');
    expect(en.html).not.toContain('Ada <b>');
    expect(orderMoveMail('zh-CN', 'delivered', base).subject).toBe('订单 JS-7KQ4M-2XPHD 已送达');
    expect(orderMoveMail('zh-CN', 'cancelled', base).text).toContain('已取消');
  });

  it('name the refunded amount, and whether it was all of it', () => {
    const partial = refundMail('en-US', { ...base, amount: 1250, currency: 'EUR', full: false });
    expect(partial.subject).toBe('Order JS-7KQ4M-2XPHD was partly refunded');
    expect(partial.text).toContain('€12.50');
    const full = refundMail('zh-CN', { ...base, amount: 9900, currency: 'GBP', full: true });
    expect(full.subject).toBe('订单 JS-7KQ4M-2XPHD 已全额退款');
    expect(full.text).toContain('£99.00');
  });

  it('link the carrier’s page in the shipped mail when there is one', () => {
    const shipment = { ...base, carrier: 'DHL', trackingNumber: 'JD01', trackingUrl: 'https://www.dhl.com/t?id=JD01&x=1' };
    const mail = shipmentMail('en-US', shipment);
    expect(mail.text).toContain('Track the parcel: https://www.dhl.com/t?id=JD01&x=1');
    expect(mail.html).toContain('href="https://www.dhl.com/t?id=JD01&amp;x=1"');
    expect(shipmentMail('zh-CN', shipment).text).toContain('包裹追踪：https://www.dhl.com/t?id=JD01&x=1');
    expect(shipmentMail('en-US', { ...shipment, trackingUrl: null }).text).not.toContain('Track the parcel');
  });
});

describe('the merchant mail', () => {
  it('links the order in the back office, in the configured language', () => {
    const data = { orderNo: base.orderNo, adminLink: 'https://shop.example/admin/orders/JS-7KQ4M-2XPHD', total: 4590, currency: 'EUR' as const, itemCount: 2, personalised: true, email: 'a@example.com', country: 'GB' };
    const en = merchantOrderMail('en-US', data);
    expect(en.subject).toBe('New order JS-7KQ4M-2XPHD: €45.90');
    expect(en.text).toContain(data.adminLink);
    expect(en.text).toContain('with personalised printing');
    expect(merchantOrderMail('zh-CN', data).text).toContain('含个性化印制');
  });

  it('is configured by MERCHANT_EMAIL (checked) and MERCHANT_LOCALE', () => {
    expect(loadConfig({}).merchantEmail).toBeNull();
    expect(loadConfig({ MERCHANT_EMAIL: 'orders@shop.example', MERCHANT_LOCALE: 'zh-CN' })).toMatchObject({ merchantEmail: 'orders@shop.example', merchantLocale: 'zh-CN' });
    expect(() => loadConfig({ MERCHANT_EMAIL: 'not an email' })).toThrow(/MERCHANT_EMAIL/);
  });
});
