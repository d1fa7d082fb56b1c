/**
 * The JSON rows of checkout's placing statement (db/json-rows.ts): every column of orders,
 * order_items and order_tax_lines is written, and a row that lacks one is refused rather than
 * written with NULL. The rows' round trip through PostgreSQL is tested in
 * tests/integration/orders-placing.test.ts.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, PgDialect, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { at } from '../../../../src/server/db/columns.ts';
import { insertFrom, jsonRows } from '../../../../src/server/db/json-rows.ts';
import { PLACING_ROWS } from '../../../../src/server/modules/orders/index.ts';
import { orderItems, orderTaxLines, orders } from '../../../../src/server/modules/orders/schema.ts';

const keys = (table: Parameters<typeof getTableColumns>[0]) => Object.keys(getTableColumns(table));
const render = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe('the placing statement writes every column', () => {
  it('order lines and tax lines: all but their id and order id (given by the statement)', () => {
    expect(PLACING_ROWS.orderItems.carried).toEqual(keys(orderItems).filter((k) => k !== 'id' && k !== 'orderId'));
    expect(PLACING_ROWS.orderTaxLines.carried).toEqual(keys(orderTaxLines).filter((k) => k !== 'id' && k !== 'orderId'));
  });

  it('orders: all but the id, the status (checked in SQL), the generated columns and those a later step writes', () => {
    const later = ['id', 'status', 'totalEur', 'shipCountry', 'paymentState', 'captureStartedAt', 'paidAt', 'stockReleased', 'revision'];
    expect(PLACING_ROWS.orders.carried).toEqual(keys(orders).filter((k) => !later.includes(k)));
  });
});

// A table standing for order_items with a column added later: the mapping carries it at once.
const lines = pgTable('lines', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  title: jsonb('title').$type<{ en: string }>().notNull(),
  quantity: integer('quantity').notNull(),
  ids: integer('ids').array().notNull(),
  note: text('note'),
  gift: boolean('gift').notNull().default(false),
  shippedAt: at('shipped_at'),
});
const lineRows = jsonRows(lines, { omitted: ['id'], given: ['parentId'] });

describe('jsonRows', () => {
  it('carries a column added to the table, and refuses a row without it, naming it', () => {
    expect(lineRows.carried).toEqual(['title', 'quantity', 'ids', 'note', 'gift', 'shippedAt']);
    const row = { title: { en: 'Shirt' }, quantity: 2, ids: [1, 2], note: null, shippedAt: null };
    // What a caller that does not know of `gift` sends (the types refuse it too).
    expect(() => lineRows.encode([row as never])).toThrow('lines.gift: no value given');
  });

  it('writes each value as the column reads it: JSON as it is, arrays and times as the driver sends them, null kept', () => {
    const shippedAt = new Date('2026-11-29T05:00:00.000Z');
    const text = lineRows.encode([{ title: { en: 'Shirt "10"' }, quantity: 2, ids: [3, 1], note: null, gift: true, shippedAt }]);
    expect(JSON.parse(text)).toEqual([{ title: { en: 'Shirt "10"' }, quantity: 2, ids: '{3,1}', note: null, gift: true, shipped_at: '2026-11-29T05:00:00.000Z' }]);
  });

  it('inserts from jsonb_to_recordset with the columns SQL types, the given columns first', () => {
    const query = render(lineRows.insert(sql.placeholder('rows'), { parentId: sql`(select 7)` }));
    expect(query.sql).toBe(
      'insert into "lines" ("parent_id", "title", "quantity", "ids", "note", "gift", "shipped_at") select (select 7), x."title", x."quantity", x."ids", x."note", x."gift", x."shipped_at" ' +
        'from jsonb_to_recordset($1::jsonb) as x("title" jsonb, "quantity" integer, "ids" integer[], "note" text, "gift" boolean, "shipped_at" timestamp with time zone)',
    );
  });

  it('insertFrom casts its plain values to the column types', () => {
    const query = render(insertFrom(lines, { parentId: sql`p.id`, quantity: 1, note: null }, sql`p`));
    expect(query.sql).toBe('insert into "lines" ("parent_id", "quantity", "note") select p.id, $1::integer, null::text from p');
    expect(query.params).toEqual([1]);
  });

  it('refuses a serial column among the carried ones', () => {
    expect(() => jsonRows(lines, {})).toThrow('lines.id is serial');
  });
});
