/**
 * The performance targets of issue 6, in one table, and the pure checks that hold a measured
 * figure against them. Every section's table and the JSON results use these, so a target is
 * changed here and nowhere else.
 */

export type DbKind = 'pglite' | 'postgres';

/** Endpoints with throughput targets (req/s at least, p99 at most). */
export type TargetedEndpoint = 'search' | 'detail' | 'cartAdd';

export const API_TARGETS: Record<TargetedEndpoint, Record<DbKind, { minRps: number; maxP99Ms: number }>> = {
  search: { pglite: { minRps: 600, maxP99Ms: 40 }, postgres: { minRps: 2_000, maxP99Ms: 20 } },
  detail: { pglite: { minRps: 1_500, maxP99Ms: 25 }, postgres: { minRps: 5_000, maxP99Ms: 10 } },
  cartAdd: { pglite: { minRps: 500, maxP99Ms: 50 }, postgres: { minRps: 1_200, maxP99Ms: 20 } },
};

/** Health through every production plugin must keep this share of the bare Fastify route's req/s (not node:http's). */
export const HEALTH_MIN_PERCENT_OF_BARE = 85;

/**
 * Issue 28: search and product detail, served from answers kept in memory, must keep this share of
 * a bare node:http server's req/s measured in the same run (39% and 40% on 24 November, 16-17%
 * on 28 November before the read path was trimmed).
 */
export const READ_PATH_MIN_PERCENT_OF_BARE_HTTP = 35;

/** The endpoints of the read path that target holds. */
export const READ_PATH: readonly TargetedEndpoint[] = ['search', 'detail'];

/** API resident memory at its peak under load, PGlite with 10,000 products. */
export const API_MAX_RSS_MB = 250;

/** The peer (Vendure 3.7) measured on this kind of machine with the same method, for context. */
export const PEER: Record<TargetedEndpoint, { rps: number; p99Ms: number }> & { bareRps: number } = {
  search: { rps: 26, p99Ms: 600 },
  detail: { rps: 105, p99Ms: 165 },
  cartAdd: { rps: 112, p99Ms: 145 },
  bareRps: 54_000,
};

/** The pages Lighthouse and the asset count look at. */
export type PageKind = 'home' | 'category' | 'content' | 'product' | 'search' | 'cart';

/**
 * Lighthouse mobile (issue 6, tightened by issue 19 "Main-thread work on a phone"): the pages
 * without islands at load score 100 with under 50 ms of blocking time; product, search and cart
 * (React) at least 95 with under 150 ms; every page paints its largest element within 1.8 s and
 * shifts nothing.
 */
export const LIGHTHOUSE_TARGETS = {
  /** Performance score (0-100) at least. */
  performance: { home: 100, category: 100, content: 100, product: 95, search: 95, cart: 95 } satisfies Record<PageKind, number>,
  /** Total blocking time (ms) at most. */
  maxTbtMs: { home: 50, category: 50, content: 50, product: 150, search: 150, cart: 150 } satisfies Record<PageKind, number>,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  maxLcpMs: 1_800,
  /** "CLS 0" as Lighthouse prints it (three decimals): 0.000. */
  maxCls: 0.0005,
};

/**
 * A Lighthouse category's score (0-100) as Lighthouse weighs it, leaving one audit out: the cart
 * asks not to be indexed on purpose (a visitor's own cart), and `is-crawlable` only says that it does.
 */
export function scoreWithout(
  lhr: { categories: Record<string, { auditRefs: { id: string; weight: number }[] } | undefined>; audits: Record<string, { score: number | null } | undefined> },
  category: string,
  auditId: string,
): number {
  let weighted = 0;
  let weights = 0;
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const score = lhr.audits[ref.id]?.score;
    if (ref.id === auditId || ref.weight === 0 || score === null || score === undefined) continue;
    weighted += ref.weight * score;
    weights += ref.weight;
  }
  return weights === 0 ? Number.NaN : Math.round((weighted / weights) * 100);
}

/** KB here is 1,024 bytes, as in Lighthouse budgets. */
export const JS_TARGETS = {
  /** gzip KB of JavaScript before interaction, at most (pages without an entry have no target). */
  beforeInteractionMaxKb: { home: 15, category: 15, content: 15 } as Partial<Record<PageKind, number>>,
  /** gzip KB of all the product page's JavaScript, at most. */
  productAllMaxKb: 95,
};

