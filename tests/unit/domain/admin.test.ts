/** What staff see of an order's money: the payment row's status as a payment state. */
import { describe, expect, it } from 'vitest';
import { paymentStateOf } from '../../../src/domain/admin.model.ts';

describe('paymentStateOf', () => {
  it('reads captured as paid and keeps the refund states', () => {
    expect(paymentStateOf('captured')).toBe('paid');
    expect(paymentStateOf('partially_refunded')).toBe('partially_refunded');
    expect(paymentStateOf('refunded')).toBe('refunded');
  });

  it('reads everything else, and no payment, as unpaid', () => {
    for (const status of ['new', 'created', 'approved', 'pending', 'declined', 'failed', 'void', 'mismatch', null, undefined]) expect(paymentStateOf(status), String(status)).toBe('unpaid');
  });
});
