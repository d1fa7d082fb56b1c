/**
 * Section 1, the API: a catalogue of 10,000 generated products, the real server as production runs
 * it (start.ts in a child process, NODE_ENV=production, API only as behind a CDN), autocannon with
 * 10 connections after a warm-up, the median of 3 runs of 10 s per scenario (--quick: 1 run of
 * 3 s, fewer scenarios), on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database.
 * Two ceilings, each in its own process: a bare node:http server and a bare Fastify route.
 */
import autocannon from 'autocannon';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VISITOR_ID_HEADER } from '../src/domain/api/envelope.ts';
import { SEARCH_PAGE_SIZE } from '../src/domain/catalogue.schema.ts';
import { ROOT, createPostgresDatabase, readMemoryMb, removeDir, seed, serverEnv, startCommand, startServer, tempDir, type Server } from './processes.ts';
import { Inspector, summariseProfile, type ProfileSummary } from './profile.ts';
import { median, percentOf, rotate, seededRandom } from './stats.ts';
import { READ_PATH, checkEndpoint, checkHealth, checkReadPath, checkRosterQuote, checkRss, type Check, type DbKind, type TargetedEndpoint } from './targets.ts';

export const API_PRODUCTS = 10_000;
/** What start.ts prints once it listens. */
export const SHOP_READY = /the shop is open at/;
const CONNECTIONS = 10;

export interface ApiOptions {
  quick: boolean;
  /** PostgreSQL server for the second round (a database is created and dropped there); null: PGlite only. */
  databaseUrl: string | null;
  /** bareHttp: the node:http ceiling, beside the Fastify one in the same process. */
  ports: { bare: number; bareHttp: number; shop: number; inspector: number };
  log: (message: string) => void;
  keep: boolean;
  /** Where to save a CPU profile of one extra run per scenario (--profile); null: no profiling. */
  profileDir: string | null;
  /** Only these scenarios (--scenarios order,health; `product` names detail); null: all. The ceilings always run. */
  scenarios?: readonly string[] | null;
  /** Only these databases (--db postgres); null: PGlite, and PostgreSQL with DATABASE_URL. */
  databases?: readonly DbKind[] | null;
}

/** One autocannon run. */
export interface LoadFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  /**
   * The server process's CPU time per answered request, in microseconds (null where the server is
   * not ours to read). Unlike req/s it barely moves with the machine's load, so two runs on a
   * busy machine can still be compared.
   */
  cpuUsPerRequest: number | null;
}

export interface ScenarioResult {
  key: string;
  label: string;
  /** Why the scenario did not run (e.g. the endpoint is not in this build); figures are then null. */
  unavailable: string | null;
  runs: LoadFigures[];
  median: LoadFigures | null;
  /** Share of the bare Fastify route's req/s. */
  percentOfBare: number | null;
  /**
   * Share of the bare node:http server's req/s (issue 28's read-path target). For the read path,
   * against the ceiling measured run by run between this scenario's own runs (`pairedBareHttpRps`),
   * so that a load that changes during the round moves both figures alike.
   */
  percentOfBareHttp: number | null;
  /** The node:http ceiling's median over the runs interleaved with this scenario's; null where not interleaved. */
  pairedBareHttpRps: number | null;
  /**
   * Scenarios whose answers are kept in memory: the first pass over every distinct request (each
   * one a cache miss), made before the warm-up, so the measured runs see the steady state.
   */
  firstPass: { requests: number; rps: number; p99Ms: number } | null;
  /** Peak RSS of the server process during this scenario, MB. */
  peakRssMb: number | null;
  /** What the requests were, for the record (e.g. how many distinct queries, visitors). */
  notes: string[];
  /** With --profile: where the server's time went in one extra run. */
  profile?: ProfileSummary & { file: string };
}

export interface ApiRoundResult {
  db: DbKind;
  products: number;
  runsPerScenario: number;
  secondsPerRun: number;
  bare: ScenarioResult;
  /** The bare node:http server, measured just before the bare route. */
  bareHttp: ScenarioResult;
  /** The ceilings measured again after the scenarios (req/s): how much the machine's load moved. */
  bareAfterRps: number;
  bareHttpAfterRps: number;
  scenarios: ScenarioResult[];
  rss: { idleMb: number; peakUnderLoadMb: number; highWaterMb: number };
  checks: Check[];
}

