/**
 * docs/checkout-and-payments.md, threat 33: a backup taken while orders are being written restores
 * to a consistent database. On PostgreSQL the backup is pg_dump (custom format) restored with
 * pg_restore into a fresh database; on the embedded PGlite it is PGlite's data-folder dump, opened
 * as a new database. Either way the restored shop must hold whole orders only: every order with its
 * lines, payment and first status event, amounts that add up, and stock that accounts for every
 * unit sold.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../../src/server/db/client.ts';
import { createTestShop, onPostgres, type TestShop } from './harness.ts';
import { findStock, placeOrder, plainLine, stockOf, ukAddress, type Stock } from './orders-support.ts';

const run = promisify(execFile);

let shop: TestShop;
let stock: Stock;

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  stock = await findStock(shop, 50);
});
afterAll(async () => shop?.close());

/** Anything that answers SQL: a pg client or a PGlite instance. */
interface Sql {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/** The backup holds some of the 40 orders, not none and not necessarily all, and is consistent. */
async function expectRestoredOrders(restored: Sql, target: Stock, initialStock: number): Promise<void> {
  const count = await restored.query<{ n: number }>('select count(*)::int as n from orders');
  expect(count.rows[0]!.n).toBeGreaterThan(0);
  expect(count.rows[0]!.n).toBeLessThanOrEqual(40);
  expect(await consistencyProblems(restored, target, initialStock)).toEqual([]);
}

async function consistencyProblems(db: Sql, target: Stock, initialStock: number): Promise<string[]> {
  const problems: string[] = [];
  const sums = await db.query<{ order_no: string; items_total: number; lines: number; line_sum: number; payments: number; events: number }>(`
    select o.order_no, o.items_total,
      (select count(*)::int from order_items i where i.order_id = o.id) as lines,
      (select coalesce(sum(i.line_total), 0)::int from order_items i where i.order_id = o.id) as line_sum,
      (select count(*)::int from payments p where p.order_id = o.id) as payments,
      (select count(*)::int from order_status_events e where e.order_id = o.id) as events
    from orders o`);
  for (const row of sums.rows) {
    if (row.lines === 0) problems.push(`${row.order_no} has no lines`);
    if (row.line_sum !== row.items_total) problems.push(`${row.order_no} lines add up to ${row.line_sum}, not ${row.items_total}`);
    if (row.payments !== 1) problems.push(`${row.order_no} has ${row.payments} payments`);
    if (row.events < 1) problems.push(`${row.order_no} has no status event`);
  }
  const totals = await db.query<{ bad: number }>('select count(*)::int as bad from orders where total <> items_total - tier_discount - coupon_discount + shipping_amount');
  if (totals.rows[0]!.bad) problems.push(`${totals.rows[0]!.bad} orders whose total does not add up`);
  const reserved = await db.query<{ units: number; stock: number }>(`
    select coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                     where i.product_id = ${target.productId} and i.size = '${target.size}' and not o.stock_released), 0)::int as units,
           (select stock from product_sizes where product_id = ${target.productId} and size = '${target.size}') as stock`);
  const { units, stock: left } = reserved.rows[0]!;
  if (left + units !== initialStock) problems.push(`stock ${left} + reserved ${units} is not the ${initialStock} there were`);
  if (left < 0) problems.push('stock below zero');
  return problems;
}

/** Places `count` orders of one unit each, a few at a time; answers how many were placed. */
async function writeOrders(count: number): Promise<number> {
  let placed = 0;
  for (let i = 0; i < count; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - i) }, (_, j) =>
        placeOrder(shop, { visitorId: randomBytes(16).toString('hex') }, {
          source: { type: 'buyNow', item: plainLine(stock, 1) },
          currency: 'EUR',
          email: `backup${i + j}@example.com`,
          address: ukAddress,
          shippingMethod: 'standard',
        }),
      ),
    );
    placed += batch.filter((a) => a.code === '0000').length;
  }
  return placed;
}

describe('a backup taken while orders are written (item 33)', () => {
  it('restores to a database that holds whole orders only, with stock accounting for every unit', async () => {
    const initialStock = await stockOf(shop, stock);
    const writing = writeOrders(40);
    // Let some orders land first, so the backup is taken in the middle of the writing.
    await new Promise((resolve) => setTimeout(resolve, 150));

    if (onPostgres) {
      const url = shop.config.databaseUrl!;
      const folder = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
      const file = path.join(folder, 'shop.dump');
      const restoredName = `shop_restore_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url]);
        const placed = await writing;
        expect(placed).toBe(40);
        await admin.query(`create database ${restoredName}`);
        const restoredUrl = new URL(url);
        restoredUrl.pathname = `/${restoredName}`;
        await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, file]);
        const restored = new pg.Client({ connectionString: restoredUrl.toString() });
        await restored.connect();
        try {
          await expectRestoredOrders(restored, stock, initialStock);
        } finally {
          await restored.end();
        }
      } finally {
        await admin.query(`drop database if exists ${restoredName} with (force)`);
        await admin.end();
        await rm(folder, { recursive: true, force: true });
      }
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const client = (shop.database.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
      const dump = await client.dumpDataDir('none');
      const placed = await writing;
      expect(placed).toBe(40);
      const restored = await PGlite.create({ ...(await pgliteOptions()), loadDataDir: dump });
      try {
        await expectRestoredOrders(restored, stock, initialStock);
      } finally {
        await restored.close();
      }
    }
    // And the live database is consistent after all 40.
    expect(await consistencyProblems((shop.database.db as unknown as { $client: Sql }).$client, stock, initialStock)).toEqual([]);
  });
});
