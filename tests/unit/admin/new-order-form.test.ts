/** The New order screen's form as the server's requests (src/admin/screens/new-order/order-form.ts). */
import { describe, expect, it } from 'vitest';
import { staffOrderCreateRequestSchema, staffOrderQuoteRequestSchema } from '../../../src/domain/back-office/staff-orders.schema.ts';
import { createRequest, customerOfPath, lineForProduct, lineStockProblems, NEW_LINE, quoteRequest, requestLine, stockRefusal, type OrderForm } from '../../../src/admin/screens/new-order/order-form.ts';

const form: OrderForm = {
  customerKind: 'guest',
  guestEmail: ' club@example.com ',
  lines: [
    { ...NEW_LINE, productId: 3, size: 'M', quantity: 2 },
    { ...NEW_LINE, productId: 4, size: 'L', customType: 3, customName: 'kane', customNumber: '9', premiumNameOption: 'Gold', unitPrice: '12.50', priceReason: 'Club deal' },
    // A squad player with a patch and two add-ons (ticked in any order); a name typed before choosing the player is not sent.
    { ...NEW_LINE, productId: 5, size: 'S', customType: 2, playerId: 17, customName: 'OLD', premiumNumberOption: 'Silver', patchIds: [8], addonIds: [12, 3] },
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
    expect(lines[0]).toEqual({ item: { productId: 3, size: 'M', customType: 1, quantity: 2, patch: '', addons: '', premiumNameOption: 'Standard', premiumNumberOption: 'Standard' } });
    expect(lines[1]).toEqual({
      item: { productId: 4, size: 'L', customType: 3, quantity: 1, customName: 'KANE', customNumber: '9', premiumNameOption: 'Gold', premiumNumberOption: 'Standard', patch: '', addons: '' },
      unitPrice: 1250,
      priceReason: 'Club deal',
    });
    expect(requestLine({ ...NEW_LINE, productId: 1, size: 'S', unitPrice: '12.345' }, 'EUR').unitPrice).toBe(-1);
  });

  it('sends a line with a squad player, a patch and add-ons whole, to the quote and the create alike', () => {
    const whole = { productId: 5, size: 'S', customType: 2, quantity: 1, squadList: 17, premiumNameOption: 'Standard', premiumNumberOption: 'Silver', patch: '8', addons: '3,12' };
    expect(createRequest(form, 'key-12345678').lines[2]).toEqual({ item: whole });
    expect(quoteRequest(form).lines[2]).toEqual({ item: whole });
    // The server's schema reads the player, the patch and the add-ons back as the print it prices.
    const parsed = staffOrderQuoteRequestSchema.parse(quoteRequest(form)).lines[2]!.item;
    expect(parsed).toMatchObject({ squadList: 17, patch: [8], addons: [3, 12], premiumNumberOption: 'Silver' });
    // No print still sends the extras it comes with.
    expect(requestLine({ ...NEW_LINE, productId: 5, size: 'S', patchIds: [8], addonIds: [3] }, 'EUR').item).toMatchObject({ customType: 1, patch: '8', addons: '3' });
  });

  it('starts the size and print again when a line changes product, keeping a typed name, number and lettering', () => {
    const changed = lineForProduct({ ...NEW_LINE, productId: 6, size: 'M', customType: 2, playerId: 17, customName: 'KANE', customNumber: '9', premiumNameOption: 'Gold', patchIds: [8], addonIds: [3] });
    expect(changed).toEqual({ ...NEW_LINE, productId: 6, size: undefined, customType: 1, playerId: null, customName: 'KANE', customNumber: '9', premiumNameOption: 'Gold', patchIds: [], addonIds: [] });
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

  it("puts a stock problem beside the line of its product and size, and reads a placing's 1410 refusal", () => {
    const problem = { productId: 4, size: 'L', message: 'Only 2 left of Home Shirt in size L' };
    expect(lineStockProblems(form.lines, [problem])).toEqual([null, problem.message, null]);
    expect(lineStockProblems(form.lines, [{ ...problem, size: 'M' }])).toEqual([null, null, null]);
    expect(stockRefusal('1410', problem.message, { productId: 4, size: 'L', available: 2 })).toEqual(problem);
    expect(stockRefusal('1409', problem.message, { productId: 4, size: 'L' })).toBeNull();
    expect(stockRefusal('1410', problem.message, null)).toBeNull();
  });

  it('reads the customer a "New order for this customer" link names', () => {
    expect(customerOfPath('/new-order?customer=42')).toBe(42);
    expect(customerOfPath('/new-order')).toBeNull();
    expect(customerOfPath('/new-order?customer=x')).toBeNull();
  });
});
