/**
 * What the merchant declares (docs/taxes.md "What the merchant declares"): the lines of the
 * invoices and credit notes issued in a period, summed per registration, jurisdiction, tax, class,
 * rate and currency; in the order currency and in EUR. Each document line is converted at its
 * document's locked rates and rounded once (half away from zero, like orders.total_eur and
 * money.model.ts's divRound) before anything is added, so every sum, the CSV's included, adds up
 * to the cent. Credit notes are counted in the period they are issued, as negatives.
 */
import { and, gte, lt, sql } from 'drizzle-orm';
import type { CsvFile } from '../../../domain/back-office/csv.model.ts';
import { TAX_REPORT_TIME_ZONE, periodDays, periodInstants, type TaxReport, type TaxReportAmounts, type TaxReportKey, type TaxReportPeriod, type TaxReportRow } from '../../../domain/back-office/tax-report.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { toDecimalString } from '../../../domain/money.model.ts';
import { ratePercent } from '../../../domain/tax/tax.model.ts';
import { CsvDecimal, toCsv } from '../../csv.ts';
import type { Db } from '../../db/client.ts';
import { msg, render } from '../../messages/index.ts';
import { taxDocumentLines, taxDocuments, type TaxDocumentKind } from './schema.ts';

/** One document kind's lines of one report row, summed by the query. */
interface SummedLines extends TaxReportKey {
  kind: TaxDocumentKind;
  documents: number;
  base: number;
  amount: number;
  baseEur: number;
  amountEur: number;
}

const zero = (): TaxReportAmounts => ({ salesBase: 0, salesTax: 0, creditBase: 0, creditTax: 0, netBase: 0, netTax: 0 });

function add(into: TaxReportAmounts, kind: TaxDocumentKind, base: number, tax: number): void {
  const sign = kind === 'invoice' ? 1 : -1;
  if (kind === 'invoice') {
    into.salesBase += base;
    into.salesTax += tax;
  } else {
    into.creditBase -= base;
    into.creditTax -= tax;
  }
  into.netBase += sign * base;
  into.netTax += sign * tax;
}

const SCHEME_ORDER = ['home', 'EU-OSS', 'EU-IOSS', 'GB-VAT', 'AU-GST', 'NZ-GST', 'CA-GST', 'CA-QC-QST', 'CA-BC-PST', 'CA-MB-RST', 'CA-SK-PST'];
const schemeRank = (scheme: string) => (SCHEME_ORDER.includes(scheme) ? SCHEME_ORDER.indexOf(scheme) : SCHEME_ORDER.length);

export class TaxReportDesk {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async report(period: TaxReportPeriod): Promise<TaxReport> {
    const { start, end } = periodInstants(period);
    const { from, to } = periodDays(period);
    const eur = (column: typeof taxDocumentLines.base | typeof taxDocumentLines.amount) =>
      sql<string>`sum(round(${column}::numeric * ${taxDocuments.baseRateX100} / ${taxDocuments.rateX100}))`;
    const lines = await this.db
      .select({
        kind: taxDocuments.kind,
        declaredUnder: taxDocumentLines.declaredUnder,
        jurisdiction: taxDocumentLines.jurisdiction,
        tax: taxDocumentLines.tax,
        taxClass: taxDocumentLines.taxClass,
        rate: taxDocumentLines.rate,
        currency: taxDocuments.currency,
        // A credit note counts in the rows it reverses something in: one of a child's kit has a zero line at 20% too (its lines run parallel to the invoice's).
        documents: sql<number>`count(distinct case when ${taxDocumentLines.base} <> 0 or ${taxDocumentLines.amount} <> 0 then ${taxDocuments.id} end)::int`,
        base: sql<string>`sum(${taxDocumentLines.base})`,
        amount: sql<string>`sum(${taxDocumentLines.amount})`,
        baseEur: eur(taxDocumentLines.base),
        amountEur: eur(taxDocumentLines.amount),
      })
      .from(taxDocumentLines)
      .innerJoin(taxDocuments, sql`${taxDocuments.id} = ${taxDocumentLines.documentId}`)
      .where(and(gte(taxDocuments.issuedAt, start), lt(taxDocuments.issuedAt, end)))
      .groupBy(taxDocuments.kind, taxDocumentLines.declaredUnder, taxDocumentLines.jurisdiction, taxDocumentLines.tax, taxDocumentLines.taxClass, taxDocumentLines.rate, taxDocuments.currency);
    const counted = await this.db
      .select({ kind: taxDocuments.kind, n: sql<number>`count(*)::int` })
      .from(taxDocuments)
      .where(and(gte(taxDocuments.issuedAt, start), lt(taxDocuments.issuedAt, end)))
      .groupBy(taxDocuments.kind);