/** The site build at 10,000 products (issue 17): a full build, and a price edit reaching its pages. */
export const BUILD_TARGETS = { products: 10_000, maxSeconds: 150, maxMb: 800, priceEditMaxSeconds: 30, pagePublishMaxSeconds: 30 };

/** One measured figure against its target; pass is null when the figure is missing. */
export interface Check {
  section: 'api' | 'pages' | 'assets' | 'build' | 'backoffice' | 'products' | 'invoices' | 'catalogue';
  subject: string;
  metric: string;
  target: string;
  actual: string;
  pass: boolean | null;
}

function fmt(value: number | null | undefined, digits = 0, unit = ''): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(digits)}${unit}`;
}

function atLeast(value: number | null | undefined, min: number): boolean | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : value >= min;
}

function atMost(value: number | null | undefined, max: number): boolean | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : value <= max;
}

/** Throughput and tail latency of a targeted endpoint. */
export function checkEndpoint(endpoint: TargetedEndpoint, db: DbKind, figures: { rps: number; p99Ms: number } | null): Check[] {
  const target = API_TARGETS[endpoint][db];
  const subject = `${endpoint} (${db})`;
  return [
    { section: 'api', subject, metric: 'req/s', target: `>= ${target.minRps}`, actual: fmt(figures?.rps), pass: atLeast(figures?.rps, target.minRps) },
    { section: 'api', subject, metric: 'p99', target: `<= ${target.maxP99Ms} ms`, actual: fmt(figures?.p99Ms, 0, ' ms'), pass: atMost(figures?.p99Ms, target.maxP99Ms) },
  ];
}

export function checkHealth(db: DbKind, percentOfBare: number | null): Check {
  return {
    section: 'api',
    subject: `health (${db})`,
    metric: '% of bare route',
    target: `>= ${HEALTH_MIN_PERCENT_OF_BARE}%`,
    actual: fmt(percentOfBare, 1, '%'),
    pass: atLeast(percentOfBare, HEALTH_MIN_PERCENT_OF_BARE),
  };
}

export function checkReadPath(endpoint: TargetedEndpoint, db: DbKind, percentOfBareHttp: number | null): Check {
  return {
    section: 'api',
    subject: `${endpoint} (${db})`,
    metric: '% of bare node:http',
    target: `>= ${READ_PATH_MIN_PERCENT_OF_BARE_HTTP}%`,
    actual: fmt(percentOfBareHttp, 1, '%'),
    pass: atLeast(percentOfBareHttp, READ_PATH_MIN_PERCENT_OF_BARE_HTTP),
  };
}

/**
 * Issue 31: a roster of 200 rows checked and priced in one call under 150 ms. Judged by the server
 * CPU one call costs (the time it takes when nothing waits beside it); the concurrent runs' p50
 * and p99 include the other nine connections' calls queued ahead of it.
 */
export const ROSTER_QUOTE_MAX_MS = 150;

export function checkRosterQuote(db: DbKind, cpuUsPerRequest: number | null): Check {
  const ms = cpuUsPerRequest === null ? null : cpuUsPerRequest / 1000;
  return { section: 'api', subject: `team roster of 200 rows (${db})`, metric: 'server CPU per call', target: `<= ${ROSTER_QUOTE_MAX_MS} ms`, actual: fmt(ms, 1, ' ms'), pass: atMost(ms, ROSTER_QUOTE_MAX_MS) };
}

export function checkRss(peakRssMb: number | null): Check {
  return {
    section: 'api',
    subject: 'API (pglite, 10,000 products)',
    metric: 'peak RSS under load',
    target: `<= ${API_MAX_RSS_MB} MB`,
    actual: fmt(peakRssMb, 0, ' MB'),
    pass: atMost(peakRssMb, API_MAX_RSS_MB),
  };
}

/** Lighthouse figures of one page in one locale; scores 0-100. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export function checkPage(page: PageKind, locale: string, figures: PageFigures | null): Check[] {
  const t = LIGHTHOUSE_TARGETS;
  const subject = `${page} (${locale})`;
  const check = (metric: string, target: string, actual: string, pass: boolean | null): Check => ({ section: 'pages', subject, metric, target, actual, pass });
  return [
    check('performance', `>= ${t.performance[page]}`, fmt(figures?.performance), atLeast(figures?.performance, t.performance[page])),
    check('accessibility', `>= ${t.accessibility}`, fmt(figures?.accessibility), atLeast(figures?.accessibility, t.accessibility)),
    check('best practices', `>= ${t.bestPractices}`, fmt(figures?.bestPractices), atLeast(figures?.bestPractices, t.bestPractices)),
    check('SEO', `>= ${t.seo}`, fmt(figures?.seo), atLeast(figures?.seo, t.seo)),
    check('LCP', `<= ${t.maxLcpMs} ms`, fmt(figures?.lcpMs, 0, ' ms'), atMost(figures?.lcpMs, t.maxLcpMs)),
    check('TBT', `<= ${t.maxTbtMs[page]} ms`, fmt(figures?.tbtMs, 0, ' ms'), atMost(figures?.tbtMs, t.maxTbtMs[page])),
    check('CLS', '0.000', fmt(figures?.cls, 3), atMost(figures?.cls, t.maxCls)),
  ];
}

/** JavaScript budgets of one page: before interaction where it has a target, all of it on the product page. */
export function checkPageJs(page: PageKind, locale: string, gzipBytes: { beforeInteraction: number; all: number }): Check[] {
  const checks: Check[] = [];
  const subject = `${page} (${locale})`;
  const kb = (bytes: number) => bytes / 1024;
  const before = JS_TARGETS.beforeInteractionMaxKb[page];
  if (before !== undefined) {
    const actual = kb(gzipBytes.beforeInteraction);
    checks.push({ section: 'assets', subject, metric: 'JS before interaction (gzip)', target: `<= ${before} KB`, actual: fmt(actual, 1, ' KB'), pass: atMost(actual, before) });
  }
  if (page === 'product') {
    const actual = kb(gzipBytes.all);
    const max = JS_TARGETS.productAllMaxKb;
    checks.push({ section: 'assets', subject, metric: 'all JS (gzip)', target: `<= ${max} KB`, actual: fmt(actual, 1, ' KB'), pass: atMost(actual, max) });
  }
  return checks;
}

/** Issue 16: the back office with 100,000 orders on PostgreSQL, requests one at a time; issue 33: every sales report under 1 s. */
/** Issue 33 adds the search palette's call: p99 under 50 ms at 100,000 orders and 50,000 customers. */
export const BACKOFFICE_TARGETS = { listP99Ms: 50, dashboardP99Ms: 200, reportP99Ms: 1000, searchP99Ms: 50 };

/** Each orders-list scenario's p99, the dashboard's, and each sales report's. */
export function checkBackOffice(list: { subject: string; p99Ms: number }[], dashboardP99Ms: number, reports: { subject: string; p99Ms: number }[] = [], search: { subject: string; p99Ms: number }[] = []): Check[] {
  return [
    ...list.map((s): Check => ({ section: 'backoffice', subject: s.subject, metric: 'p99', target: `<= ${BACKOFFICE_TARGETS.listP99Ms} ms`, actual: fmt(s.p99Ms, 1, ' ms'), pass: atMost(s.p99Ms, BACKOFFICE_TARGETS.listP99Ms) })),
    { section: 'backoffice', subject: 'dashboard', metric: 'p99', target: `<= ${BACKOFFICE_TARGETS.dashboardP99Ms} ms`, actual: fmt(dashboardP99Ms, 1, ' ms'), pass: atMost(dashboardP99Ms, BACKOFFICE_TARGETS.dashboardP99Ms) },
    ...reports.map((s): Check => ({ section: 'backoffice', subject: s.subject, metric: 'p99', target: `<= ${BACKOFFICE_TARGETS.reportP99Ms} ms`, actual: fmt(s.p99Ms, 1, ' ms'), pass: atMost(s.p99Ms, BACKOFFICE_TARGETS.reportP99Ms) })),
    ...search.map((s): Check => ({ section: 'backoffice', subject: s.subject, metric: 'p99', target: `<= ${BACKOFFICE_TARGETS.searchP99Ms} ms`, actual: fmt(s.p99Ms, 1, ' ms'), pass: atMost(s.p99Ms, BACKOFFICE_TARGETS.searchP99Ms) })),
  ];
}

/** Issue 17: the back office's products table at 100,000 products. */
export const PRODUCT_LIST_TARGETS = { listP99Ms: 50 };

export function checkProductList(list: { subject: string; p99Ms: number }[]): Check[] {
  return list.map((s): Check => ({ section: 'products', subject: `products list: ${s.subject}`, metric: 'p99', target: `<= ${PRODUCT_LIST_TARGETS.listP99Ms} ms`, actual: fmt(s.p99Ms, 1, ' ms'), pass: atMost(s.p99Ms, PRODUCT_LIST_TARGETS.listP99Ms) }));
}

/**
 * Issue 29: an invoice's PDF rendered in under 200 ms at p95 (a typical order: a few lines, either
 * language), and memory bounded: rendering hundreds in a row grows the process by at most this
 * much over what the first renders left (fonts read, caches warm), so nothing accumulates per document.
 */
export const INVOICE_TARGETS = { p95Ms: 200, maxRssGrowthMb: 64 };

export function checkInvoices(typical: { subject: string; p95Ms: number }[], rssGrowthMb: number | null): Check[] {
  const t = INVOICE_TARGETS;
  return [
    ...typical.map((s): Check => ({ section: 'invoices', subject: `invoice PDF: ${s.subject}`, metric: 'p95', target: `<= ${t.p95Ms} ms`, actual: fmt(s.p95Ms, 1, ' ms'), pass: atMost(s.p95Ms, t.p95Ms) })),
    { section: 'invoices', subject: 'invoice PDFs, all renders', metric: 'RSS growth after warm-up', target: `<= ${t.maxRssGrowthMb} MB`, actual: fmt(rssGrowthMb, 1, ' MB'), pass: atMost(rssGrowthMb, t.maxRssGrowthMb) },
  ];
}

/** The full build of the largest catalogue, and the price edit measured on it. MB here is 1,024 x 1,024 bytes, as the build table prints. */
export function checkBuild(build: { seconds: number; bytes: number } | null, priceEditSeconds: number | null): Check[] {
  const t = BUILD_TARGETS;
  const subject = `site, ${t.products.toLocaleString('en')} products`;
  const mb = build ? build.bytes / 1024 / 1024 : null;
  return [
    { section: 'build', subject, metric: 'full build', target: `<= ${t.maxSeconds} s`, actual: fmt(build?.seconds, 1, ' s'), pass: atMost(build?.seconds, t.maxSeconds) },
    { section: 'build', subject, metric: 'output', target: `<= ${t.maxMb} MB`, actual: fmt(mb, 1, ' MB'), pass: atMost(mb, t.maxMb) },
    { section: 'build', subject, metric: 'price edit on its pages', target: `<= ${t.priceEditMaxSeconds} s`, actual: fmt(priceEditSeconds, 1, ' s'), pass: atMost(priceEditSeconds, t.priceEditMaxSeconds) },
  ];
}

/** Issue 32: the catalogue file's import of 10,000 new products (dry run and apply) in under 60 s. */
export const CATALOGUE_IMPORT_TARGETS = { products: 10_000, maxSeconds: 60 };

export function checkCatalogueImport(seconds: number | null, roundTripChanges: number | null): Check[] {
  const t = CATALOGUE_IMPORT_TARGETS;
  const subject = `catalogue import, ${t.products.toLocaleString('en')} products`;
  return [
    { section: 'catalogue', subject, metric: 'dry run + apply', target: `<= ${t.maxSeconds} s`, actual: fmt(seconds, 1, ' s'), pass: atMost(seconds, t.maxSeconds) },
    { section: 'catalogue', subject: 'catalogue export then import', metric: 'products changed', target: '0', actual: fmt(roundTripChanges), pass: roundTripChanges === null ? null : roundTripChanges === 0 },
  ];
}

/** A content page published in the back office, live on the site (issue 32: within 30 s), measured on the same site. */
export function checkPagePublish(seconds: number | null): Check {
  const t = BUILD_TARGETS;
  return { section: 'build', subject: `site, ${t.products.toLocaleString('en')} products`, metric: 'page publish to live', target: `<= ${t.pagePublishMaxSeconds} s`, actual: fmt(seconds, 1, ' s'), pass: atMost(seconds, t.pagePublishMaxSeconds) };
}
