/** The rules of returns and misprint claims (domain/returns.model.ts), which the server decides with. */
import { describe, expect, it } from 'vitest';
import { canMoveReturn, CLAIM_ORDER_STATUSES, linesProblem, mayResolve, quantityLeft, RETURN_MOVES, RETURN_STATUSES, returnWindowEnd, returnWindowOpen, type EarlierRequestLine } from '../../../src/domain/returns.model.ts';
import { returnCreateRequestSchema, returnNoSchema } from '../../../src/domain/returns.schema.ts';

const DAY = 86_400_000;
const delivered = new Date('2026-11-01T12:00:00Z');

describe('the return window', () => {
  it('opens at delivery and closes `days` later, its last instant included', () => {
    expect(returnWindowEnd(delivered, 30)).toEqual(new Date(delivered.getTime() + 30 * DAY));
    expect(returnWindowOpen('delivered', delivered, 30, new Date(delivered.getTime() + 30 * DAY))).toBe(true);
    expect(returnWindowOpen('delivered', delivered, 30, new Date(delivered.getTime() + 30 * DAY + 1))).toBe(false);
    expect(returnWindowOpen('delivered', delivered, 30, delivered)).toBe(true);
  });

  it('is closed before delivery, for an order not delivered, and at 0 days once the instant passed', () => {
    expect(returnWindowEnd(null, 30)).toBeNull();
    expect(returnWindowOpen('delivered', null, 30, delivered)).toBe(false);
    expect(returnWindowOpen('shipped', delivered, 30, delivered)).toBe(false);
    expect(returnWindowOpen('refunded', delivered, 30, delivered)).toBe(false);
    expect(returnWindowOpen('delivered', delivered, 0, new Date(delivered.getTime() + 1))).toBe(false);
  });
});

describe('which lines may be named', () => {
  const plain = { id: 1, quantity: 3, personalised: false };
  const printed = { id: 2, quantity: 1, personalised: true };
  const earlier: EarlierRequestLine[] = [
    { orderItemId: 1, quantity: 1, kind: 'return', status: 'approved' },
    { orderItemId: 1, quantity: 2, kind: 'return', status: 'declined' },
    { orderItemId: 2, quantity: 1, kind: 'claim', status: 'requested' },
  ];

  it('never returns a printed line; claims any line; earlier requests of the same kind count unless declined', () => {
    expect(quantityLeft(printed, 'return', [])).toBe(0);
    expect(quantityLeft(printed, 'claim', [])).toBe(1);
    expect(quantityLeft(plain, 'return', earlier)).toBe(2);
    expect(quantityLeft(plain, 'claim', earlier)).toBe(3);
    expect(quantityLeft(printed, 'claim', earlier)).toBe(0);
  });

  it('names the problem of asked lines: none, unknown, printed, too many (merged by line)', () => {
    expect(linesProblem([], [plain], 'return', [])).toBe('none');
    expect(linesProblem([{ orderItemId: 9, quantity: 1 }], [plain], 'claim', [])).toBe('unknown');
    expect(linesProblem([{ orderItemId: 2, quantity: 1 }], [plain, printed], 'return', [])).toBe('printed');
    expect(linesProblem([{ orderItemId: 1, quantity: 2 }, { orderItemId: 1, quantity: 1 }], [plain], 'return', earlier)).toBe('tooMany');
    expect(linesProblem([{ orderItemId: 1, quantity: 2 }], [plain], 'return', earlier)).toBeNull();
    expect(linesProblem([{ orderItemId: 2, quantity: 1 }], [printed], 'claim', [])).toBeNull();
  });

  it('takes claims on paid orders in any state short of a cancellation or refund', () => {
    expect(CLAIM_ORDER_STATUSES).toEqual(expect.arrayContaining(['paid', 'processing', 'shipped', 'delivered']));
    expect(CLAIM_ORDER_STATUSES).not.toContain('pending_payment');
    expect(CLAIM_ORDER_STATUSES).not.toContain('cancelled');
    expect(CLAIM_ORDER_STATUSES).not.toContain('refunded');
  });
});

describe('the moves', () => {
  it('go forward only; declined and resolved are final', () => {
    for (const from of RETURN_STATUSES) for (const to of RETURN_STATUSES) expect(canMoveReturn(from, to)).toBe(RETURN_MOVES[from].includes(to));
    expect(canMoveReturn('requested', 'resolved')).toBe(false);
    expect(canMoveReturn('received', 'approved')).toBe(false);
    expect(RETURN_MOVES.declined).toEqual([]);
    expect(RETURN_MOVES.resolved).toEqual([]);
  });

  it('resolve a return only once received, a claim from approved too', () => {
    expect(mayResolve('return', 'approved')).toBe(false);
    expect(mayResolve('return', 'received')).toBe(true);
    expect(mayResolve('claim', 'approved')).toBe(true);
    expect(mayResolve('claim', 'received')).toBe(true);
    expect(mayResolve('claim', 'requested')).toBe(false);
    expect(mayResolve('claim', 'resolved')).toBe(false);
  });
});

describe('the request schemas', () => {
  it('read return numbers in any case and refuse others', () => {
    expect(returnNoSchema.parse(' rt-7kq4m-2xphd ')).toBe('RT-7KQ4M-2XPHD');
    expect(returnNoSchema.safeParse('JS-7KQ4M-2XPHD').success).toBe(false);
  });

  it('bound the description and need a line', () => {
    const base = { orderNo: 'JS-7KQ4M-2XPHD', kind: 'claim', lines: [{ orderItemId: 1, quantity: 1 }] };
    expect(returnCreateRequestSchema.safeParse({ ...base, description: 'x'.repeat(2000) }).success).toBe(true);
    expect(returnCreateRequestSchema.safeParse({ ...base, description: 'x'.repeat(2001) }).success).toBe(false);
    expect(returnCreateRequestSchema.safeParse({ ...base, description: '   ' }).success).toBe(false);
    expect(returnCreateRequestSchema.safeParse({ ...base, description: 'ok', lines: [] }).success).toBe(false);
  });
});
