/** The refusal an owed payment request (open, or expired unpaid) gives a move to production (production-hold.ts): its amount written in the order's language. */
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../../../../src/server/db/client.ts';
import { productionHold, type OrderPaymentRequests } from '../../../../../src/server/modules/orders/production-hold.ts';
import type { OrderRow } from '../../../../../src/server/modules/orders/views.ts';

/** A port with one open request of 12.50 for order 7, an expired unpaid one of 8.00 for order 9, none for any other. */
const requests: OrderPaymentRequests = {
  openTx: () => Promise.reject(new Error('not used')),
  cancelOpenTx: () => Promise.reject(new Error('not used')),
  waiveTx: () => Promise.reject(new Error('not used')),
  reopenTx: () => Promise.reject(new Error('not used')),
  dueForTx: (_tx, orderId) =>
    Promise.resolve(orderId === 7 ? { id: 1, amount: 1250, expiresAt: new Date(0), status: 'open' as const } : orderId === 9 ? { id: 2, amount: 800, expiresAt: new Date(0), status: 'expired' as const } : null),
};
const tx = {} as Tx;
const row = (locale: string, currency = 'USD', id = 7) => ({ id, locale, currency }) as OrderRow;

describe('productionHold', () => {
  it("words the open amount as the order's zh-CN mails do (US$), in either language of the staff reading it", async () => {
    const hold = await productionHold(requests, tx, row('zh-CN'));
    expect(hold?.code).toBe('1409');
    expect(hold?.said.params?.amount).toBe('US$12.50');
    expect(hold?.messageIn('zh-CN')).toContain('US$12.50');
    expect(hold?.messageIn('en-US')).toContain('US$12.50');
  });

  it("words it as an en-US order's mails do ($), and an unknown locale as en-US", async () => {
    expect((await productionHold(requests, tx, row('en-US')))?.said.params?.amount).toBe('$12.50');
    expect((await productionHold(requests, tx, row('fr-FR')))?.said.params?.amount).toBe('$12.50');
    expect((await productionHold(requests, tx, row('zh-CN', 'AUD')))?.said.params?.amount).toBe('AU$12.50');
  });

  it('an expired unpaid request still holds, in words that say the link expired and what staff can do', async () => {
    const hold = await productionHold(requests, tx, row('en-US', 'USD', 9));
    expect(hold?.code).toBe('1409');
    expect(hold?.messageIn('en-US')).toMatch(/\$8\.00.*expired.*new link or waive/);
    expect(hold?.messageIn('zh-CN')).toMatch(/过期.*发送新链接或免除/);
  });

  it('holds nothing without an owed request or without the port', async () => {
    expect(await productionHold(requests, tx, row('zh-CN', 'USD', 8))).toBeNull();
    expect(await productionHold(undefined, tx, row('zh-CN'))).toBeNull();
  });
});
