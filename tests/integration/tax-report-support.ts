/**
 * Invoices and credit notes written straight into the append-only tables, as the issuing code
 * would (modules/invoices), so the tax report can be tested on documents of any date, currency
 * and jurisdiction. The order's locked rates are copied, as issuing does.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DeclaredUnder, TaxClass, TaxName } from '../../src/domain/tax/tax.model.ts';
import { orders, taxDocumentLines, taxDocuments } from '../../src/server/db/schema.ts';
import type { TestShop } from './harness.ts';

export interface DocumentLineDraft {
  jurisdiction: string;
  tax: TaxName;
  declaredUnder: DeclaredUnder;
  taxClass?: TaxClass;
  rate: number;
  base: number;
  amount: number;
  shipping?: boolean;
}

export interface IssuedDocument {
  id: number;
  number: string;
  orderId: number;
  currency: string;
  rateX100: number;
  baseRateX100: number;
  lines: DocumentLineDraft[];
}

const PARTY = { name: 'Test', lines: ['Somewhere'], taxNumbers: [], email: null };

/** An invoice (or, with `corrects`, a credit note) of the order, issued at `issuedAt`. */
export async function issueDocument(
  shop: TestShop,
  orderNo: string,
  draft: { issuedAt: string; lines: DocumentLineDraft[]; corrects?: IssuedDocument; net?: number },
): Promise<IssuedDocument> {
  const db = shop.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new Error(`no order ${orderNo}`);
  const kind = draft.corrects ? 'credit_note' : 'invoice';
  const series = draft.corrects ? 'CN' : 'INV';
  const year = Number(draft.issuedAt.slice(0, 4));
  const [last] = await db
    .select({ seq: sql<number>`coalesce(max(${taxDocuments.seq}), 0)::int` })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.series, series), eq(taxDocuments.year, year)));
  const seq = (last?.seq ?? 0) + 1;
  const number = `${series}-${year}-${String(seq).padStart(6, '0')}`;
  const tax = draft.lines.reduce((n, l) => n + l.amount, 0);
  const net = draft.net ?? draft.lines.reduce((n, l) => n + l.base, 0);
  const [row] = await db
    .insert(taxDocuments)
    .values({
      kind,
      series,
      year,
      seq,
      number,
      orderId: order.id,
      correctsId: draft.corrects?.id ?? null,
      issuedAt: new Date(draft.issuedAt),
      locale: order.locale,
      currency: order.currency,
      rateX100: order.rateX100,
      baseRateX100: order.baseRateX100,
      net,
      tax,
      total: net + tax,
      seller: PARTY,
      buyer: PARTY,
    })
    .returning({ id: taxDocuments.id });
  await db.insert(taxDocumentLines).values(
    draft.lines.map((line, lineIndex) => ({ documentId: row!.id, lineIndex, shipping: line.shipping ?? false, taxClass: line.taxClass ?? 'standard', ...line })),
  );
  return { id: row!.id, number, orderId: order.id, currency: order.currency, rateX100: order.rateX100, baseRateX100: order.baseRateX100, lines: draft.lines };
}
