import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../../src/domain/coupons.model.ts';
import { emptyCoupon, formFieldOf, formOf, requestOf, toMinor } from '../../../src/admin/screens/coupons/form.ts';

const fixed: AdminCoupon = {
  id: 7,
  code: 'SAVE5',
  kind: 'fixed',
  percent: null,
  amounts: { EUR: 500, GBP: 429, USD: 543, AUD: 826, NZD: 897, CAD: 739 },
  minSpendEur: 3000,
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  includesPersonalised: false,
  usedCount: 3,
  state: 'scheduled',
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('the coupon editor', () => {
  it('types amounts in major units and sends minor units', () => {
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });

  it('gives back what it was given: a coupon through the form is the same request', () => {
    const request = requestOf(formOf(fixed, (iso) => dayjs(iso)));
    // Everything an editor sends; the id, state and counts are the server's.
    const { id: _id, usedCount: _used, state: _state, createdAt: _created, ...edit } = fixed;
    expect(request).toEqual(edit);
  });

  it('sends a percentage coupon without amounts, and a fixed one without a percentage', () => {
    const percent = requestOf({ ...emptyCoupon(), code: ' new10 ', amounts: { EUR: 5 } });
    expect(percent).toMatchObject({ code: 'new10', kind: 'percent', percent: 10, amounts: null, startsAt: null, endsAt: null });
    const asFixed = requestOf({ ...emptyCoupon(), kind: 'fixed', amounts: { EUR: 5 } });
    expect(asFixed.percent).toBeNull();
    // A currency left empty is sent as 0, for the server to name on its field.
    expect(asFixed.amounts).toMatchObject({ EUR: 500, GBP: 0 });
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(formFieldOf('body.code')).toEqual(['code']);
    expect(formFieldOf('body.coupon.usageLimit')).toEqual(['usageLimit']);
    expect(formFieldOf('body.amounts.GBP')).toEqual(['amounts', 'GBP']);
    expect(formFieldOf('body.minSpendEur')).toEqual(['minSpend']);
    expect(formFieldOf('body.coupon.endsAt')).toEqual(['validity']);
    expect(formFieldOf('body')).toBeNull();
  });
});