export interface ApiResult {
  settings: string[];
  rounds: ApiRoundResult[];
  /** Rounds that could not be measured, and why. */
  failed: { db: DbKind; message: string }[];
}

/** What a scenario sends: one request shape, its body and headers rotated per request. */
export interface LoadSpec {
  method: 'GET' | 'POST';
  path: string;
  /** The next request's body and extra headers; absent for a fixed request. */
  next?: () => { body?: string; headers?: Record<string, string> };
  /**
   * How many distinct requests `next` rotates through, for answers kept in memory: each is sent
   * once before the warm-up (and timed as the first pass), else a short warm-up on a busy machine
   * would leave the measured runs timing cache misses instead of the read path.
   */
  distinct?: number;
  notes: string[];
}

/** Products the scenarios draw on, read from the running shop's own API before any load. */
export interface CatalogueSample {
  products: { id: number; title: string; zhTitle: string }[];
  /** Lines that a cart accepts: in-stock sizes, printed where the product can be. */
  cartLines: object[];
}

export interface Scenario {
  key: string;
  label: string;
  quick: boolean;
  target?: TargetedEndpoint;
  prepare(origin: string, sample: CatalogueSample, quick: boolean): Promise<LoadSpec | { unavailable: string }>;
}

/** What a browser sends with every API call (the answer is compressed as it would be for a shopper). */
const BROWSER_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
};

const LOCALE_HEADERS = { en: { 'accept-language': 'en-US' }, zh: { 'accept-language': 'zh-CN' } };

