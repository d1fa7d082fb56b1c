/**
 * Section 5, the report: a table per section on stdout, every target with PASS or FAIL, and the
 * whole result as JSON in bench/results/<date>.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiResult } from './api.ts';
import type { AssetsResult } from './assets.ts';
import type { BackOfficeResult } from './backoffice.ts';
import type { InvoiceBenchResult } from './invoices.ts';
import type { ProductListResult } from './product-list.ts';
import type { CatalogueImportResult } from './catalogue-import.ts';
import type { BuildResult } from './build.ts';
import type { PagesResult } from './pages.ts';
import type { VitalsBenchResult } from './vitals.ts';
import { ROOT } from './processes.ts';
import { LIGHTHOUSE_TARGETS, PEER, type Check } from './targets.ts';
import { VITAL_METRICS, formatVital, ratingOf } from '../src/domain/vitals.model.ts';

export interface BenchResult {
  date: string;
  mode: 'quick' | 'full';
  machine: { cpus: string; cores: number; memoryGb: number; node: string; loadAverage: { start: number[]; end: number[] } };
  commit: string;
  seconds: { total: number; api?: number; site?: number; pages?: number; assets?: number; vitals?: number; backoffice?: number; products?: number; invoices?: number; catalogue?: number };
  api?: ApiResult;
  build?: BuildResult;
  /** How the site the pages and assets sections read was made. */
  site?: { catalogue: string; note: string };
  pages?: PagesResult;
  assets?: AssetsResult;
  vitals?: VitalsBenchResult;
  backoffice?: BackOfficeResult;
  products?: ProductListResult;
  catalogue?: CatalogueImportResult;
  invoices?: InvoiceBenchResult;
  checks: Check[];
  /** Parts that failed (the others still ran). */
  errors: { part: string; message: string }[];
}

