/** The New order screen's form as the server's requests (src/admin/screens/new-order/order-form.ts). */
import { describe, expect, it } from 'vitest';
import { staffOrderCreateRequestSchema, staffOrderQuoteRequestSchema } from '../../../src/domain/back-office/staff-orders.schema.ts';
import { createRequest, customerOfPath, NEW_LINE, quoteRequest, requestLine, type OrderForm } from '../../../src/admin/screens/new-order/order-form.ts';

const form: OrderForm = {
  customerKind: 'guest',
  guestEmail: ' club@example.com ',
  lines: [
    { ...NEW_LINE, productId: 3, size: 'M', quantity: 2 },
    { ...NEW_LINE, productId: 4, size: 'L', customType: 3, customName: 'kane', customNumber: '9', premiumNameOption: 'Gold', unitPrice: '12.50', priceReason: 'Club deal' },
  ],
  currency: 'EUR',
  locale: 'zh-CN',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 St James Square',
  city: 'London',
  country: 'gb',
  phoneCode: '+44',
  phone: '20 7946 0000',
  shippingMethod: 'standard',
  payment: 'link',
};

describe('the New order form as requests', () => {
  it('sends the configured lines, a printed name in capitals, a typed price in minor units with its reason', () => {
    const lines = createRequest(form, 'key-12345678').lines;
    expect(lines[0]).toEqual({ item: { productId: 3, size: 'M', customType: 1, quantity: 2 } });
    expect(lines[1]).toEqual({ item: { productId: 4, size: 'L', customType: 3, quantity: 1, customName: 'KANE', customNumber: '9', premiumNameOption: 'Gold', premiumNumberOption: 'Standard' }, unitPrice: 1250, priceReason: 'Club deal' });
    expect(requestLine({ ...NEW_LINE, productId: 1, size: 'S', unitPrice: '12.345' }, 'EUR').unitPrice).toBe(-1);
  });

  it("makes requests the server's schemas take: a link order, an offline one, a replacement without customer or prices", () => {
    const link = staffOrderCreateRequestSchema.safeParse(createRequest(form, 'key-12345678'));
    expect(link.success, JSON.stringify(link.error?.issues)).toBe(true);
    expect(link.data).toMatchObject({ customer: { type: 'guest', email: 'club@example.com' }, locale: 'zh-CN', address: { country: 'GB' }, payment: { kind: 'link' } });
    const offline = createRequest({ ...form, payment: 'offline', offlineMethod: 'cash', reference: 'TILL-4', offlineReason: 'Paid at the counter' }, 'key-12345678');
    expect(staffOrderCreateRequestSchema.parse(offline).payment).toEqual({ kind: 'offline', method: 'cash', reference: 'TILL-4', reason: 'Paid at the counter' });
    const replacement = createRequest({ ...form, payment: 'replacement', replaces: 'js-abc' }, 'key-12345678');
    expect(replacement).not.toHaveProperty('customer');
    expect(replacement.lines.every((l) => !('unitPrice' in l))).toBe(true);
    expect(replacement.payment).toEqual({ kind: 'replacement', orderNo: 'JS-ABC' });
    expect(staffOrderQuoteRequestSchema.safeParse(quoteRequest(form)).success).toBe(true);
    expect(quoteRequest({ ...form, payment: 'replacement' }).lines.every((l) => !('unitPrice' in l))).toBe(true);
    expect(quoteRequest(form)).toMatchObject({ country: 'GB', couponCode: null });
  });

  it('reads the customer a "New order for this customer" link names', () => {
    expect(customerOfPath('/new-order?customer=42')).toBe(42);
    expect(customerOfPath('/new-order')).toBeNull();
    expect(customerOfPath('/new-order?customer=x')).toBeNull();
  });
});
