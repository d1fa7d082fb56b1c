import { describe, expect, it } from 'vitest';
import { INITIAL_TABLE, exportRequest, searchOfTable, tableFromSearch, tableOfView, viewOfTable, type OrderTableState } from '../../../src/admin/screens/orders/filters.ts';
import { adminOrderExportRequestSchema } from '../../../src/domain/back-office/orders.schema.ts';
import { orderNoPart } from '../../../src/server/modules/backoffice/order-filter.ts';

const full: OrderTableState = {
  filters: { query: 'ada lovelace', status: ['paid', 'processing'], from: '2026-01-01', to: '2026-01-31', currency: 'GBP', country: 'GB', personalised: 'yes', payment: 'paid' },
  sort: 'total',
  order: 'asc',
  current: 3,
  size: 50,
};

describe('the orders table in the address', () => {
  it('leaves the plain list plain: no filter, newest first, page one of 20 is /orders', () => {
    expect(searchOfTable(INITIAL_TABLE)).toBe('');
    expect(tableFromSearch('')).toEqual(INITIAL_TABLE);
  });

  it('writes every filter, the sort and the page, and reads them back as they were', () => {
    const search = searchOfTable(full);
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      q: 'ada lovelace',
      status: 'paid,processing',
      from: '2026-01-01',
      to: '2026-01-31',
      currency: 'GBP',
      country: 'GB',
      personalised: 'yes',
      payment: 'paid',
      sort: 'total',
      order: 'asc',
      page: '3',
      size: '50',
    });
    expect(tableFromSearch(`?${search}`)).toEqual(full);
    expect(tableFromSearch(search)).toEqual(full);
  });

  it('writes what the request would send: trimmed text, the country in capitals, empty fields left out', () => {
    const typed: OrderTableState = { ...INITIAL_TABLE, filters: { query: '  h9pn7 ', country: 'gb', status: [], currency: undefined, personalised: 'no' } };
    expect(searchOfTable(typed)).toBe('q=h9pn7&country=GB&personalised=no');
    // The default order of another sort is written, so the address names the sort fully.
    expect(searchOfTable({ ...INITIAL_TABLE, sort: 'status' })).toBe('sort=status&order=desc');
    expect(searchOfTable({ ...INITIAL_TABLE, order: 'asc' })).toBe('sort=createdAt&order=asc');
  });

  it('opens a hand-edited or old address by leaving out what it cannot mean', () => {
    const table = tableFromSearch('?status=paid,lost,paid&from=yesterday&to=2026-02-30x&currency=XXX&country=gbr&personalised=maybe&payment=free&sort=colour&order=up&page=-2&size=7&extra=1');
    expect(table).toEqual({ ...INITIAL_TABLE, filters: { status: ['paid'] } });
    expect(tableFromSearch('?page=2.5').current).toBe(1);
    expect(tableFromSearch('?q=' + 'x'.repeat(150)).filters.query).toHaveLength(100);
    expect(tableFromSearch('?q=%20%20').filters).toEqual({});
    expect(tableFromSearch('?country=de').filters).toEqual({ country: 'DE' });
  });

  it('keeps a search with any characters (an email with +, a % typed) through the address', () => {
    const table = { ...INITIAL_TABLE, filters: { query: 'ada+shop@example.com 50% & co' } };
    expect(tableFromSearch(searchOfTable(table)).filters.query).toBe('ada+shop@example.com 50% & co');
  });
});

describe('a saved view of the orders table', () => {
  it('keeps the filters and sort, not the page, as the export request (which the server checks it with)', () => {
    const view = viewOfTable(full);
    expect(view).toEqual(exportRequest(full));
    expect(view).not.toHaveProperty('current');
    expect(adminOrderExportRequestSchema.parse(view)).toEqual(view);
  });

  it('opens on page one with the page size the table has, and gives the filters back as the form holds them', () => {
    expect(tableOfView(viewOfTable(full), 100)).toEqual({ ...full, current: 1, size: 100 });
    expect(tableOfView({ personalised: false, sort: 'createdAt', order: 'desc' })).toEqual({ ...INITIAL_TABLE, filters: { personalised: 'no' } });
    expect(searchOfTable(tableOfView(viewOfTable(INITIAL_TABLE)))).toBe('');
  });
});

describe('an order number as read out', () => {
  it('is its characters in capitals, without spaces and dashes, JS or not', () => {
    expect(orderNoPart('h9pn7 gmv')).toBe('H9PN7GMV');
    expect(orderNoPart('JS-H9PN7-G')).toBe('JSH9PN7G');
    expect(orderNoPart(' 7kq4m-2x ')).toBe('7KQ4M2X');
  });

  it('is nothing when the text cannot be part of one', () => {
    expect(orderNoPart('ada@example.com')).toBeNull();
    expect(orderNoPart('50%')).toBeNull();
    expect(orderNoPart(' - ')).toBeNull();
  });
});
