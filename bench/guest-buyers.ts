/**
 * The customers list with its guests at 100,000 orders (issue 27, docs/back-office.md "Guests"):
 * a quick measure, not part of `npm run bench`. On a fresh PostgreSQL database (DATABASE_URL names
 * the server; the bench's own database is made and dropped): the back office bench's 100,000
 * orders (`generateOrders`), their emails folded onto 60,000 guests, and 10,000 accounts, one in
 * ten of whose emails also ordered as a guest. Then `CustomerDesk.list` as the screen calls it,
 * 30 times a scenario after 3 warm-ups, the median and the slowest.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/guest-buyers.ts
 *
 * GUEST_BENCH_KEEP=1 keeps the database (its name is printed); GUEST_BENCH_DB=<name> measures on
 * one kept before (migrated again, so a new index is built), skipping the generation.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { seedIfEmpty } from '../src/server/db/seed/index.ts';
import { CustomerDesk } from '../src/server/modules/backoffice/customer-desk.ts';
import type { StaffDesk } from '../src/server/modules/staff/index.ts';
import { generateOrders } from './backoffice.ts';
import { createPostgresDatabase } from './processes.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL server');
const ORDERS = 100_000;
const GUESTS = 60_000;
const ACCOUNTS = 10_000;

const reuse = process.env.GUEST_BENCH_DB;
const keep = Boolean(reuse) || process.env.GUEST_BENCH_KEEP === '1';
const pg = reuse ? { url: Object.assign(new URL(adminUrl), { pathname: `/${reuse}` }).toString(), name: reuse, drop: async () => {} } : await createPostgresDatabase(adminUrl);
const database = await openDatabase({ databaseUrl: pg.url, dataDir: null, poolSize: 4 });
const db = database.db;
try {
  if (!reuse) await generate();
  await db.execute(sql`vacuum analyze`);
  const desk = new CustomerDesk(db, null as unknown as StaffDesk);
  const scenarios: { label: string; filter: Parameters<CustomerDesk['list']>[0]; page: number }[] = [
    { label: 'everyone, first page', filter: {}, page: 1 },
    { label: 'guests, first page', filter: { kind: 'guest' }, page: 1 },
    { label: 'everyone, page 50', filter: {}, page: 50 },
    { label: 'guests, last page', filter: { kind: 'guest' }, page: Math.ceil(GUESTS / 20) - 50 },
    { label: 'accounts, first page', filter: { kind: 'registered' }, page: 1 },
    { label: 'search "guest.12"', filter: { query: 'guest.12' }, page: 1 },
  ];
  for (const { label, filter, page } of scenarios) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < 33; run += 1) {
      const start = performance.now();
      const answer = await desk.list(filter, { current: page, size: 20 });
      if (run >= 3) times.push(performance.now() - start);
      total = answer.total;
    }
    times.sort((a, b) => a - b);
    process.stdout.write(`${label.padEnd(26)} total ${String(total).padStart(6)}  median ${times[times.length >> 1]!.toFixed(1).padStart(7)} ms  max ${times.at(-1)!.toFixed(1).padStart(7)} ms\n`);
  }
} finally {
  await database.close();
  if (keep) process.stdout.write(`database kept: ${pg.name}\n`);
  else await pg.drop();
}

async function generate(): Promise<void> {
  await seedIfEmpty(db);
  await generateOrders(database, ORDERS);
  // 60,000 guest emails (some in capitals: compared in lower case), and accounts.
  await db.execute(sql`update orders set email = case when id % 7 = 0 then 'Guest.' else 'guest.' end || (id % ${GUESTS}) || '@example.com'`);
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, created_at, updated_at)
    select case when n % 10 = 0 then 'guest.' || n || '@example.com' else 'shopper.' || n || '@example.com' end, 'x', 'Sam', 'Shopper' || n,
      now() - ((n * 104729) % 525600) * interval '1 minute', now()
    from generate_series(1, ${ACCOUNTS}::int) as n`);
}
