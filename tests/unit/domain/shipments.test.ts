/** Parcels' rules (src/domain/shipments.model.ts): what is left to ship, what a parcel may hold, and the bulk-ship CSV read row by row. */
import { describe, expect, it } from 'vitest';
import { canMove, moveProblem, PAID_STATUSES, PRINTED_STATUSES } from '../../../src/domain/orders.model.ts';
import { allShipped, parcelProblem, readShipCsv, restOf, SHIP_CSV_EXAMPLE, SHIP_CSV_MAX_ROWS, unshippedOf } from '../../../src/domain/shipments.model.ts';

const A = 'JS-7KQ4M-2XPHD';
const B = 'JS-9RT3B-4WNCA';

describe('what is left to ship', () => {
  const lines = [
    { id: 1, quantity: 3 },
    { id: 2, quantity: 1 },
  ];
  it('subtracts each parcel, and a parcel without rows holds everything', () => {
    expect([...unshippedOf(lines, [])]).toEqual([[1, 3], [2, 1]]);
    expect([...unshippedOf(lines, [{ items: [{ orderItemId: 1, quantity: 2 }] }])]).toEqual([[1, 1], [2, 1]]);
    expect(allShipped(unshippedOf(lines, [{ items: [] }]))).toBe(true);
    expect(restOf(unshippedOf(lines, [{ items: [{ orderItemId: 1, quantity: 3 }] }]))).toEqual([{ orderItemId: 2, quantity: 1 }]);
  });
  it('refuses more than is left, an unknown line, a line twice, and a parcel once everything shipped', () => {
    const left = unshippedOf(lines, [{ items: [{ orderItemId: 1, quantity: 2 }] }]);
    expect(parcelProblem(left, [{ orderItemId: 1, quantity: 1 }])).toBeNull();
    expect(parcelProblem(left, [{ orderItemId: 1, quantity: 2 }])).toEqual({ kind: 'over-shipped', orderItemId: 1, left: 1 });
    expect(parcelProblem(left, [{ orderItemId: 9, quantity: 1 }])).toEqual({ kind: 'unknown-line', orderItemId: 9 });
    expect(parcelProblem(left, [{ orderItemId: 2, quantity: 1 }, { orderItemId: 2, quantity: 1 }])).toEqual({ kind: 'duplicate-line', orderItemId: 2 });
    expect(parcelProblem(unshippedOf(lines, [{ items: [] }]), [{ orderItemId: 1, quantity: 1 }])).toEqual({ kind: 'nothing-left' });
  });
});

describe('the partially_shipped state', () => {
  it('comes from paid or production, goes to shipped or a refund, counts as paid and printed', () => {
    expect(canMove('paid', 'partially_shipped', false)).toBe(true);
    expect(canMove('processing', 'partially_shipped', true)).toBe(true);
    expect(canMove('partially_shipped', 'shipped', false)).toBe(true);
    expect(canMove('partially_shipped', 'cancelled', false)).toBe(false);
    expect(canMove('partially_shipped', 'delivered', false)).toBe(false);
    // A personalised order partly shipped has been printed: refunding it takes the override.
    expect(moveProblem('partially_shipped', 'refunded', true)).toBe('personalised');
    expect(moveProblem('partially_shipped', 'refunded', true, true)).toBeNull();
    expect(moveProblem('partially_shipped', 'refunded', false)).toBeNull();
    expect(PAID_STATUSES).toContain('partially_shipped');
    expect(PRINTED_STATUSES).toContain('partially_shipped');
  });
});

describe('the bulk-ship CSV', () => {
  it('reads the documented example', () => {
    const { rows, issues } = readShipCsv(SHIP_CSV_EXAMPLE);
    expect(issues).toEqual([]);
    expect(rows).toEqual([
      { line: 2, orderNo: A, carrier: 'DHL', trackingNumber: 'JD014600003SE', trackingUrl: null, lines: null },
      { line: 3, orderNo: B, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: null, lines: [{ orderItemId: 1041, quantity: 1 }, { orderItemId: 1042, quantity: 2 }] },
    ]);
  });

  it('finds columns by name in any order, takes typed order numbers and carrier spellings, a BOM and quoted fields', () => {
    const csv = '\uFEFFTracking Number,Order_No,carrier,tracking_url\r\n"JD0001","js 7kq4m 2xphd","dhl express","https://track.example/JD0001"\r\n';
    expect(readShipCsv(csv)).toEqual({ rows: [{ line: 2, orderNo: A, carrier: 'DHL', trackingNumber: 'JD0001', trackingUrl: 'https://track.example/JD0001', lines: null }], issues: [] });
  });

  it('answers an error per bad row and keeps the good ones', () => {
    const csv = [
      'order_no,carrier,tracking_number,tracking_url,lines',
      `${A},DHL,JD0001,,`,
      'JS-0000,DHL,JD0002,,',
      `${A},Pigeon,JD0003,,`,
      `${A},DHL,J!,,`,
      `${A},DHL,JD0005,javascript:alert(1),`,
      `${A},DHL,JD0006,,12:0`,
      `${A},DHL,JD0007,,twelve`,
      `${A},DHL,jd0001,,`,
      `${A},DHL,JD0009,,,extra`,
      `${B},顺丰,SF0010,,7:1|8x2`,
    ].join('\n');
    const { rows, issues } = readShipCsv(csv);
    expect(rows.map((r) => r.line)).toEqual([2, 11]);
    expect(rows[1]).toEqual(expect.objectContaining({ carrier: 'SF Express', lines: [{ orderItemId: 7, quantity: 1 }, { orderItemId: 8, quantity: 2 }] }));
    expect(issues.map((i) => [i.line, i.issue])).toEqual([
      [3, 'orderNo'],
      [4, 'carrier'],
      [5, 'trackingNumber'],
      [6, 'trackingUrl'],
      [7, 'lines'],
      [8, 'lines'],
      [9, 'duplicate'],
      [10, 'columns'],
    ]);
    expect(issues.find((i) => i.line === 4)).toEqual({ line: 4, issue: 'carrier', value: 'Pigeon', orderNo: A });
  });

  it('refuses a file without the required columns, an empty one, and one too long', () => {
    expect(readShipCsv('order_no,tracking_number\nx,y').issues).toEqual([{ line: 1, issue: 'header' }]);
    expect(readShipCsv('').issues).toEqual([{ line: 1, issue: 'empty' }]);
    expect(readShipCsv('order_no,carrier,tracking_number\n').issues).toEqual([{ line: 2, issue: 'empty' }]);
    const long = ['order_no,carrier,tracking_number', ...Array.from({ length: SHIP_CSV_MAX_ROWS + 1 }, (_, i) => `${A},DHL,JD${String(i).padStart(6, '0')}`)].join('\n');
    expect(readShipCsv(long)).toEqual({ rows: [], issues: [{ line: SHIP_CSV_MAX_ROWS + 2, issue: 'tooMany' }] });
  });
});