async function post<T>(origin: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; code: string; msg: string; data: T }> {
  const response = await fetch(origin + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { code: string; msg: string; data: T };
  return { status: response.status, ...envelope };
}

async function must<T>(origin: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const answer = await post<T>(origin, url, body, headers);
  if (answer.code !== '0000') throw new Error(`${url} answered ${answer.status} ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** 128 random bits as 32 hex digits, as src/server/plugins/visitor.ts expects (seeded: same pool every run). */
export function visitorIds(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0')).join(''));
}

/**
 * Queries a shopper might type, made from the catalogue's own titles: a team name and a kind
 * ("harbour home"), two words in any order, a word with a typo, a prefix, or a few characters of
 * a Chinese title. Deterministic for a seed.
 */
export function searchQueries(titles: readonly { title: string; zhTitle: string }[], count: number, seed: number): { title: string; locale: 'en' | 'zh' }[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const wordsOf = (title: string) => title.toLowerCase().split(/\s+/).filter((w) => /^[a-z]{3,}$/.test(w));
  const typo = (word: string) => {
    if (word.length < 5) return word;
    const i = 1 + Math.floor(random() * (word.length - 3));
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  };
  const withChinese = titles.filter((t) => t.zhTitle);
  const queries: { title: string; locale: 'en' | 'zh' }[] = [];
  while (queries.length < count) {
    const roll = random();
    const { title, zhTitle } = pick(roll < 0.15 && withChinese.length ? withChinese : titles);
    const words = wordsOf(title);
    if (words.length < 2) continue;
    if (roll < 0.15 && zhTitle) {
      // A few characters from within one word of the Chinese title, as a shopper would type them.
      const segments = zhTitle.split(/[\s\d/]+/).filter((segment) => [...segment].length >= 2);
      if (segments.length === 0) continue;
      const chars = [...pick(segments)];
      const length = Math.min(chars.length, 2 + Math.floor(random() * 3));
      const start = Math.floor(random() * (chars.length - length + 1));
      queries.push({ title: chars.slice(start, start + length).join(''), locale: 'zh' });
    } else if (roll < 0.5) queries.push({ title: `${words[0]} ${pick(words.slice(1))}`, locale: 'en' });
    else if (roll < 0.7) queries.push({ title: `${pick(words)} ${pick(words)}`, locale: 'en' });
    else if (roll < 0.85) queries.push({ title: `${typo(pick(words))} ${pick(words)}`, locale: 'en' });
    else {
      const word = pick(words);
      queries.push({ title: word.slice(0, Math.min(word.length, 3 + Math.floor(random() * 3))), locale: 'en' });
    }
  }
  return queries;
}

/** The shipping address of every bench order. */
const BENCH_ADDRESS = { firstName: 'Bench', lastName: 'Buyer', address: '1 Test Street', country: 'GB', province: 'London', postalCode: 'SW1A 1AA', phoneCode: '+44', city: 'London', phone: '20 7946 0000' };

/**
 * Lines to order, one per product size with stock to spare, from `products` products spread over
 * the catalogue (their details read through the API), each with the units it may give: its stock
 * less a fifth (at least 5), so that orders never empty a size.
 */
async function stockedLines(origin: string, sample: CatalogueSample, products: number, seed: number): Promise<{ line: object; units: number }[]> {
  interface Detail {
    id: number;
    printable: boolean;
    sizes: { size: string; stock: number }[];
  }
  const random = seededRandom(seed);
  const picked = new Set<number>();
  while (picked.size < Math.min(products, sample.products.length)) picked.add(sample.products[Math.floor(random() * sample.products.length)]!.id);
  const lines: { line: object; units: number }[] = [];
  for (const id of picked) {
    const detail = await must<Detail>(origin, '/api/demo/ironProduct/queryProductDetail', { id });
    for (const { size, stock } of detail.sizes) {
      const units = stock - Math.max(5, Math.ceil(stock * 0.2));
      if (units <= 0) continue;
      lines.push({
        line: detail.printable && random() < 0.5 ? { productId: id, size, customType: 3, customName: 'BENCH', customNumber: String(lines.length % 100), quantity: 1 } : { productId: id, size, customType: 4, quantity: 1 },
        units,
      });
    }
  }
  return lines;
}

export async function sampleCatalogue(origin: string, quick: boolean): Promise<CatalogueSample> {
  interface Card {
    id: number;
    title: string;
  }
  const pages = async (locale: 'en' | 'zh', limit: number) => {
    const all: Card[] = [];
    for (let current = 1; current <= limit; current++) {
      const page = await must<{ records: Card[]; total: number }>(origin, '/api/demo/ironProduct/queryList', { current, size: 100 }, LOCALE_HEADERS[locale]);
      all.push(...page.records);
      if (all.length >= page.total || page.records.length === 0) break;
    }
    return all;
  };
  // Every product in English (ids and titles); --quick reads Chinese titles for the first 2,000 only.
  const [en, zh] = await Promise.all([pages('en', Number.POSITIVE_INFINITY), pages('zh', quick ? 20 : Number.POSITIVE_INFINITY)]);
  const zhById = new Map(zh.map((card) => [card.id, card.title]));
  const products = en.map((card) => ({ id: card.id, title: card.title, zhTitle: zhById.get(card.id) ?? '' }));

  // Cart lines from the details of a spread of products: sizes with stock to spare, a printed
  // name and number where the product can be printed, the shirt as pictured otherwise.
  interface Detail {
    id: number;
    printable: boolean;
    sizes: { size: string; stock: number }[];
  }
  const random = seededRandom(7);
  const chosen = Array.from({ length: quick ? 50 : 300 }, () => products[Math.floor(random() * products.length)]!);
  const names = ['SMITH', 'GARCIA', 'MULLER', 'ROSSI', 'SILVA', 'KIM', 'NGUYEN', 'OKAFOR'];
  const cartLines: object[] = [];
  for (const product of chosen) {
    const detail = await must<Detail>(origin, '/api/demo/ironProduct/queryProductDetail', { id: product.id });
    const size = detail.sizes.find((s) => s.stock >= 20);
    if (!size) continue;
    const printed = detail.printable && random() < 0.6;
    cartLines.push(
      printed
        ? { productId: detail.id, size: size.size, customType: 3, customName: names[cartLines.length % names.length], customNumber: String(cartLines.length % 100), quantity: 1 }
        : { productId: detail.id, size: size.size, customType: 4, quantity: 1 },
    );
  }
  return { products, cartLines };
}

/**
 * The scenarios, in the order they run. Adding one is one entry: what it sends (a scenario can
 * also answer `unavailable` when the build lacks its endpoint).
 */
export const SCENARIOS: Scenario[] = [
  {
    key: 'health',
    label: 'health (all production plugins)',
    quick: true,
    prepare: async () => ({ method: 'GET', path: '/api/health', notes: ['GET /api/health: every production plugin, no database call (GET /api/ready checks the database)'] }),
  },
  {
    key: 'search',
    label: 'product search (20 results + total)',
    quick: true,
    target: 'search',
    async prepare(origin, sample, quick) {
      const queries = searchQueries(sample.products, 500, 2026);
      const bodies = queries.map((q) => ({ body: JSON.stringify({ title: q.title, current: 1, size: SEARCH_PAGE_SIZE }), headers: LOCALE_HEADERS[q.locale] }));
      // What the rotation returns, so the figures can be read against it.
      const totals: number[] = [];
      let fullPages = 0;
      const checked = queries.slice(0, quick ? 30 : 100);
      for (const q of checked) {
        const page = await must<{ records: unknown[]; total: number }>(origin, '/api/demo/ironProduct/search', { title: q.title, current: 1, size: SEARCH_PAGE_SIZE }, LOCALE_HEADERS[q.locale]);
        totals.push(page.total);
        if (page.records.length === SEARCH_PAGE_SIZE) fullPages++;
      }
      return {
        method: 'POST',
        path: '/api/demo/ironProduct/search',
        next: rotate(bodies),
        distinct: bodies.length,
        notes: [
          `${queries.length} rotating queries from catalogue titles (e.g. ${queries.slice(0, 4).map((q) => `"${q.title}"`).join(', ')}), 15% Chinese`,
          `of the first ${checked.length}: ${fullPages} fill a page of ${SEARCH_PAGE_SIZE}; median total ${median(totals)}`,
        ],
      };
    },
  },
  {
    key: 'detail',
    label: 'product detail',
    quick: true,
    target: 'detail',
    async prepare(_origin, sample) {
      const random = seededRandom(11);
      const bodies = Array.from({ length: 2_000 }, (_, i) => ({
        body: JSON.stringify({ id: sample.products[Math.floor(random() * sample.products.length)]!.id }),
        headers: i % 4 === 3 ? LOCALE_HEADERS.zh : LOCALE_HEADERS.en,
      }));
      return { method: 'POST', path: '/api/demo/ironProduct/queryProductDetail', next: rotate(bodies), distinct: bodies.length, notes: ['2,000 rotating product ids, one in four in Chinese'] };
    },
  },
  {
    key: 'nav',
    label: 'navigation tree',
    quick: false,
    prepare: async () => ({
      method: 'POST',
      path: '/api/demo/ironNavItems/queryNavTree',
      next: rotate([{ body: '{}', headers: LOCALE_HEADERS.en }, { body: '{}', headers: LOCALE_HEADERS.zh }]),
      distinct: 2,
      notes: ['both locales in turn'],
    }),
  },
  {
    key: 'cartAdd',
    label: 'cart add (many visitors)',
    quick: true,
    target: 'cartAdd',
    async prepare(_origin, sample) {
      const visitors = rotate(visitorIds(5_000, 1));
      const random = seededRandom(3);
      const lines = sample.cartLines;
      return {
        method: 'POST',
        path: '/api/demo/ironCartItem/saveCartItemList',
        next: () => ({ body: JSON.stringify([lines[Math.floor(random() * lines.length)]]), headers: { [VISITOR_ID_HEADER]: visitors() } }),
        notes: [`one line per request, ${lines.length} distinct lines (60% printed with a name and number), 5,000 visitors in turn`],
      };
    },
  },
  {
    key: 'cartList',
    label: 'cart list (many visitors, 3 lines each)',
    quick: false,
    async prepare(origin, sample, quick) {
      const ids = visitorIds(quick ? 200 : 1_000, 2);
      const random = seededRandom(5);
      // Each visitor's cart gets three lines first, as a shopper's would have.
      for (const id of ids) {
        const lines = [0, 1, 2].map(() => sample.cartLines[Math.floor(random() * sample.cartLines.length)]);
        await must(origin, '/api/demo/ironCartItem/saveCartItemList', lines, { [VISITOR_ID_HEADER]: id });
      }
      const visitors = rotate(ids);
      const currencies = rotate(['EUR', 'EUR', 'GBP', 'USD']);
      return {
        method: 'POST',
        path: '/api/demo/ironCartItem/queryCartItemList',
        next: () => ({ body: JSON.stringify({ currency: currencies() }), headers: { [VISITOR_ID_HEADER]: visitors() } }),
        notes: [`${ids.length} visitors with 3 lines each, in turn; EUR, GBP, USD`],
      };
    },
  },
  {
    key: 'rosterQuote',
    label: 'team roster of 200 rows checked and priced',
    quick: true,
    async prepare(origin, sample) {
      // Issue 31's figure: a roster of 200 rows checked (names, numbers, the whole roster's stock per
      // size) and priced in one call. The rows spread over a printable shirt's sizes within their stock.
      interface Detail {
        id: number;
        printable: boolean;
        sizes: { size: string; stock: number }[];
      }
      for (const product of sample.products) {
        const detail = await must<Detail>(origin, '/api/demo/ironProduct/queryProductDetail', { id: product.id });
        if (!detail.printable) continue;
        const sizes = detail.sizes.flatMap(({ size, stock }) => Array.from({ length: stock }, () => size));
        if (sizes.length < 200) continue;
        const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
        const rows = Array.from({ length: 200 }, (_, i) => ({ name: `PLAYER${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`, number: String(i % 100), size: sizes[i]!, quantity: 1 }));
        const roster = { productId: detail.id, teamName: 'Bench United', rows, duplicatesConfirmed: true };
        const currencies = rotate(['EUR', 'GBP', 'USD']);
        return {
          method: 'POST',
          path: '/api/roster/quote',
          next: () => ({ body: JSON.stringify({ roster, currency: currencies() }) }),
          notes: [`200 rows of product ${detail.id} over ${new Set(rows.map((r) => r.size)).size} sizes; EUR, GBP, USD`],
        };
      }
      return { unavailable: 'no printable product with 200 units in stock' };
    },
  },
  {
    key: 'order',
    label: 'order creation (guest, buy it now)',
    quick: true,
    async prepare(origin, sample, quick) {
      // What the checkout page sends for "buy it now": one line, a guest's email and address, a
      // fresh Idempotency-Key per order. Each order takes stock (reserved until paid or expired),
      // so the lines come from many products and each size gives at most its stock less a margin:
      // the run never measures "sold out" answers unless the whole allowance is used up.
      const orderLines = await stockedLines(origin, sample, quick ? 300 : 2_000, 1_000);
      const allowance = orderLines.map((entry) => entry.units);
      const visitors = rotate(visitorIds(2_000, 4));
      const run = seededRandom(Date.now() >>> 0)().toString(36).slice(2, 10);
      let next = 0;
      let placed = 0;
      const body = (line: object) =>
        JSON.stringify({
          source: { type: 'buyNow', item: line },
          currency: 'EUR',
          email: 'bench.buyer@example.com',
          address: BENCH_ADDRESS,
          shippingMethod: 'standard',
          acceptPersonalisedTerms: true,
        });
      return {
        method: 'POST',
        path: '/api/demo/checkout/placeOrder',
        next: () => {
          // The next line with units left, in turn.
          for (let tries = 0; tries < orderLines.length && allowance[next % orderLines.length]! <= 0; tries++) next++;
          const index = next++ % orderLines.length;
          allowance[index]!--;
          return { body: body(orderLines[index]!.line), headers: { [VISITOR_ID_HEADER]: visitors(), 'idempotency-key': `bench-${run}-${placed++}` } };
        },
        notes: [
          `POST placeOrder as the checkout page does: buy it now, guest email and UK address, standard shipping, a new Idempotency-Key per order`,
          `${orderLines.length} product sizes in turn (${allowance.reduce((a, b) => a + b, 0).toLocaleString('en')} units to sell before any size would run out)`,
        ],
      };
    },
  },
];

/** Runs `seconds` of load, or exactly `{ amount }` requests. */
export async function load(origin: string, spec: LoadSpec, seconds: number | { amount: number }, server?: Server): Promise<LoadFigures> {
  const cpuBefore = server?.cpuSeconds();
  const result = await autocannon({
    url: origin,
    // autocannon refuses fewer requests than connections (the navigation tree's two distinct ones).
    connections: typeof seconds === 'number' ? CONNECTIONS : Math.min(CONNECTIONS, seconds.amount),
    ...(typeof seconds === 'number' ? { duration: seconds } : { amount: seconds.amount }),
    headers: BROWSER_HEADERS,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        ...(spec.next
          ? {
              setupRequest: (request) => {
                const next = spec.next!();
                return { ...request, ...(next.body !== undefined ? { body: next.body } : {}), headers: { ...request.headers, ...next.headers } };
              },
            }
          : {}),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuUsPerRequest: server && cpuBefore !== undefined && result.requests.total > 0 ? Math.round(((server.cpuSeconds() - cpuBefore) * 1e6) / result.requests.total) : null,
  };
}

function medianFigures(runs: LoadFigures[]): LoadFigures | null {
  if (runs.length === 0) return null;
  const of = (key: Exclude<keyof LoadFigures, 'cpuUsPerRequest'>) => median(runs.map((run) => run[key]));
  const cpu = runs.flatMap((run) => (run.cpuUsPerRequest === null ? [] : [run.cpuUsPerRequest]));
  return { rps: of('rps'), p50Ms: of('p50Ms'), p99Ms: of('p99Ms'), requests: of('requests'), errors: of('errors'), non2xx: of('non2xx'), cpuUsPerRequest: cpu.length ? median(cpu) : null };
}

interface Measured {
  runs: LoadFigures[];
  peakRssMb: number | null;
  /** The ceiling's runs interleaved with these, when asked for. */
  paired: LoadFigures[];
  firstPass: LoadFigures | null;
}

const BARE_SPEC: LoadSpec = { method: 'GET', path: '/bare', notes: [] };

function describeFigures(figures: LoadFigures): string {
  const cpu = figures.cpuUsPerRequest === null ? '' : `, server CPU ${figures.cpuUsPerRequest} us/request`;
  return `${figures.rps.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}${cpu}`;
}

/**
 * A warm-up, then `plan.runs` measured runs. `pairWith`: a ceiling run before each measured run,
 * so the scenario's share of it compares figures taken under the same load.
 */
async function measure(
  label: string,
  origin: string,
  spec: LoadSpec,
  plan: { runs: number; seconds: number; warmUpSeconds: number },
  log: (message: string) => void,
  server?: Server,
  pairWith?: { origin: string; server: Server },
): Promise<Measured> {
  const stopWatch = server?.watchRss();
  let firstPass: LoadFigures | null = null;
  if (spec.distinct) {
    firstPass = await load(origin, spec, { amount: spec.distinct }, server);
    log(`  ${label} first pass over ${spec.distinct.toLocaleString('en')} distinct requests (cache misses): ${describeFigures(firstPass)}`);
  }
  await load(origin, spec, plan.warmUpSeconds);
  if (pairWith) await load(pairWith.origin, BARE_SPEC, plan.warmUpSeconds);
  const runs: LoadFigures[] = [];
  const paired: LoadFigures[] = [];
  for (let i = 0; i < plan.runs; i++) {
    if (pairWith) {
      const ceiling = await load(pairWith.origin, BARE_SPEC, plan.seconds, pairWith.server);
      paired.push(ceiling);
      log(`  bare node:http server before ${label} run ${i + 1}/${plan.runs}: ${describeFigures(ceiling)}`);
    }
    const figures = await load(origin, spec, plan.seconds, server);
    runs.push(figures);
    log(`  ${label} run ${i + 1}/${plan.runs}: ${describeFigures(figures)}`);
  }
  return { runs, peakRssMb: stopWatch ? stopWatch() : null, paired, firstPass };
}

/** The two ceilings' req/s that every scenario is shown as a share of. */
interface Ceilings {
  fastify: number;
  http: number;
}

function resultOf(key: string, label: string, measured: Measured | null, ceilings: Ceilings, extra: Partial<ScenarioResult> = {}): ScenarioResult {
  const mid = measured ? medianFigures(measured.runs) : null;
  const paired = measured?.paired.length ? medianFigures(measured.paired)!.rps : null;
  const first = measured?.firstPass ?? null;
  return {
    key,
    label,
    unavailable: null,
    runs: measured?.runs ?? [],
    median: mid,
    percentOfBare: mid ? percentOf(mid.rps, ceilings.fastify) : null,
    percentOfBareHttp: mid ? percentOf(mid.rps, paired ?? ceilings.http) : null,
    pairedBareHttpRps: paired,
    firstPass: first ? { requests: first.requests, rps: first.rps, p99Ms: first.p99Ms } : null,
    peakRssMb: measured?.peakRssMb ?? null,
    notes: [],
    ...extra,
  };
}

async function round(db: DbKind, options: ApiOptions, databaseUrl: string | null): Promise<ApiRoundResult> {
  const { log, quick } = options;
  const plan = quick ? { runs: 1, seconds: 3, warmUpSeconds: 1 } : { runs: 3, seconds: 10, warmUpSeconds: 3 };
  const work = await tempDir(`api-${db}`);
  const logFile = path.join(work, 'server.log');
  // API only, as instances behind a CDN run. SITE_DIR names a folder that does not exist: an empty
  // SITE_DIR is read as "not set" by config.ts today, which would build and serve dist/.
  const env = serverEnv({ DATA_DIR: path.join(work, 'data'), SITE_DIR: path.join(work, 'no-site'), DATABASE_URL: databaseUrl ?? '' });
  let shop: Server | null = null;
  let bareServer: Server | null = null;
  try {
    log(`API on ${db}: seeding ${API_PRODUCTS.toLocaleString('en')} products`);
    await seed(API_PRODUCTS, { cwd: ROOT, env, logFile });

    bareServer = await startServer({
      script: 'bench/bare-server.ts',
      cwd: ROOT,
      env: { HTTP_PORT: String(options.ports.bareHttp) },
      port: options.ports.bare,
      readyLine: /bare route and bare node:http listening/,
      readyPath: '/bare',
      logFile: path.join(work, 'bare.log'),
    });
    const httpCeiling = { origin: `http://127.0.0.1:${options.ports.bareHttp}`, server: bareServer };
    const bareHttpMeasured = await measure('bare node:http server', httpCeiling.origin, BARE_SPEC, plan, log, bareServer);
    const bareMeasured = await measure('bare Fastify route', bareServer.origin, BARE_SPEC, plan, log, bareServer);
    const ceilings: Ceilings = { fastify: medianFigures(bareMeasured.runs)!.rps, http: medianFigures(bareHttpMeasured.runs)!.rps };
    const bareHttp = resultOf('bareHttp', 'bare node:http server (own process)', bareHttpMeasured, ceilings);
    const bare = resultOf('bare', 'bare Fastify route (no plugins, own process)', bareMeasured, ceilings);

    shop = await startServer({
      ...startCommand(),
      // The inspector only listens; nothing is recorded until a profiled run asks.
      ...(options.profileDir ? { nodeArgs: [...startCommand().nodeArgs, `--inspect=127.0.0.1:${options.ports.inspector}`] } : {}),
      cwd: ROOT,
      env,
      port: options.ports.shop,
      readyLine: SHOP_READY,
      readyPath: '/api/health',
      logFile,
    });
    const inspector = options.profileDir ? await Inspector.connect(options.ports.inspector) : null;
    const sample = await sampleCatalogue(shop.origin, quick);
    const idleMb = shop.rssMb();
    const scenarios: ScenarioResult[] = [];
    let peakUnderLoad = 0;
    const wanted = options.scenarios?.map((key) => (key === 'product' ? 'detail' : key));
    for (const scenario of SCENARIOS.filter((s) => (!quick || s.quick) && (!wanted || wanted.includes(s.key)))) {
      const spec = await scenario.prepare(shop.origin, sample, quick);
      if ('unavailable' in spec) {
        log(`  ${scenario.label}: ${spec.unavailable}`);
        scenarios.push(resultOf(scenario.key, scenario.label, null, ceilings, { unavailable: spec.unavailable }));
        continue;
      }
      // The read path's share of bare node:http is its target: its ceiling runs between its own.
      const pairWith = scenario.target && READ_PATH.includes(scenario.target) ? httpCeiling : undefined;
      const measured = await measure(scenario.label, shop.origin, spec, plan, log, shop, pairWith);
      peakUnderLoad = Math.max(peakUnderLoad, measured.peakRssMb ?? 0);
      const result = resultOf(scenario.key, scenario.label, measured, ceilings, { notes: spec.notes });
      if (inspector && options.profileDir) {
        const profile = await inspector.profile(() => load(shop!.origin, spec, plan.seconds));
        const file = path.join(options.profileDir, `${db}-${scenario.key}.cpuprofile`);
        await mkdir(options.profileDir, { recursive: true });
        await writeFile(file, JSON.stringify(profile));
        result.profile = { ...summariseProfile(profile), file: path.relative(ROOT, file) };
      }
      scenarios.push(result);
    }
    inspector?.close();
    const highWaterMb = readMemoryMb(shop.pid, 'VmHWM');
    // The ceiling again, after the scenarios: far from the first figure means the machine's load
    // changed during the round, and the shares of the bare route are to be read with that in mind.
    const bareHttpAfterRps = medianFigures((await measure('bare node:http server, again', httpCeiling.origin, BARE_SPEC, plan, log, bareServer)).runs)!.rps;
    const bareAfterRps = medianFigures((await measure('bare Fastify route, again', bareServer.origin, BARE_SPEC, plan, log, bareServer)).runs)!.rps;

    const checks: Check[] = [];
    for (const scenario of SCENARIOS) {
      if (!scenario.target) continue;
      const figures = scenarios.find((s) => s.key === scenario.key)?.median ?? null;
      checks.push(...checkEndpoint(scenario.target, db, figures));
    }
    for (const endpoint of READ_PATH) checks.push(checkReadPath(endpoint, db, scenarios.find((s) => s.key === endpoint)?.percentOfBareHttp ?? null));
    checks.push(checkHealth(db, scenarios.find((s) => s.key === 'health')?.percentOfBare ?? null));
    const roster = scenarios.find((s) => s.key === 'rosterQuote');
    if (roster) checks.push(checkRosterQuote(db, roster.median?.cpuUsPerRequest ?? null));
    if (db === 'pglite') checks.push(checkRss(peakUnderLoad || null));
    return {
      db,
      products: API_PRODUCTS,
      runsPerScenario: plan.runs,
      secondsPerRun: plan.seconds,
      bare,
      bareHttp,
      bareAfterRps,
      bareHttpAfterRps,
      scenarios,
      rss: { idleMb, peakUnderLoadMb: peakUnderLoad, highWaterMb },
      checks,
    };
  } finally {
    await shop?.stop();
    await bareServer?.stop();
    if (!options.keep) await removeDir(work);
    else log(`  kept ${work}`);
  }
}

export async function runApi(options: ApiOptions): Promise<ApiResult> {
  const rounds: ApiRoundResult[] = [];
  const failed: { db: DbKind; message: string }[] = [];
  // A round that breaks is reported; the other database's round still runs.
  const attempt = async (db: DbKind, databaseUrl: string | null) => {
    try {
      rounds.push(await round(db, options, databaseUrl));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log(`API on ${db} failed: ${message}`);
      failed.push({ db, message });
    }
  };
  const wanted = (db: DbKind) => !options.databases || options.databases.includes(db);
  if (wanted('pglite')) await attempt('pglite', null);
  if (options.databaseUrl && wanted('postgres')) {
    const database = await createPostgresDatabase(options.databaseUrl);
    options.log(`API on PostgreSQL: fresh database ${database.name}`);
    try {
      await attempt('postgres', database.url);
    } finally {
      await database.drop();
    }
  } else options.log('API on PostgreSQL: skipped (DATABASE_URL is not set)');
  return {
    settings: [
      `NODE_ENV=production, LOG_LEVEL=info (the default: failures are logged, successful requests are not), API only (no site served, as behind a CDN)`,
      `rate limits OFF (RATE_LIMIT_PER_MINUTE=0): one client address at thousands of req/s would otherwise measure 429 answers`,
      `autocannon, ${CONNECTIONS} connections, browser headers (JSON, Accept-Encoding gzip/br: answers over 1 KB are compressed as for a shopper)`,
    ],
    rounds,
    failed,
  };
}