/** A plain text table: columns padded to their widest cell, numbers right-aligned. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => /^[-+]?[\d.,]+\s*(%|ms|KB|MB|s)?$|^n\/a$|^$/.test(row[i] ?? '')));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function verdict(pass: boolean | null): string {
  return pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL';
}

const n0 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? 'n/a' : Math.round(v).toLocaleString('en'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function apiSection(api: ApiResult): string {
  const parts = ['== 1. API ==', ...api.settings.map((s) => `   ${s}`)];
  for (const round of api.rounds) {
    parts.push('', `-- ${round.db}, ${round.products.toLocaleString('en')} products, median of ${round.runsPerScenario} run(s) of ${round.secondsPerRun} s --`);
    const share = (percent: number | null) => (percent === null ? 'n/a' : `${percent.toFixed(1)}%`);
    const rows = [round.bareHttp, round.bare, ...round.scenarios].map((s) => {
      if (s.unavailable) return [s.label, 'n/a', '', '', '', '', '', '', '', ''];
      const m = s.median!;
      const cpu = m.cpuUsPerRequest === null || m.cpuUsPerRequest === undefined ? 'n/a' : n0(m.cpuUsPerRequest);
      return [s.label, n0(m.rps), `${m.p50Ms} ms`, `${m.p99Ms} ms`, n0(m.errors), n0(m.non2xx), share(s.percentOfBareHttp), share(s.percentOfBare), cpu, s.peakRssMb === null ? '' : `${n0(s.peakRssMb)} MB`];
    });
    parts.push(table(['scenario', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', '% of node:http', '% of Fastify', 'CPU us/req', 'peak RSS'], rows));
    for (const s of round.scenarios) if (s.unavailable) parts.push(`${s.label}: ${s.unavailable}`);
    parts.push('   (CPU us/req: the server process\'s CPU time per answered request, which moves far less with the machine\'s load than req/s)');
    const readPath = round.checks.filter((c) => c.metric === '% of bare node:http');
    if (readPath.length) {
      parts.push(`Read path against bare node:http (issue 28): ${readPath.map((c) => `${c.subject} ${c.actual} ${verdict(c.pass)} (${c.target})`).join(', ')}`);
      for (const s of round.scenarios) {
        if (s.pairedBareHttpRps !== null) parts.push(`   ${s.key}: against the node:http ceiling measured between its own runs, ${n0(s.pairedBareHttpRps)} req/s (median)`);
      }
    }
    for (const s of round.scenarios) {
      if (s.firstPass) parts.push(`   ${s.key}: first pass over ${n0(s.firstPass.requests)} distinct requests, every answer made and kept (cache misses): ${n0(s.firstPass.rps)} req/s, p99 ${s.firstPass.p99Ms} ms`);
    }
    parts.push(
      `Ceilings before the scenarios: node:http ${n0(round.bareHttp.median?.rps)} req/s, Fastify ${n0(round.bare.median?.rps)} req/s; after them: ${n0(round.bareHttpAfterRps)} and ${n0(round.bareAfterRps)} req/s (shares above use the first; a big gap means the machine's load changed meanwhile)`,
    );
    parts.push(`RSS: idle ${n0(round.rss.idleMb)} MB, peak under load ${n0(round.rss.peakUnderLoadMb)} MB, high-water mark since start ${n0(round.rss.highWaterMb)} MB`);
    for (const s of round.scenarios) for (const note of s.notes) parts.push(`   ${s.key}: ${note}`);
    for (const s of round.scenarios) {
      if (!s.profile) continue;
      parts.push(`   ${s.key} profile (${s.profile.file}), self time by where: ${s.profile.byLocation.slice(0, 8).map((l) => `${l.where} ${l.percent}%`).join(', ')}`);
      parts.push(`      top functions: ${s.profile.byFunction.slice(0, 8).map((f) => `${f.fn} [${f.where}] ${f.percent}%`).join(', ')}`);
    }
  }
  for (const failure of api.failed) parts.push('', `-- ${failure.db}: NOT MEASURED, ${failure.message.split('\n')[0]} --`);
  parts.push('', `Peer (Vendure 3.7, same method on this kind of machine): search ${PEER.search.rps} req/s p99 ${PEER.search.p99Ms} ms; detail ${PEER.detail.rps} req/s p99 ${PEER.detail.p99Ms} ms; cart add ${PEER.cartAdd.rps} req/s p99 ${PEER.cartAdd.p99Ms} ms; bare Fastify ~${PEER.bareRps.toLocaleString('en')} req/s`);
  return parts.join('\n');
}

function buildSection(build: BuildResult): string {
  const rows = build.builds.map((b) => [
    b.products === 'demo' ? 'demo catalogue' : `${b.products.toLocaleString('en')} products`,
    n0(b.htmlPages),
    `${b.seconds.toFixed(1)} s`,
    b.astroSeconds === null ? 'n/a' : `${b.astroSeconds.toFixed(1)} s`,
    n0(b.files),
    `${(b.bytes / 1024 / 1024).toFixed(1)} MB`,
  ]);
  const update = build.update
    ? [
        `Price edit on ${build.update.products.toLocaleString('en')} products (product ${build.update.productId}, admin API to page files): en-US ${build.update.seconds['en-US']} s, zh-CN ${build.update.seconds['zh-CN']} s`,
        ...build.update.builderLog.map((line) => `   ${line.trim()}`),
        ...(build.update.pagePublish
          ? [
              `Page publish (/${build.update.pagePublish.locale}/${build.update.pagePublish.slug}/, publish call to page file): ${build.update.pagePublish.seconds} s`,
              ...build.update.pagePublish.builderLog.map((line) => `   ${line.trim()}`),
            ]
          : []),
      ]
    : [];
  return ['== 4. Build ==', ...build.settings.map((s) => `   ${s}`), table(['catalogue', 'HTML pages', 'build', 'astro alone', 'files', 'output'], rows), ...update].join('\n');
}

function pagesSection(pages: PagesResult): string {
  const rows = pages.pages.map((p) => {
    const m = p.median;
    const checks = pages.checks.filter((c) => c.subject === `${p.kind} (${p.locale})`);
    const failed = checks.filter((c) => c.pass === false).map((c) => c.metric);
    if (!m) return [p.kind, p.locale, 'n/a', '', '', '', '', '', '', p.error ?? 'no run'];
    return [
      p.kind,
      p.locale,
      n0(m.performance),
      n0(m.accessibility),
      n0(m.bestPractices),
      n0(m.seo),
      `${n0(m.lcpMs)} ms`,
      `${n0(m.tbtMs)} ms`,
      m.cls.toFixed(3),
      failed.length ? `FAIL (${failed.join(', ')})` : 'PASS',
    ];
  });
  const parts = ['== 2. Pages (Lighthouse) ==', ...pages.settings.map((s) => `   ${s}`), table(['page', 'locale', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'CLS', 'targets'], rows)];
  const failing = pages.pages.filter((p) => p.failing.length > 0);
  if (failing.length) {
    parts.push('Audits below full marks (accessibility, best practices, SEO), to fix:');
    for (const p of failing) parts.push(`   ${p.kind} (${p.locale}) ${p.path}: ${p.failing.join(', ')}`);
  }
  const slow = pages.pages.filter((p) => p.median && p.median.tbtMs > LIGHTHOUSE_TARGETS.maxTbtMs[p.kind]);
  if (slow.length) {
    parts.push('Where the main thread went on pages over the TBT target (first run; Lighthouse simulates a 4x slower CPU):');
    for (const p of slow) {
      const run = p.runs[0]!;
      parts.push(`   ${p.kind} (${p.locale}): ${run.mainThread.map((m) => `${m.what} ${m.ms} ms`).join(', ')}; scripts: ${run.scriptCpu.map((s) => `${s.url} ${s.ms} ms`).join(', ')}`);
    }
  }
  const benchmarks = pages.pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex)).filter((b): b is number => b !== null);
  if (benchmarks.length) parts.push(`   Lighthouse CPU benchmark index of this machine during the runs: ${Math.min(...benchmarks)}-${Math.max(...benchmarks)} (lower means a slower or busier CPU; the simulated figures scale what was observed)`);
  const warnings = [...new Set(pages.pages.flatMap((p) => p.runs.flatMap((r) => r.warnings)))];
  for (const warning of warnings) parts.push(`   Lighthouse warning: ${warning}`);
  return parts.join('\n');
}

function assetsSection(assets: AssetsResult): string {
  const rows = assets.pages.map((p) => {
    const checks = assets.checks.filter((c) => c.subject === `${p.kind} (${p.locale})`);
    return [
      p.kind,
      p.locale,
      kb(p.js.beforeInteraction),
      kb(p.js.onScroll),
      kb(p.js.all),
      kb(p.css),
      p.observed ? kb(p.observed.js) : '',
      checks.length ? checks.map((c) => `${verdict(c.pass)} ${c.metric.replace(' (gzip)', '')} ${c.target}`).join('; ') : '',
    ];
  });
  return [
    '== 3. JavaScript and CSS per page (gzip) ==',
    ...assets.settings.map((s) => `   ${s}`),
    table(['page', 'locale', 'JS before interaction', 'JS on scroll', 'JS in all', 'CSS', 'JS observed (Lighthouse)', 'targets'], rows),
  ].join('\n');
}

function vitalsSection(vitals: VitalsBenchResult): string {
  const rows = vitals.summary.rows.map((row) => [
    row.page,
    row.locale,
    ...VITAL_METRICS.map((metric) => {
      const measured = row.metrics[metric];
      return measured ? `${formatVital(metric, measured.p75, 'en-US')} (${ratingOf(metric, measured.p75)}, ${n0(measured.views)})` : 'n/a';
    }),
  ]);
  return [
    '== 8. Real-user vitals (p75 stored today, rating, views) ==',
    ...vitals.settings.map((s) => `   ${s}`),
    `   ${vitals.sent} beacons sent this run, ${vitals.refused} turned away`,
    table(['page type', 'locale', ...VITAL_METRICS], rows),
  ].join('\n');
}

function backOfficeSection(office: BackOfficeResult): string {
  const rows = office.list.map((s) => [s.label, s.matching === null ? 'n/a' : n0(s.matching), n0(s.figures.requests), `${s.figures.p50Ms} ms`, `${s.figures.p99Ms} ms`, `${s.figures.maxMs} ms`]);
  rows.push(['dashboard', '', n0(office.dashboard.requests), `${office.dashboard.p50Ms} ms`, `${office.dashboard.p99Ms} ms`, `${office.dashboard.maxMs} ms`]);
  for (const s of office.reports ?? []) rows.push([s.label, '', n0(s.figures.requests), `${s.figures.p50Ms} ms`, `${s.figures.p99Ms} ms`, `${s.figures.maxMs} ms`]);
  for (const s of office.search ?? []) rows.push([s.label, s.matching === null ? 'n/a' : n0(s.matching), n0(s.figures.requests), `${s.figures.p50Ms} ms`, `${s.figures.p99Ms} ms`, `${s.figures.maxMs} ms`]);
  return [
    '== 6. Back office (PostgreSQL) ==',
    ...office.settings.map((s) => `   ${s}`),
    `   ${n0(office.orders)} orders generated in ${office.generateSeconds.toFixed(1)} s`,
    table(['request', 'matching', 'requests', 'p50', 'p99', 'max'], rows),
  ].join('\n');
}

function catalogueSection(c: CatalogueImportResult): string {
  return [
    `== 8. Catalogue file import (${c.db}) ==`,
    ...c.settings.map((s) => `   ${s}`),
    table(
      ['step', 'time', 'file'],
      [
        ['dry run', `${c.dryRunSeconds.toFixed(1)} s`, `${c.fileMb} MB, ${n0(c.rows)} rows`],
        ['apply', `${c.applySeconds.toFixed(1)} s`, `${n0(c.products)} products created`],
        ['export (whole catalogue)', `${c.exportSeconds.toFixed(1)} s`, `${c.exportMb} MB`],
        ['its dry run', `${c.roundTripSeconds.toFixed(1)} s`, `${n0(c.roundTripChanges)} changes`],
      ],
    ),
    `   peak RSS during the steps ${c.peakRssMb} MB (${c.startRssMb} MB before the dry run; PGlite runs in this process)`,
  ].join('\n');
}

function productListSection(products: ProductListResult): string {
  const rows = products.list.map((s) => [s.label, n0(s.matching), n0(s.figures.requests), `${s.figures.p50Ms} ms`, `${s.figures.p99Ms} ms`, `${s.figures.maxMs} ms`]);
  return [
    '== 7. Back office products table (PostgreSQL) ==',
    ...products.settings.map((s) => `   ${s}`),
    `   ${n0(products.products)} products generated in ${products.seedSeconds.toFixed(1)} s`,
    table(['request', 'matching products', 'requests', 'p50', 'p99', 'max'], rows),
  ].join('\n');
}

function invoicesSection(invoices: InvoiceBenchResult): string {
  const rows = invoices.cases.map((c) => [c.label, n0(c.renders), String(c.pages), `${n0(Math.round(c.bytes / 1024))} KB`, `${c.p50Ms} ms`, `${c.p95Ms} ms`, `${c.maxMs} ms`, `${c.cpuP50Ms} ms`, `${c.cpuP95Ms} ms`]);
  return [
    '== 9. Invoice PDFs ==',
    ...invoices.settings.map((s) => `   ${s}`),
    `   first render of the process (reads the fonts): ${invoices.coldMs} ms`,
    table(['document', 'renders', 'pages', 'size', 'p50', 'p95', 'max', 'CPU p50', 'CPU p95'], rows),
    `   RSS after warm-up ${invoices.rssAfterWarmUpMb} MB, peak ${invoices.peakRssMb} MB (growth ${invoices.rssGrowthMb} MB)`,
  ].join('\n');
}

function summary(checks: Check[]): string {
  const rows = checks.map((c) => [verdict(c.pass), c.section, c.subject, c.metric, c.target, c.actual]);
  const passed = checks.filter((c) => c.pass === true).length;
  const failed = checks.filter((c) => c.pass === false).length;
  return ['== Targets (issue 6) ==', table(['result', 'section', 'subject', 'metric', 'target', 'measured'], rows), `${passed} passed, ${failed} failed`].join('\n');
}

export function formatReport(result: BenchResult): string {
  const parts = [
    `Jersey shop bench, ${result.mode} run, ${result.date}, commit ${result.commit}`,
    `Machine: ${result.machine.cores} x ${result.machine.cpus}, ${result.machine.memoryGb} GB, Node ${result.machine.node}; load average at start ${result.machine.loadAverage.start.map((l) => l.toFixed(2)).join(' ')}, at end ${result.machine.loadAverage.end.map((l) => l.toFixed(2)).join(' ')}`,
  ];
  if (result.api) parts.push('', apiSection(result.api));
  if (result.pages) parts.push('', pagesSection(result.pages));
  if (result.assets) parts.push('', assetsSection(result.assets));
  if (result.vitals) parts.push('', vitalsSection(result.vitals));
  if (result.build) parts.push('', buildSection(result.build));
  if (result.backoffice) parts.push('', backOfficeSection(result.backoffice));
  if (result.products) parts.push('', productListSection(result.products));
  if (result.catalogue) parts.push('', catalogueSection(result.catalogue));
  if (result.invoices) parts.push('', invoicesSection(result.invoices));
  if (result.site) parts.push(`Site measured: ${result.site.catalogue}; ${result.site.note}`);
  parts.push('', summary(result.checks));
  for (const error of result.errors) parts.push(`NOT MEASURED: ${error.part} failed: ${error.message.split('\n')[0]}`);
  const s = result.seconds;
  const sections = (['api', 'site', 'pages', 'assets', 'vitals', 'backoffice', 'products', 'invoices', 'catalogue'] as const).filter((k) => s[k] !== undefined).map((k) => `${k} ${s[k]!.toFixed(0)} s`);
  parts.push(`Took ${s.total.toFixed(0)} s (${sections.join(', ')})`);
  return parts.join('\n');
}

/** An ISO date as a file name: 2026-11-21T18-58-04Z. */
export function fileStamp(isoDate: string): string {
  return isoDate.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
}

/** Writes the result as bench/results/<date>.json (git-ignored) and answers the file's path. */
export async function writeResult(result: BenchResult): Promise<string> {
  const dir = path.join(ROOT, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${fileStamp(result.date)}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
