/**
 * `npm run seed -- --products N [--reset]`: replaces the catalogue with a generated one of N
 * products (countries too, if missing). On the embedded database the catalogue is replaced; on
 * PostgreSQL, where it may be a real shop's, --reset must be given to replace a non-empty one.
 * Like `npm start`, it also seeds the demo staff accounts (docs/back-office.md), under the same
 * rule: never in production, and only while no account holds a staff role.
 */
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataLock } from './db/lock.ts';
import { products } from './db/schema.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { seedDemoStaff } from './modules/staff/index.ts';

const { values } = parseArgs({ options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const wanted = values.products === undefined ? null : Number(values.products);
if (wanted !== null && (!Number.isInteger(wanted) || wanted < 1 || wanted > 1_000_000)) {
  process.stderr.write('--products must be a whole number from 1 to 1000000\n');
  process.exit(2);
}

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
  const result = await seedIfEmpty(database.db, { products: wanted, log: (m) => process.stdout.write(`[seed] ${m}\n`) });
  process.stdout.write(`[seed] ${result.products} products in ${((Date.now() - started) / 1000).toFixed(1)} s; the site rebuilds on the next start\n`);
  const demoStaff = await seedDemoStaff(database.db, { production: config.env === 'production', hashCost: config.passwordHashCost });
  if (demoStaff) process.stdout.write(`[seed] ${demoStaff} demo back-office accounts (shown on the /admin/ login page)\n`);
} finally {
  await database.close();
  await release();
}
