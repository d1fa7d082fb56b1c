/** How a refund is drawn from an order's captures (captures.ts): the order's payment first, then the payment requests', each within what it has left. */
import { describe, expect, it } from 'vitest';
import { capturedTotal, isPartOf, partKey, splitRefund, type Capture } from '../../../../../src/server/modules/payments/captures.ts';

const order: Capture = { captureId: 'CAP-ORDER', key: null, amount: 5000 };
const extra: Capture = { captureId: 'CAP-EXTRA', key: 'CAP-EXTRA', amount: 1200 };

describe('splitRefund', () => {
  it("takes what fits from the order's capture alone", () => {
    expect(splitRefund([order, extra], [], 3000)).toEqual([{ capture: order, amount: 3000 }]);
  });

  it("spills over to the request's capture once the order's is used up", () => {
    expect(splitRefund([order, extra], [{ captureId: null, amount: 4500 }], 900)).toEqual([
      { capture: order, amount: 500 },
      { capture: extra, amount: 400 },
    ]);
  });

  it('skips a capture already refunded whole and never takes more than a capture holds', () => {
    const parts = splitRefund([order, extra], [{ captureId: null, amount: 5000 }, { captureId: 'CAP-EXTRA', amount: 200 }], 1000);
    expect(parts).toEqual([{ capture: extra, amount: 1000 }]);
    expect(() => splitRefund([order, extra], [{ captureId: null, amount: 5000 }, { captureId: 'CAP-EXTRA', amount: 200 }], 1001)).toThrow();
  });

  it('adds up to the amount asked, whatever the order of earlier refunds', () => {
    const parts = splitRefund([order, extra], [{ captureId: 'CAP-EXTRA', amount: 1200 }], 5000);
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(5000);
    expect(capturedTotal([order, extra])).toBe(6200);
  });
});

describe('part keys', () => {
  it('keeps the asked key for the first part and names the others after it', () => {
    expect(partKey('refund-abc123', 0)).toBe('refund-abc123');
    expect(partKey('refund-abc123', 1)).toBe('refund-abc123~1');
    expect(isPartOf('refund-abc123~1', 'refund-abc123')).toBe(true);
    expect(isPartOf('refund-abc1234', 'refund-abc123')).toBe(false);
  });
});
