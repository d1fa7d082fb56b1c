/**
 * Section 7, the back office's products table: 100,000 products (the seed's generator, as a big
 * shop's catalogue) on a fresh PostgreSQL database, the API server in this process on a free
 * port, and one staff member's requests sent one at a time, as a person clicks. The first page,
 * filtered pages and title searches must answer with p99 under 50 ms. Needs DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { adminProductsApi } from '../src/domain/api/admin/products.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedIfEmpty } from '../src/server/db/seed/index.ts';
import { figuresOf, type LatencyFigures } from './backoffice.ts';
import { createPostgresDatabase } from './processes.ts';
import { seededRandom } from './stats.ts';
import { checkProductList, PRODUCT_LIST_TARGETS, type Check } from './targets.ts';
import { ownerApi } from './owner-api.ts';

export const BENCH_PRODUCTS = 100_000;

export interface ProductListScenario {
  key: string;
  label: string;
  matching: number;
  figures: LatencyFigures;
}

export interface ProductListResult {
  settings: string[];
  products: number;
  seedSeconds: number;
  list: ProductListScenario[];
  checks: Check[];
}

interface Scenario {
  key: string;
  label: string;
  /** One request's body; `page` is a page drawn for it. */
  body: (page: () => number) => Record<string, unknown>;
  pages: 'first' | 'spread';
}

const SCENARIOS: Scenario[] = [
  { key: 'first', label: 'first page, newest first', body: () => ({}), pages: 'first' },
  { key: 'paging', label: 'newest first, pages 1-50', body: (page) => ({ current: page() }), pages: 'spread' },
  { key: 'price', label: 'by price, pages 1-50', body: (page) => ({ sort: 'price', order: 'asc', current: page() }), pages: 'spread' },
  { key: 'title', label: 'by title, first page', body: () => ({ sort: 'title', order: 'asc' }), pages: 'first' },
  { key: 'sport', label: 'sport rugby + unpublished, first page', body: () => ({ sport: 'rugby', published: false }), pages: 'first' },
  { key: 'low', label: 'stock low + football, pages 1-50', body: (page) => ({ sport: 'football', stock: 'low', current: page() }), pages: 'spread' },
  { key: 'out', label: 'out of stock, first page', body: () => ({ stock: 'out' }), pages: 'first' },
  { key: 'league', label: 'one league, pages 1-50', body: (page) => ({ league: '@league', current: page() }), pages: 'spread' },
  { key: 'search', label: 'search "home jersy" (a typo), first page', body: () => ({ query: 'home jersy' }), pages: 'first' },
  { key: 'searchTeam', label: 'search a team name + sport filter, pages 1-50', body: (page) => ({ query: '@team', sport: '@sport', current: page() }), pages: 'spread' },
];

/** Pages a person pages through; deeper pages are reached by narrowing the filter. */
const PAGES_WALKED = 50;

export async function runProductList(options: { quick: boolean; databaseUrl: string | null; log: (message: string) => void }): Promise<ProductListResult> {
  if (!options.databaseUrl) throw new Error('the products section needs DATABASE_URL (a PostgreSQL server; a database is created there and dropped afterwards)');
  const { log } = options;
  const requestsPerScenario = options.quick ? 60 : 200;
  const pg = await createPostgresDatabase(options.databaseUrl);
  const database = await openDatabase({ databaseUrl: pg.url, dataDir: null, poolSize: 10 });
  try {
    log(`products: generating ${BENCH_PRODUCTS.toLocaleString('en')} products on PostgreSQL`);
    const t = performance.now();
    await seedIfEmpty(database.db, { products: BENCH_PRODUCTS });
    // A tenth unpublished and a twentieth sold out, as a running shop has some of each.
    await database.db.execute(sql`update products set active = false where id % 10 = 0`);
    await database.db.execute(sql`update product_sizes set stock = 0 where product_id % 20 = 0`);
    await database.db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - t) / 1000;
    log(`products: generated in ${seedSeconds.toFixed(1)} s`);
    const { rows } = (await database.db.execute(sql`select t.league_tag as league, t.sport, t.name ->> 'en-US' as team from teams t order by t.id limit 1`)) as unknown as { rows: { league: string; sport: string; team: string }[] };
    const sample = rows[0]!;

    const api = await ownerApi(database, pg.url);
    try {
      const random = seededRandom(17);
      const fill = (body: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === '@league' ? sample.league : v === '@sport' ? sample.sport : v === '@team' ? sample.team : v]));
      const list: ProductListScenario[] = [];
      for (const scenario of SCENARIOS) {
        const first = await api.post(adminProductsApi.list.path, fill(scenario.body(() => 1)));
        if (first.code !== '0000') throw new Error(`${scenario.key}: ${first.msg}`);
        const total = first.data.total as number;
        const pages = Math.max(1, Math.min(Math.ceil(total / 20), PAGES_WALKED));
        const page = () => (scenario.pages === 'first' ? 1 : 1 + Math.floor(random() * pages));
        for (let i = 0; i < 5; i++) await api.post(adminProductsApi.list.path, fill(scenario.body(page)));
        const times: number[] = [];
        for (let i = 0; i < requestsPerScenario; i++) {
          const body = fill(scenario.body(page));
          const start = performance.now();
          const answer = await api.post(adminProductsApi.list.path, body);
          times.push(performance.now() - start);
          if (answer.code !== '0000') throw new Error(`${scenario.key} answered ${answer.code}: ${answer.msg}`);
        }
        list.push({ key: scenario.key, label: scenario.label, matching: total, figures: figuresOf(times) });
        log(`products: ${scenario.key}: p99 ${list.at(-1)!.figures.p99Ms} ms over ${total.toLocaleString('en')} matching products`);
      }
      return {
        settings: [
          `${BENCH_PRODUCTS.toLocaleString('en')} products (8 sizes' stock each at most; a tenth unpublished, a twentieth sold out) on a fresh PostgreSQL database; the API in this process, requests one at a time over HTTP`,
          `${requestsPerScenario} requests per scenario, 20 rows a page, pages drawn at random among the first ${PAGES_WALKED}; target p99 <= ${PRODUCT_LIST_TARGETS.listP99Ms} ms`,
        ],
        products: BENCH_PRODUCTS,
        seedSeconds,
        list,
        checks: checkProductList(list.map((s) => ({ subject: s.label, p99Ms: s.figures.p99Ms }))),
      };
    } finally {
      await api.close();
    }
  } finally {
    await database.close();
    await pg.drop();
  }
}
