/**
 * `npm run seed -- --demo [--reset]` or `npm run seed -- --products N [--reset]`: replaces the
 * catalogue with the demo one or a generated one of N products (countries and the demo coupons
 * too, if missing). The explicit way to put demo data into a database: production's start never
 * does (docs/operations.md). On the embedded database the catalogue is replaced; on PostgreSQL,
 * where it may be a real shop's, --reset must be given to replace a non-empty one.
 * Like `npm start`, it also seeds the demo staff accounts (docs/back-office.md), under the same
 * rule: never in production, and only while no account holds a staff role.
 */
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataLock } from '../db/lock.ts';
import { products } from '../db/schema.ts';
import { seedIfEmpty } from '../db/seed/index.ts';
import { loadDotEnv } from '../env-file.ts';
import { seedDemoStaff } from '../modules/staff/index.ts';

const USAGE = 'usage: npm run seed -- --demo [--reset]   (the demo catalogue)\n       npm run seed -- --products N [--reset]   (N generated products)\n';
const { values } = parseArgs({ options: { demo: { type: 'boolean', default: false }, products: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const wanted = values.products === undefined ? null : Number(values.products);
if (wanted !== null && (!Number.isInteger(wanted) || wanted < 1 || wanted > 1_000_000)) {
  process.stderr.write('--products must be a whole number from 1 to 1000000\n');
  process.exit(2);
}
if (values.demo === (wanted !== null)) {
  process.stderr.write(`Say which catalogue: --demo or --products N (one of them).\n${USAGE}`);
  process.exit(2);
}

loadDotEnv();
const config = loadConfig();
const release = config.databaseUrl ? async () => {} : await acquireDataLock(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const [existing] = await database.db.select({ n: count() }).from(products);
  if (existing?.n) {
    if (config.databaseUrl && !values.reset) {
      process.stderr.write(`The catalogue on ${new URL(config.databaseUrl).host} already has ${existing.n} products; add --reset to replace it.\n`);
      process.exit(2);
    }
    // Carts refer to products; a replaced catalogue empties them too.
    await database.db.execute(sql`truncate cart_items, product_comments, product_sizes, squad_players, addons, patches, products, teams, nav_items restart identity cascade`);
  }
  const started = Date.now();
  // Under the set-up lock, as instances seed at start (src/server/commands/start-shop.ts).
  const { result, demoStaff } = await database.exclusively(async () => ({
    result: await seedIfEmpty(database.db, { demo: true, products: wanted, log: (m) => process.stdout.write(`[seed] ${m}\n`) }),
    demoStaff: await seedDemoStaff(database.db, { production: config.env === 'production', hashCost: config.passwordHashCost }),
  }));
  process.stdout.write(`[seed] ${result.products} products in ${((Date.now() - started) / 1000).toFixed(1)} s; the site rebuilds on the next start\n`);
  if (demoStaff) process.stdout.write(`[seed] ${demoStaff} demo back-office accounts (shown on the /admin/ login page)\n`);
} finally {
  await database.close();
  await release();
}
