/**
 * Section 9, invoice PDFs (issue 29, docs/performance.md "Invoice PDFs"): the invoices module's
 * renderer (src/server/modules/invoices/pdf.ts) in this process, one document at a time as the
 * mail worker and a download render them: a typical order (three printed lines) in each language,
 * and a long one (60 lines, three pages). p50, p95 and max per case after a warm-up, and the
 * process's RSS: after the warm-up (fonts read, caches warm), its peak over every render, and the
 * growth between the two, which must stay bounded (nothing kept per document).
 */
// The renderer alone (not the module's index, which loads the whole server): its own time and memory.
import { renderDocumentPdf, type DocumentPrint } from '../src/server/modules/invoices/pdf.ts';
import { checkInvoices, type Check } from './targets.ts';
import { MB } from './stats.ts';

export interface InvoiceCase {
  key: string;
  label: string;
  renders: number;
  pages: number;
  bytes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /**
   * The process's CPU time per render (user + system), p50 and p95: what a render costs, which
   * barely moves with the machine's load while wall-clock times do (docs/performance.md).
   */
  cpuP50Ms: number;
  cpuP95Ms: number;
  /** Counted against the p95 target (a typical order); the long one is reported only. */
  typical: boolean;
}

export interface InvoiceBenchResult {
  settings: string[];
  /** The first render of the process: reads the two font files. */
  coldMs: number;
  cases: InvoiceCase[];
  rssAfterWarmUpMb: number;
  peakRssMb: number;
  rssGrowthMb: number;
  checks: Check[];
}

const line = (i: number) => ({
  name: `Harbour City FC 2026/27 home shirt ${i + 1}`,
  size: 'L',
  details: 'Name KANE · Number 9 · Name print: Gold · Patch: Premier League',
  quantity: 1 + (i % 3),
  unitPrice: 8995,
  lineTotal: 8995 * (1 + (i % 3)),
});

function documentOf(locale: 'en-US' | 'zh-CN', lines: number): DocumentPrint {
  return {
    kind: 'invoice',
    number: 'INV-2026-000123',
    issuedAt: new Date('2026-11-29T10:00:00Z'),
    locale,
    currency: 'EUR',
    orderNo: 'JS-7KQ4M-2XPHD',
    corrects: null,
    seller: { name: 'Jersey Shop GmbH', lines: ['Hauptstraße 1', '10115 Berlin', 'Germany'], taxNumbers: ['VAT DE123456789', 'UK VAT GB123456789'], email: 'shop@example.com' },
    buyer: { name: locale === 'zh-CN' ? '张伟' : 'Ada Lovelace', lines: locale === 'zh-CN' ? ['朝阳区建国路 88 号', '100022 北京', '中国'] : ['12 St James Square', 'SW1Y 4JH London', 'United Kingdom'], taxNumbers: [], email: 'buyer@example.com' },
    lines: Array.from({ length: lines }, (_, i) => line(i)),
    amounts: { items: 53970, tierPercent: 10, tierDiscount: 5397, couponCode: 'SAVE5', couponDiscount: 500, shipping: 495 },
    taxRows: [{ jurisdiction: 'DE', tax: 'VAT', declaredUnder: 'home', rate: 19_000, base: 40818, amount: 7750 }],
    net: 40818,
    tax: 7750,
    total: 48568,
    display: 'inclusive',
    importTaxesOnDelivery: false,
  };
}

const CASES = [
  { key: 'typical-en', label: '3 lines, en-US', locale: 'en-US' as const, lines: 3, typical: true },
  { key: 'typical-zh', label: '3 lines, zh-CN', locale: 'zh-CN' as const, lines: 3, typical: true },
  { key: 'long-zh', label: '60 lines, zh-CN', locale: 'zh-CN' as const, lines: 60, typical: false },
];

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

export async function runInvoices(options: { quick: boolean; log: (message: string) => void }): Promise<InvoiceBenchResult> {
  const renders = options.quick ? 40 : 200;
  const warmUp = 10;
  let started = performance.now();
  await renderDocumentPdf(documentOf('en-US', 1));
  const coldMs = performance.now() - started;
  for (let i = 0; i < warmUp; i++) await renderDocumentPdf(documentOf(i % 2 ? 'zh-CN' : 'en-US', 3));
  const rssAfterWarmUp = process.memoryUsage().rss;
  let peak = rssAfterWarmUp;
  const cases: InvoiceCase[] = [];
  for (const c of CASES) {
    const count = c.typical ? renders : Math.max(10, renders / 5);
    options.log(`invoice PDFs: ${count} renders of ${c.label}`);
    const document = documentOf(c.locale, c.lines);
    const times: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    let pages = 0;
    for (let i = 0; i < count; i++) {
      started = performance.now();
      const cpuBefore = process.cpuUsage();
      const pdf = await renderDocumentPdf(document);
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
      bytes = pdf.length;
      pages = (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const cpuSorted = [...cpu].sort((a, b) => a - b);
    cases.push({
      key: c.key,
      label: c.label,
      renders: count,
      pages,
      bytes,
      p50Ms: round1(percentile(sorted, 50)),
      p95Ms: round1(percentile(sorted, 95)),
      maxMs: round1(sorted[sorted.length - 1]!),
      cpuP50Ms: round1(percentile(cpuSorted, 50)),
      cpuP95Ms: round1(percentile(cpuSorted, 95)),
      typical: c.typical,
    });
  }
  const rssGrowthMb = round1((peak - rssAfterWarmUp) / MB);
  return {
    settings: [
      `renderDocumentPdf in the bench's own process (Node ${process.version}), one at a time, after ${warmUp} warm-up renders; Noto Sans SC regular and bold embedded as subsets`,
      'memory: the process RSS after the warm-up and its peak over every measured render',
    ],
    coldMs: round1(coldMs),
    cases,
    rssAfterWarmUpMb: round1(rssAfterWarmUp / MB),
    peakRssMb: round1(peak / MB),
    rssGrowthMb,
    checks: checkInvoices(cases.filter((c) => c.typical).map((c) => ({ subject: c.label, p95Ms: c.p95Ms })), rssGrowthMb),
  };
}
