import { count, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { seedIfEmpty } from '../src/server/db/seed/index.ts';
import { orders } from '../src/server/db/schema.ts';
import { filterCondition as newFilter, orderBy, shipToNameSql } from '../src/server/modules/backoffice/order-filter.ts';
import { or } from 'drizzle-orm';
import { prefixPattern } from '../src/server/db/like.ts';
import { orderNoStarting } from '../src/server/modules/orders/index.ts';
function oldSearch(query: string) {
  const text = query.toLowerCase();
  if (/^js-/.test(text)) return orderNoStarting(query);
  if (text.includes('@')) return sql`lower(${orders.email}) like ${prefixPattern(text)}`;
  const pattern = prefixPattern(text);
  return or(sql`lower(${shipToNameSql}) like ${pattern}`, sql`lower(${orders.shippingAddress}->>'lastName') like ${pattern}`, sql`lower(${orders.email}) like ${pattern}`)!;
}
const filterCondition = (f: { query: string }) => (process.env.OLD ? oldSearch(f.query) : newFilter(f));
import { BACKOFFICE_ORDERS, generateOrders } from './backoffice.ts';
import { createPostgresDatabase } from './processes.ts';

const pg = await createPostgresDatabase('postgres://postgres@127.0.0.1:5432/postgres');
const database = await openDatabase({ databaseUrl: pg.url, dataDir: null, poolSize: 2 });
try {
  await seedIfEmpty(database.db);
  await generateOrders(database, BACKOFFICE_ORDERS);
  await database.db.execute(sql`analyze`);
  for (const old of ['', '1']) { process.env.OLD = old; console.log(`##### OLD=${old}`);
  for (const query of (process.env.QUERIES ?? 'a4 238a|JS-C4CA4|c4ca4238a0|grace.11|grace.11@|ample.com|wei zh|hopper|x').split('|')) {
    const where = filterCondition({ query });
    const page = database.db.select({ no: orders.orderNo }).from(orders).where(where).orderBy(...orderBy('createdAt', 'desc')).limit(20).offset(Number(process.env.OFFSET ?? 0)).toSQL();
    const total = database.db.select({ n: count() }).from(orders).where(where).toSQL();
    for (const [label, q] of [['page', page], ['count', total]] as const) {
      const text = q.sql.replace(/\$(\d+)/g, (_m, i) => `'${String(q.params[Number(i) - 1]).replace(/'/g, "''")}'`);
      const plan = (await database.db.execute(sql.raw(`explain (analyze, costs off) ${text}`))) as unknown as { rows: Record<string, string>[] };
      console.log(`=== ${query} ${label}`);
      const lines = plan.rows.map((r) => Object.values(r)[0] as string);
      console.log(lines.filter((l) => /Execution Time/.test(l) || /Scan|Sort/.test(l)).map((l) => l.slice(0, 110)).join('\n'));
    }
  }
  }
} finally {
  await database.close();
  await pg.drop();
}
