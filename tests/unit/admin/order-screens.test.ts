import { describe, expect, it } from 'vitest';
import type { AdminRefund } from '../../../src/domain/back-office/orders.model.ts';
import { minorUnitDigits } from '../../../src/domain/money.model.ts';
import { chartGeometry, niceCeiling } from '../../../src/admin/screens/dashboard/chart.ts';
import { offeredMoves } from '../../../src/admin/screens/order-detail/moves.ts';
import { estimateLines, linesLeft, refundRequest, toMinor } from '../../../src/admin/screens/order-detail/refund.ts';
import { INITIAL_TABLE, applyFilters, applySort, exportRequest, listRequest, sheetOrders, sheetPath } from '../../../src/admin/screens/orders/filters.ts';

describe('the orders table requests', () => {
  it('sends only the filters given, trimmed, with the country upper-cased and personalised as a boolean', () => {
    const state = applyFilters({ ...INITIAL_TABLE, current: 4 }, {
      query: '  smith ',
      status: ['paid', 'processing'],
      from: '2026-11-01',
      to: undefined,
      currency: 'GBP',
      country: ' gb',
      personalised: 'no',
      payment: 'paid',
    });
    expect(listRequest(state)).toEqual({
      query: 'smith',
      status: ['paid', 'processing'],
      from: '2026-11-01',
      currency: 'GBP',
      country: 'GB',
      personalised: false,
      payment: 'paid',
      current: 1,
      size: 20,
      sort: 'createdAt',
      order: 'desc',
    });
  });

  it('leaves empty fields out, so an empty form asks for every order', () => {
    expect(listRequest(applyFilters(INITIAL_TABLE, { query: '   ', status: [], country: '', personalised: undefined }))).toEqual({ current: 1, size: 20, sort: 'createdAt', order: 'desc' });
    expect(listRequest(applyFilters(INITIAL_TABLE, { personalised: 'yes' })).personalised).toBe(true);
  });

  it('exports exactly what the table shows: its filter and order, without paging', () => {
    const state = applySort(applyFilters(INITIAL_TABLE, { status: ['shipped'], currency: 'EUR' }), 'total', 'ascend');
    expect(exportRequest({ ...state, current: 3, size: 50 })).toEqual({ status: ['shipped'], currency: 'EUR', sort: 'total', order: 'asc' });
  });

  it('maps antd sorting, and goes back to newest first when a sort is cleared or unknown', () => {
    expect(applySort({ ...INITIAL_TABLE, current: 5 }, 'orderNo', 'descend')).toMatchObject({ sort: 'orderNo', order: 'desc', current: 1 });
    expect(applySort(INITIAL_TABLE, 'total', null)).toMatchObject({ sort: 'createdAt', order: 'desc' });
    expect(applySort(INITIAL_TABLE, 'email', 'ascend')).toMatchObject({ sort: 'createdAt', order: 'desc' });
  });

  it('writes and reads the production sheet address of a selection', () => {
    const path = sheetPath(['JS-AAAAA-BBBBB', 'JS-CCCCC-DDDDD']);
    expect(path).toBe('/production-sheet?orders=JS-AAAAA-BBBBB,JS-CCCCC-DDDDD');
    expect(sheetOrders(path)).toEqual(['JS-AAAAA-BBBBB', 'JS-CCCCC-DDDDD']);
    expect(sheetOrders('/production-sheet?orders=js-aaaaa-bbbbb,,JS-AAAAA-BBBBB')).toEqual(['JS-AAAAA-BBBBB']);
    expect(sheetOrders('/production-sheet')).toEqual([]);
  });
});

const refund = (lines: AdminRefund['lines'], status: AdminRefund['status'] = 'completed'): AdminRefund => ({
  id: 1,
  at: '2026-11-25T10:00:00Z',
  amount: 100,
  currency: 'EUR',
  paypalRefundId: null,
  status,
  reason: 'x',
  byEmail: 'a@b.c',
  lines,
  restocked: false,
});

