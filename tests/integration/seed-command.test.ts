/**
 * `npm run seed` (src/server/commands/seed.ts) run as an operator would: a child process on the
 * shop's database (PGlite in DATA_DIR, or PostgreSQL by DATABASE_URL). Besides the catalogue it
 * seeds the demo staff accounts as `npm start` does: never in production, and only while no
 * account holds a staff role.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { products, users } from '../../src/server/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/server/modules/staff/index.ts';
import { commandDatabase, runScript, type CommandRun } from './command-support.ts';

/** Each run starts Node and opens the database: seconds each, a minute on a busy machine. */
const SLOW = { timeout: 600_000 };

const db = commandDatabase('shop-seed-');

function seed(env: NodeJS.ProcessEnv = {}, args = ['--products', '3', '--reset']): Promise<CommandRun> {
  return runScript(path.join('src', 'server', 'commands', 'seed.ts'), args, { ...db.env(), ...env });
}

/** The demo accounts in the command's database, with their roles; and how many products it holds. */
async function seeded(): Promise<{ demo: [string, string[]][]; products: number }> {
  const database = db.pgShop?.database ?? (await openDatabase({ databaseUrl: null, dataDir: db.dataDir }));
  try {
    const rows = await database.db.select({ email: users.email, roles: users.roles }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email))).orderBy(users.id);
    const [catalogue] = await database.db.select({ n: count() }).from(products);
    return { demo: rows.map((r) => [r.email, r.roles]), products: catalogue!.n };
  } finally {
    if (!db.pgShop) await database.close();
  }
}

describe('npm run seed', () => {
  it('seeds the demo staff accounts outside production, once, while no account holds a staff role', SLOW, async () => {
    const production = await seed({ NODE_ENV: 'production', AUTH_SECRET: randomBytes(36).toString('base64url'), PASSWORD_HASH_COST: '15', PAYPAL_ENV: 'simulator', PUBLIC_SITE_URL: 'https://shop.example', MAIL_OUTBOX_DIR: path.join(db.dataDir, 'mail') });
    expect(production.code, production.stderr).toBe(0);
    expect(production.stdout).not.toContain('demo');
    expect(await seeded()).toEqual({ demo: [], products: 3 });

    const demo = await seed();
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stdout).toContain('[seed] 3 demo back-office accounts');
    expect((await seeded()).demo).toEqual(DEMO_ACCOUNTS.map((a) => [a.email, [a.role]]));

    // Staff exist now: a second seed replaces the catalogue and leaves the accounts alone.
    const again = await seed();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toContain('demo');
    expect(await seeded()).toEqual({ demo: DEMO_ACCOUNTS.map((a) => [a.email, [a.role]]), products: 3 });
  });

  it('asks which catalogue, changing nothing without --demo or --products; --demo seeds the demo catalogue', SLOW, async () => {
    const before = await seeded();
    for (const args of [[], ['--demo', '--products', '3']]) {
      const refused = await seed({}, args);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--demo or --products N');
    }
    expect(await seeded()).toEqual(before);
    const demo = await seed({}, ['--demo', '--reset']);
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stdout).toContain('seeding the demo catalogue');
    expect((await seeded()).products).toBeGreaterThan(100);
  });
});
