/** The order confirmation, the mails of an order's later moves (the shipped ones: parcel-mails.test.ts) and the merchant's mail: both languages (the server's catalogue), values escaped in HTML. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.ts';
import { merchantOrderMail, orderMoveMail, refundMail } from '../../../../src/server/mail/order-mails.ts';
import { orderConfirmationMail, type OrderMailData } from '../../../../src/server/mail/templates.ts';

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
    const partial = refundMail('en-US', { ...base, amount: 1250, parts: [], currency: 'EUR', full: false });
    expect(partial.subject).toBe('Order JS-7KQ4M-2XPHD was partly refunded');
    expect(partial.text).toContain('€12.50');
    expect(partial.text).not.toContain('PayPal refunds');
    const full = refundMail('zh-CN', { ...base, amount: 9900, parts: [], currency: 'GBP', full: true });
    expect(full.subject).toBe('订单 JS-7KQ4M-2XPHD 已全额退款');
    expect(full.text).toContain('£99.00');
  });

  it('list the PayPal refunds one refund was paid back in, one per payment made', () => {
    const en = refundMail('en-US', { ...base, amount: 6500, parts: [5000, 1500], currency: 'EUR', full: true });
    expect(en.text).toContain('€65.00');
    expect(en.text).toContain('2 PayPal refunds, one per payment: €50.00 and €15.00.');
    expect(en.html).toContain('€50.00 and €15.00');
    const zh = refundMail('zh-CN', { ...base, amount: 6500, parts: [5000, 1500], currency: 'EUR', full: false });
    expect(zh.text).toContain('分 2 次 PayPal 退款退回：€50.00和€15.00');
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

describe('the order confirmation', () => {
  const data: OrderMailData = {
    ...base,
    firstName: 'Ada',
    currency: 'EUR',
    rate: 1,
    itemCount: 3,
    items: 15000,
    tierPercent: 10,
    tierDiscount: 1500,
    couponCode: 'SAVE5',
    couponDiscount: 500,
    shipping: 0,
    tax: { market: null, display: 'exclusive', reason: 'no-tax', importTaxesOnDelivery: false, total: 0, added: 0, rows: [] },
    total: 13000,
    shippingMethod: 'standard',
    delivery: { minDays: 3, maxDays: 5 },
    address: ['Ada Lovelace', '1 Main St'],
    personalised: true,
    lines: [{ name: 'Home shirt', size: 'M', quantity: 3, lineTotal: 15000, customType: 3, customName: 'SMITH', customNumber: '7', premiumNameOption: 'Gold', premiumNumberOption: 'Standard', patches: [{ patchName: 'Premier League', patchPrice: 500 }], addonItems: [] }],
  };

  it('says the lines with their print, the amounts, the address and the delivery, in English', () => {
    const mail = orderConfirmationMail('en-US', data);
    expect(mail.subject).toBe('Order JS-7KQ4M-2XPHD confirmed');
    expect(mail.text).toBe(
      'Hello Ada,\n\nThank you for your order! We have received the payment for order JS-7KQ4M-2XPHD.\n\n- Home shirt (size M) x 3: €150.00\n  Name SMITH · Number 7 · Name print: Gold · Patch: Premier League\n\nItems: €150.00\nMulti-buy discount (10%): -€15.00\nCoupon SAVE5: -€5.00\nStandard shipping: Free\nTotal: €130.00\n\nShipping to:\nAda Lovelace\n1 Main St\n\nExpected delivery: 3-5 business days.\nYour order has personalised items: printing adds 1-2 business days, and personalised items cannot be returned or cancelled.\n\nSee your order and follow its delivery: https://shop.example/en-US/order-detail/JS-7KQ4M-2XPHD\n',
    );
  });

  it('and in Chinese, without the personalised note or free shipping when they do not apply', () => {
    const mail = orderConfirmationMail('zh-CN', data);
    expect(mail.subject).toBe('订单 JS-7KQ4M-2XPHD 已确认');
    expect(mail.text).toBe(
      'Ada，您好：\n\n感谢您的购买！我们已收到订单 JS-7KQ4M-2XPHD 的付款。\n\n- Home shirt (尺码 M) x 3: €150.00\n  名字 SMITH · 号码 7 · 名字字体: Gold · 臂章: Premier League\n\n商品小计: €150.00\n多件优惠（10%）: -€15.00\n优惠券 SAVE5: -€5.00\n标准配送: 免费\n合计: €130.00\n\n收货地址：\nAda Lovelace\n1 Main St\n\n预计 3-5 个工作日送达。\n订单中有个性化印制的商品：印制需额外 1-2 个工作日，且个性化商品不支持退货或取消。\n\n查看订单详情和物流进度： https://shop.example/en-US/order-detail/JS-7KQ4M-2XPHD\n',
    );
    const plain = orderConfirmationMail('zh-CN', { ...data, personalised: false, shipping: 499, tierDiscount: 0, couponDiscount: 0 });
    expect(plain.text).toContain('标准配送: €4.99');
    expect(plain.text).not.toContain('个性化');
    expect(plain.text).not.toContain('多件优惠');
  });

  const shirt = { name: 'Home shirt', customType: 3, premiumNameOption: 'Standard', premiumNumberOption: 'Standard', patches: [], addonItems: [] } as const;
  const eagles = { id: '0b7f4c1e-8d2a-4f5b-9c3e-1a2b3c4d5e6f', name: 'Eagles <FC>' };
  const team: OrderMailData = {
    ...data,
    lines: [
      { ...shirt, size: 'M', quantity: 1, lineTotal: 4500, customName: 'SMITH', customNumber: '4', group: eagles },
      { ...shirt, size: 'L', quantity: 2, lineTotal: 9000, customName: 'JONES', customNumber: '5', group: eagles },
      { ...shirt, name: 'Away shirt', size: 'S', quantity: 1, lineTotal: 1500, customType: 1, customName: null, customNumber: null, group: null },
    ],
  };

  it("lists a team roster's rows under one heading with its shirts and total; other lines as before", () => {
    const en = orderConfirmationMail('en-US', team);
    expect(en.text).toContain(
      '\n\nTeam: Eagles <FC> · 3 shirts: €135.00\n  - Home shirt (size M) x 1: €45.00\n    Name SMITH · Number 4\n  - Home shirt (size L) x 2: €90.00\n    Name JONES · Number 5\n- Away shirt (size S) x 1: €15.00\n\nItems: €150.00\n',
    );
    expect(en.html).toContain('font-weight:bold">Team: Eagles &lt;FC&gt; · 3 shirts</td>');
    expect(en.html).toContain('font-weight:bold">€135.00</td>');
    // The rows sit under the heading, indented; the line of its own does not.
    expect(en.html).toContain('padding-left:24px">Home shirt (size M) x 1');
    expect(en.html).toContain('border-bottom:1px solid #eee">Away shirt (size S) x 1');
    expect(en.html).not.toContain('Eagles <FC>');
    const zh = orderConfirmationMail('zh-CN', team);
    expect(zh.text).toContain('球队：Eagles <FC> · 3 件球衣: €135.00\n  - Home shirt (尺码 M) x 1: €45.00\n');
    expect(zh.html).toContain('球队：Eagles &lt;FC&gt; · 3 件球衣');
  });

  const vat = { jurisdiction: 'DE', tax: 'VAT' as const, declaredUnder: 'home' as const, rate: 19_000, base: 10_924, amount: 2_076 };
  const germany: OrderMailData = { ...data, tax: { market: 'DE', display: 'inclusive', reason: 'home', importTaxesOnDelivery: false, total: 2_076, added: 0, rows: [vat] } };

  it('says the VAT the prices include after the total, in both languages (the total stays the bold row)', () => {
    const en = orderConfirmationMail('en-US', germany);
    expect(en.text).toContain('Total: €130.00\nincl. VAT 19%: €20.76\n');
    expect(en.html).toContain('font-weight:bold">Total</td>');
    expect(en.html).not.toContain('font-weight:bold">incl.');
    expect(orderConfirmationMail('zh-CN', germany).text).toContain('合计: €130.00\n含增值税 19%: €20.76\n');
  });

  it('lists tax added before the total, leaves zero-rated rows out, and says when import taxes are paid on delivery', () => {
    const quebec: OrderMailData = {
      ...data,
      currency: 'CAD',
      total: 14_946,
      tax: {
        market: 'CA-QC',
        display: 'exclusive',
        reason: 'registered',
        importTaxesOnDelivery: false,
        total: 1_946,
        added: 1_946,
        rows: [
          { jurisdiction: 'CA', tax: 'GST', declaredUnder: 'CA-GST', rate: 5_000, base: 13_000, amount: 650 },
          { jurisdiction: 'CA-QC', tax: 'QST', declaredUnder: 'CA-QC-QST', rate: 9_975, base: 13_000, amount: 1_296 },
        ],
      },
    };
    expect(orderConfirmationMail('en-US', quebec).text).toContain('Standard shipping: Free\nGST 5%: CA$6.50\nQST 9.975%: CA$12.96\nTotal: CA$149.46\n');
    expect(orderConfirmationMail('zh-CN', quebec).text).toContain('商品及服务税（GST）5%: CA$6.50\n魁北克销售税（QST）9.975%: CA$12.96\n合计: CA$149.46');
    const child = { ...germany, tax: { ...germany.tax, market: 'GB', total: 0, rows: [{ ...vat, jurisdiction: 'GB', rate: 0, amount: 0 }] } };
    expect(orderConfirmationMail('en-US', child).text).not.toContain('VAT');
    const imported: OrderMailData = { ...data, tax: { market: 'AU', display: 'inclusive', reason: 'above-import-limit', importTaxesOnDelivery: true, total: 0, added: 0, rows: [] } };
    expect(orderConfirmationMail('en-US', imported).text).toContain('Total: €130.00\nImport taxes and duties are not included: they are paid on delivery.\n');
    expect(orderConfirmationMail('zh-CN', imported).html).toContain('不含进口税费和关税：收货时支付。');
  });

  it('tells the merchant the tax charged and its rates', () => {
    const merchant = { orderNo: base.orderNo, adminLink: 'https://shop.example/admin/orders/JS-7KQ4M-2XPHD', total: 13_000, currency: 'EUR' as const, itemCount: 3, personalised: false, email: 'a@example.com', country: 'DE' };
    expect(merchantOrderMail('en-US', { ...merchant, tax: germany.tax }).text).toContain('Tax included: €20.76 (VAT 19%)');
    expect(merchantOrderMail('zh-CN', { ...merchant, tax: germany.tax }).text).toContain('含税：€20.76（增值税 19%）');
    expect(merchantOrderMail('en-US', { ...merchant, tax: { ...germany.tax, total: 0, rows: [], importTaxesOnDelivery: true, reason: 'above-import-limit' } }).text).toContain('Import taxes and duties: paid by the buyer on delivery');
    expect(merchantOrderMail('en-US', merchant).text).not.toContain('Tax');
    const quebec = { ...germany.tax, market: 'CA-QC', display: 'exclusive' as const, total: 1_946, added: 1_946, rows: [{ ...vat, jurisdiction: 'CA', tax: 'GST' as const, rate: 5_000, amount: 650 }, { ...vat, jurisdiction: 'CA-QC', tax: 'QST' as const, rate: 9_975, amount: 1_296 }] };
    expect(merchantOrderMail('zh-CN', { ...merchant, currency: 'CAD', tax: quebec }).text).toContain('另加税：CA$19.46（商品及服务税（GST）5%、魁北克销售税（QST）9.975%）');
  });
});