describe('the refund dialog', () => {
  const lines = [
    { id: 10, quantity: 2 },
    { id: 11, quantity: 1 },
  ];

  it('counts what is left of each line, leaving failed refunds out', () => {
    const refunds = [refund([{ orderItemId: 10, quantity: 1 }]), refund([{ orderItemId: 11, quantity: 1 }], 'failed'), refund([{ orderItemId: 10, quantity: 1 }], 'pending')];
    expect(linesLeft({ lines: lines as never, refunds })).toEqual([
      { id: 10, left: 0 },
      { id: 11, left: 1 },
    ]);
  });

  it('estimates chosen lines as the server does: their price less their share of the discounts', () => {
    const detail = (items: number, tierDiscount: number, couponDiscount: number, priced: { id: number; unitPrice: number; quantity: number }[]) =>
      ({ amounts: { items, tierDiscount, couponDiscount, tax: { display: 'inclusive', added: 0 } }, lines: priced, refunds: [], lineTax: [] }) as never;
    // 100.00 of items with 10.00 multi-buy and 5.00 coupon: a 40.00 line gives back 34.00, one of its two 17.00.
    const hundred = [{ id: 10, unitPrice: 2_000, quantity: 2 }, { id: 11, unitPrice: 6_000, quantity: 1 }];
    expect(estimateLines(detail(10_000, 1_000, 500, hundred), { 10: 2 })).toBe(3_400);
    expect(estimateLines(detail(10_000, 1_000, 500, hundred), { 10: 1, 11: 1 })).toBe(1_700 + 5_100);
    expect(estimateLines(detail(3_000, 0, 1_000, [{ id: 10, unitPrice: 1_000, quantity: 1 }, { id: 11, unitPrice: 2_000, quantity: 1 }]), { 10: 1, 11: 0 })).toBe(667);
    expect(estimateLines(detail(0, 0, 0, []), {})).toBe(0);
  });

  it('adds the tax added on the chosen lines (Quebec): half of it for one of two, the rest for the other, as the server pays back', () => {
    // 2 x 30.00 with GST 300 and QST 599 added (899 on the line), a 10.00 line with 150 added, 1 of each.
    const quebec = {
      amounts: { items: 7_000, tierDiscount: 0, couponDiscount: 0, tax: { display: 'exclusive', added: 1_049 } },
      lines: [
        { id: 10, unitPrice: 3_000, quantity: 2 },
        { id: 11, unitPrice: 1_000, quantity: 1 },
      ],
      refunds: [] as AdminRefund[],
      lineTax: [
        { id: 10, tax: 899 },
        { id: 11, tax: 150 },
      ],
    };
    expect(estimateLines(quebec as never, { 10: 1 })).toBe(3_000 + 450);
    // After that refund (a failed one does not count), the other pays back exactly the rest of the line's tax.
    const after = { ...quebec, refunds: [refund([{ orderItemId: 10, quantity: 1 }]), refund([{ orderItemId: 10, quantity: 1 }], 'failed')] };
    expect(estimateLines(after as never, { 10: 1, 11: 1 })).toBe(3_000 + 449 + 1_000 + 150);
    // Where the prices include the tax nothing is added to them.
    expect(estimateLines({ ...quebec, amounts: { ...quebec.amounts, tax: { display: 'inclusive', added: 0 } } } as never, { 10: 1 })).toBe(3_000);
  });

  it('builds the request by lines or by amount, with the one key of the dialog', () => {
    const byLines = refundRequest('JS-AAAAA-BBBBB', 'refund-k1', { mode: 'lines', quantities: { 10: 1, 11: 0, 12: null }, restock: [], amount: 999, reason: ' damaged ', override: false }, 5_000);
    expect(byLines).toEqual({ ok: true, body: { orderNo: 'JS-AAAAA-BBBBB', idempotencyKey: 'refund-k1', lines: [{ orderItemId: 10, quantity: 1 }], reason: 'damaged', override: false } });
    // Lines ticked "back in stock" say so; a ticked line not refunded is not sent.
    const restocked = refundRequest('JS-AAAAA-BBBBB', 'refund-k1', { mode: 'lines', quantities: { 10: 1, 11: 2, 12: 0 }, restock: [11, 12], amount: null, reason: 'returned', override: false }, 5_000);
    expect(restocked).toMatchObject({ ok: true, body: { lines: [{ orderItemId: 10, quantity: 1 }, { orderItemId: 11, quantity: 2, restock: true }] } });
    const byAmount = refundRequest('JS-AAAAA-BBBBB', 'refund-k1', { mode: 'amount', quantities: { 10: 1 }, restock: [10], amount: 1_250, reason: 'goodwill', override: true }, 5_000);
    expect(byAmount).toEqual({ ok: true, body: { orderNo: 'JS-AAAAA-BBBBB', idempotencyKey: 'refund-k1', amount: 1_250, reason: 'goodwill', override: true } });
  });

  it('refuses to send nothing, more than is refundable, or no reason', () => {
    const base = { quantities: {}, restock: [], amount: null, reason: 'r', override: false };
    expect(refundRequest('JS-AAAAA-BBBBB', 'k', { ...base, mode: 'lines' }, 100)).toEqual({ ok: false, problem: 'nothingChosen' });
    expect(refundRequest('JS-AAAAA-BBBBB', 'k', { ...base, mode: 'amount', amount: 0 }, 100)).toEqual({ ok: false, problem: 'nothingChosen' });
    expect(refundRequest('JS-AAAAA-BBBBB', 'k', { ...base, mode: 'amount', amount: 101 }, 100)).toEqual({ ok: false, problem: 'tooMuch' });
    expect(refundRequest('JS-AAAAA-BBBBB', 'k', { ...base, mode: 'amount', amount: 50, reason: '  ' }, 100)).toEqual({ ok: false, problem: 'reasonRequired' });
  });

  it('reads a typed amount in the currency’s minor units', () => {
    expect(toMinor(12.5, 'EUR', minorUnitDigits)).toBe(1_250);
    expect(toMinor(0.1 + 0.2, 'GBP', minorUnitDigits)).toBe(30);
  });
});