    const rows = new Map<string, TaxReportRow>();
    for (const raw of lines) {
      const line = { ...raw, base: Number(raw.base), amount: Number(raw.amount), baseEur: Number(raw.baseEur), amountEur: Number(raw.amountEur) } as SummedLines;
      // Only zeros (a note reversing nothing at this rate): no row for it.
      if (line.documents === 0) continue;
      const key = [line.declaredUnder, line.jurisdiction, line.tax, line.taxClass, line.rate, line.currency].join('|');
      let row = rows.get(key);
      if (!row) {
        const { declaredUnder, jurisdiction, tax, taxClass, rate, currency } = line;
        row = { declaredUnder, jurisdiction, tax, taxClass, rate, currency, invoices: 0, creditNotes: 0, amounts: zero(), eur: zero() };
        rows.set(key, row);
      }
      if (line.kind === 'invoice') row.invoices += line.documents;
      else row.creditNotes += line.documents;
      add(row.amounts, line.kind, line.base, line.amount);
      add(row.eur, line.kind, line.baseEur, line.amountEur);
    }
    const sorted = [...rows.values()].sort(
      (a, b) =>
        schemeRank(a.declaredUnder) - schemeRank(b.declaredUnder) ||
        a.declaredUnder.localeCompare(b.declaredUnder) ||
        a.jurisdiction.localeCompare(b.jurisdiction) ||
        a.tax.localeCompare(b.tax) ||
        b.rate - a.rate ||
        a.taxClass.localeCompare(b.taxClass) ||
        a.currency.localeCompare(b.currency),
    );
    const totalEur = zero();
    for (const row of sorted) for (const field of Object.keys(totalEur) as (keyof TaxReportAmounts)[]) totalEur[field] += row.eur[field];
    return {
      from,
      to,
      timeZone: TAX_REPORT_TIME_ZONE,
      rows: sorted,
      totalEur,
      invoices: counted.find((c) => c.kind === 'invoice')?.n ?? 0,
      creditNotes: counted.find((c) => c.kind === 'credit_note')?.n ?? 0,
    };
  }

  /** The report as CSV (RFC 4180, UTF-8 with BOM), one line per row, headed in the caller's language. */
  async export(period: TaxReportPeriod, locale: Locale): Promise<CsvFile> {
    const report = await this.report(period);
    const header = TAX_REPORT_COLUMNS.map((column) => render(msg(`admin.taxExport.${column}`), locale));
    const money = (amounts: TaxReportAmounts, currency: string) => AMOUNT_FIELDS.map((field) => new CsvDecimal(toDecimalString(amounts[field], currency)));
    const lines = report.rows.map((row) => [
      report.from,
      report.to,
      row.declaredUnder,
      row.jurisdiction,
      row.tax,
      row.taxClass,
      String(ratePercent(row.rate)),
      row.invoices,
      row.creditNotes,
      row.currency,
      ...money(row.amounts, row.currency),
      ...money(row.eur, 'EUR'),
    ]);
    return { fileName: `tax-report-${report.from}-${report.to}.csv`, csv: toCsv(header, lines), rows: lines.length };
  }
}

const AMOUNT_FIELDS = ['salesBase', 'salesTax', 'creditBase', 'creditTax', 'netBase', 'netTax'] as const satisfies readonly (keyof TaxReportAmounts)[];

/** The CSV's columns, in order (docs/taxes.md lists them and the return box each fills). */
export const TAX_REPORT_COLUMNS = [
  'from',
  'to',
  'declaredUnder',
  'jurisdiction',
  'tax',
  'taxClass',
  'ratePercent',
  'invoices',
  'creditNotes',
  'currency',
  'salesBase',
  'salesTax',
  'creditBase',
  'creditTax',
  'netBase',
  'netTax',
  'salesBaseEur',
  'salesTaxEur',
  'creditBaseEur',
  'creditTaxEur',
  'netBaseEur',
  'netTaxEur',
] as const;