describe('the order detail’s move buttons', () => {
  it('offers the server’s moves in the working order', () => {
    expect(offeredMoves({ status: 'paid', personalised: false, nextStatuses: ['refunded', 'cancelled', 'shipped', 'processing'] }, false).map((m) => m.to)).toEqual(['processing', 'shipped', 'cancelled', 'refunded']);
  });

  it('adds the cancel and full refund as overrides for a caller with the code once personalised items are in production', () => {
    const inProduction = { status: 'processing' as const, personalised: true, nextStatuses: ['shipped' as const] };
    expect(offeredMoves(inProduction, true)).toEqual([
      { to: 'shipped', override: false },
      { to: 'cancelled', override: true },
      { to: 'refunded', override: true },
    ]);
    expect(offeredMoves(inProduction, false)).toEqual([{ to: 'shipped', override: false }]);
    // Shipped orders can be refunded, never cancelled.
    expect(offeredMoves({ status: 'shipped', personalised: true, nextStatuses: ['delivered'] }, true).map((m) => [m.to, m.override])).toEqual([
      ['delivered', false],
      ['refunded', true],
    ]);
  });
});

describe('the dashboard chart', () => {
  it('rounds axis tops up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 180, 2_001].map(niceCeiling)).toEqual([1, 1, 5, 10, 20, 200, 5_000]);
  });

  it('draws a bar per day on the orders scale and a point per day on the revenue scale', () => {
    const days = Array.from({ length: 30 }, (_v, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, orders: i === 29 ? 4 : 0, revenueEur: i === 29 ? 10_000 : 0 }));
    const g = chartGeometry(days, 720, 240);
    expect(g.bars).toHaveLength(30);
    expect(g.maxOrders).toBe(5);
    expect(g.maxRevenue).toBe(10_000);
    const last = g.bars[29]!;
    expect(last.y + last.height).toBeCloseTo(g.plot.bottom);
    expect(last.height).toBeCloseTo((4 / 5) * (g.plot.bottom - g.plot.top));
    expect(g.bars[0]!.height).toBe(0);
    expect(g.points[29]!.y).toBeCloseTo(g.plot.top);
    expect(g.line.startsWith('M')).toBe(true);
    // Day 28 would crowd the last day's label.
    expect(g.labelled).toEqual([0, 7, 14, 21, 29]);
    expect(chartGeometry([]).line).toBe('');
    // An empty month still has whole-order and whole-euro axes.
    expect(chartGeometry(days.map((d) => ({ ...d, orders: 0, revenueEur: 0 })))).toMatchObject({ maxOrders: 2, maxRevenue: 100 });
  });
});
