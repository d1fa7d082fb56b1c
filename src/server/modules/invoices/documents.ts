/**
 * Invoices and credit notes (docs/taxes.md "Invoices and credit notes"). The invoices module alone
 * writes document_counters, tax_documents, tax_document_lines and tax_document_files; the
 * database refuses any UPDATE, DELETE or TRUNCATE of the last three (migration 0018).
 *
 * - An invoice is issued inside the transaction that marks its order paid (orders' markPaidTx,
 *   through the OrderInvoices port app.ts wires), with the next number of its series and year.
 * - A credit note is issued inside the transaction that records a refund's completion (payments'
 *   refund-book.ts, through its CreditNotes port), its tax reversed by creditNoteTax over the
 *   earlier notes, never beyond the invoice: the tax of the lines the refund names, or a
 *   proportional share for a refund by amount.
 * - The PDF is rendered after that transaction, the first time someone needs it (the mail worker,
 *   a download), and stored once: two instances rendering at once store one, and everyone
 *   answers the stored bytes from then on.
 * An order change that adds to the price (a later issue) will issue a new invoice for the
 * difference the same way; an issued invoice is never changed.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../domain/locale.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { refundLinesValue, taxWasAdded } from '../../../domain/orders.model.ts';
import { creditNoteTax, type CreditNoteTax, type NamedLines } from '../../../domain/tax/credit-note.ts';
import type { OrderTaxRow } from '../../../domain/tax/checkout-tax.ts';
import { summariseTax } from '../../../domain/tax/summary.ts';
import type { TaxDocumentRecord, TaxLine } from '../../../domain/tax/tax.model.ts';
import type { ShopSettings } from '../../../domain/settings.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { MailAttachmentRef, MailAttachments, MailFile } from '../../mail/mailer.ts';
import { lineDetails } from '../../mail/order-lines.ts';
import { msg, render } from '../../messages/index.ts';
import { pick } from '../../messages/localise.ts';
import type { GeoService } from '../geo/index.ts';
import { OrderViews, orderItems, orderTaxLines, orders, type OrderRow, type RefundLine } from '../orders/index.ts';
import { refunds } from '../payments/index.ts';
import { extraTaxLines } from './extra-lines.ts';
import { numberingYear, takeNumberTx } from './numbering.ts';
import { buyerParty, sellerParty } from './parties.ts';
import { renderDocumentPdf, type DocumentPrint, type PrintedLine } from './pdf.ts';
import { taxDocumentFiles, taxDocumentLines, taxDocuments, type TaxDocumentKind } from './schema.ts';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
type TaxDocumentLineRow = typeof taxDocumentLines.$inferSelect;

/** A document just issued: its id (what a mail attaches) and number. */
export interface IssuedDocument {
  id: number;
  number: string;
}

/** What a credit note is issued for: a completed refund of so much, or everything the invoice has left (a chargeback). */
export interface CreditNoteAsk {
  orderId: number;
  refundId: number | null;
  amount: number | 'rest';
}

export interface TaxDocumentDeps {
  db: Db;
  geo: GeoService;
  /** The settings of the moment: the seller and its numbers are frozen on each document. */
  settings: (tx: Tx) => Promise<ShopSettings>;
  clock: Clock;
  /** Printed as the seller until Settings -> Seller has a legal name (the shop's host name). */
  fallbackSellerName: string;
}

export const PDF_TYPE = 'application/pdf';

function taxLineOf(row: Pick<TaxDocumentLineRow, 'lineIndex' | 'shipping' | 'jurisdiction' | 'tax' | 'declaredUnder' | 'taxClass' | 'rate' | 'base' | 'amount'>): TaxLine {
  return {
    target: row.shipping ? { kind: 'shipping' } : { kind: 'line', index: row.lineIndex },
    jurisdiction: row.jurisdiction,
    tax: row.tax,
    declaredUnder: row.declaredUnder,
    taxClass: row.taxClass,
    rate: row.rate,
    base: row.base,
    amount: row.amount,
  };
}

/** A tax line's own columns, without the row it was read from (its id, its order or document). */
function taxRowOf(l: OrderTaxRow): OrderTaxRow {
  return { lineIndex: l.lineIndex, shipping: l.shipping, jurisdiction: l.jurisdiction, tax: l.tax, declaredUnder: l.declaredUnder, taxClass: l.taxClass, rate: l.rate, base: l.base, amount: l.amount };
}

/** The order's language and locked rates, which every document of the order carries as they were. */
function lockedTerms(from: Pick<OrderRow, 'locale' | 'currency' | 'rateX100' | 'baseRateX100'>) {
  return { locale: from.locale, currency: from.currency, rateX100: from.rateX100, baseRateX100: from.baseRateX100 };
}

function localeOf(value: string): Locale {
  return isLocale(value) ? value : 'en-US';
}

export class TaxDocuments implements MailAttachments {
  private readonly d: TaxDocumentDeps;

  constructor(deps: TaxDocumentDeps) {
    this.d = deps;
  }

  // ---------- issuing (inside the caller's transaction) ----------

  /**
   * The order's invoice, issued now (the transaction marking it paid): the order's tax lines
   * copied, net = total - tax, seller and buyer frozen. An order already invoiced answers its invoice.
   */
  async issueInvoiceTx(tx: Tx, order: OrderRow): Promise<IssuedDocument> {
    const [existing] = await tx.select({ id: taxDocuments.id, number: taxDocuments.number }).from(taxDocuments).where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')));
    if (existing) return existing;
    const settings = await this.d.settings(tx);
    const lines = await tx.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id)).orderBy(asc(orderTaxLines.id));
    return this.invoiceTx(tx, order, settings, lines, order.total);
  }

  /**
   * The invoice of what a paid payment request added to the order (an order change's extra,
   * docs/taxes.md "Invoices for an order change's extra"), issued in the paying transaction with
   * the next number of the invoice series. Its tax lines are what the order's tax lines now hold
   * beyond what its documents invoiced so far (invoices less credit notes), line by line; where
   * that leaves nothing (a change that did not reprice the tax lines), the extra carries the
   * order's tax in proportion to its total. Never more tax than the amount.
   */
  async issueExtraInvoiceTx(tx: Tx, order: OrderRow, amount: number): Promise<IssuedDocument> {
    const settings = await this.d.settings(tx);
    const current = await tx.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id)).orderBy(asc(orderTaxLines.id));
    const documents = await tx.select({ id: taxDocuments.id, kind: taxDocuments.kind }).from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    const documentLines = documents.length ? await tx.select().from(taxDocumentLines).where(inArray(taxDocumentLines.documentId, documents.map((d) => d.id))) : [];
    const lines = extraTaxLines(
      current,
      documentLines.map((l) => ({ ...l, sign: documents.find((d) => d.id === l.documentId)!.kind === 'invoice' ? 1 : -1 })),
      amount,
      order.total,
    );
    return this.invoiceTx(tx, order, settings, lines, amount);
  }

  /** An invoice of `total` for the order with the next number of the invoice series: its tax is the lines', which are issued with it. */
  private async invoiceTx(tx: Tx, order: OrderRow, settings: ShopSettings, lines: readonly OrderTaxRow[], total: number): Promise<IssuedDocument> {
    const tax = lines.reduce((sum, line) => sum + line.amount, 0);
    const locale = localeOf(order.locale);
    const [document] = await tx
      .insert(taxDocuments)
      .values({
        ...(await this.numberedTx(tx, 'invoice', settings.seller.invoiceSeries)),
        orderId: order.id,
        ...lockedTerms({ ...order, locale }),
        net: total - tax,
        tax,
        total,
        seller: sellerParty(settings.seller, settings.taxes, lines.map((l) => l.declaredUnder), this.d.fallbackSellerName),
        buyer: await this.buyerOf(order, locale),
      })
      .returning({ id: taxDocuments.id, number: taxDocuments.number });
    if (lines.length) await tx.insert(taxDocumentLines).values(lines.map((l) => ({ ...taxRowOf(l), documentId: document!.id })));
    return document!;
  }

  /**
   * A credit note for a completed refund (or the rest of the invoice), in the credit note
   * series, correcting the order's invoice: its tax is what creditNoteTax reverses given the
   * earlier notes, its total the refund, never more than the invoice has left. Null when the order
   * has no invoice (paid before invoices existed) or nothing is left; a refund already credited
   * answers its note.
   */
  async creditNoteTx(tx: Tx, ask: CreditNoteAsk): Promise<IssuedDocument | null> {
    // An order paid in parts (an order change's extra, payments' payment requests) has an invoice
    // per part: a refund credits the oldest invoice with something left, as refunds draw on the
    // oldest capture first (payments' refund-desk.ts), so each part's refund meets its invoice.
    const all = await tx.select().from(taxDocuments).where(eq(taxDocuments.orderId, ask.orderId)).orderBy(asc(taxDocuments.id));
    if (ask.refundId !== null) {
      const done = all.find((note) => note.kind === 'credit_note' && note.refundId === ask.refundId);
      if (done) return { id: done.id, number: done.number };
    }
    const invoices = all.filter((d) => d.kind === 'invoice');
    const leftOf = (id: number) => all.find((d) => d.id === id)!.total - all.filter((d) => d.correctsId === id).reduce((sum, note) => sum + note.total, 0);
    const invoice = invoices.find((i) => leftOf(i.id) > 0) ?? invoices[0];
    if (!invoice) return null;
    const notes = all.filter((d) => d.correctsId === invoice.id);
    const ids = [invoice.id, ...notes.map((n) => n.id)];
    const allLines = await tx.select().from(taxDocumentLines).where(inArray(taxDocumentLines.documentId, ids)).orderBy(asc(taxDocumentLines.id));
    const linesOf = (id: number) => allLines.filter((l) => l.documentId === id);
    const invoiceLines = linesOf(invoice.id);
    // The lines each refund named: this one's are what its note reverses, the earlier ones' say how many of each are left.
    const refundIds = [...notes.map((n) => n.refundId), ask.refundId].filter((id): id is number => id !== null);
    const named = refundIds.length ? await tx.select({ id: refunds.id, lines: refunds.lines }).from(refunds).where(inArray(refunds.id, refundIds)) : [];
    const namedBy = (refundId: number | null) => (refundId === null ? [] : (named.find((r) => r.id === refundId)?.lines ?? []));
    const previous: CreditNoteTax[] = notes.map((note) => ({ refund: note.total, lines: linesOf(note.id).map(taxLineOf), tax: note.tax, namedLines: namedBy(note.refundId).length > 0 }));
    const left = invoice.total - previous.reduce((sum, note) => sum + note.refund, 0);
    const refund = Math.min(ask.amount === 'rest' ? left : ask.amount, left);
    if (refund <= 0) return null;
    const lines = namedBy(ask.refundId);
    const note = creditNoteTax({
      invoice: { lines: invoiceLines.map(taxLineOf), total: invoice.total },
      previous,
      refund,
      named: lines.length ? await this.namedLinesTx(tx, invoice.orderId, lines, notes.flatMap((n) => namedBy(n.refundId))) : undefined,
    });
    const settings = await this.d.settings(tx);
    const [document] = await tx
      .insert(taxDocuments)
      .values({
        ...(await this.numberedTx(tx, 'credit_note', settings.seller.creditNoteSeries)),
        orderId: invoice.orderId,
        correctsId: invoice.id,
        refundId: ask.refundId,
        ...lockedTerms(invoice),
        net: refund - note.tax,
        tax: note.tax,
        total: refund,
        // The parties as the invoice printed them: a note corrects that invoice, whatever changed since.
        seller: invoice.seller,
        buyer: invoice.buyer,
      })
      .returning({ id: taxDocuments.id, number: taxDocuments.number });
    // One line per invoice line, zeros included, so every note runs parallel to its invoice (creditNoteTax's rule).
    if (invoiceLines.length) {
      await tx.insert(taxDocumentLines).values(
        invoiceLines.map((l, i) => ({ ...taxRowOf(l), documentId: document!.id, base: note.lines[i]!.base, amount: note.lines[i]!.amount })),
      );
    }
    return document!;
  }

  /** A document issued now: its kind, and the next number of its series in this year. */
  private async numberedTx(tx: Tx, kind: TaxDocumentKind, series: string) {
    const issuedAt = this.d.clock();
    const year = numberingYear(issuedAt);
    const { seq, number } = await takeNumberTx(tx, series, year);
    return { kind, series, year, seq, number, issuedAt };
  }

  /**
   * A refund's lines as creditNoteTax names them: each by its position among the order's lines
   * (the tax lines' line_index, order_items by id), how many of it the earlier credited refunds
   * left, their whole quantity, and what they are worth by the refund desk's rule (their price,
   * without the tax where it was added to the prices: creditNoteTax counts it in, by the desk's
   * refundLineTax).
   */
  private async namedLinesTx(tx: Tx, orderId: number, lines: readonly RefundLine[], earlier: readonly RefundLine[]): Promise<NamedLines> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const items = await tx.select({ id: orderItems.id, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const done = (id: number) => earlier.reduce((sum, l) => sum + (l.orderItemId === id ? l.quantity : 0), 0);
    const named = lines.map((line) => {
      const index = items.findIndex((item) => item.id === line.orderItemId);
      if (index < 0) throw new Error(`refund line ${line.orderItemId} is not a line of order ${orderId}`);
      return { index, quantity: line.quantity, left: items[index]!.quantity - done(line.orderItemId), of: items[index]!.quantity };
    });
    const value = refundLinesValue(order!, items, named.map(({ index, quantity, left, of }) => ({ index, quantity, before: of - left })));
    return { lines: named, value, taxAdded: taxWasAdded(order!) };
  }

  private async buyerOf(order: OrderRow, locale: Locale) {
    const a = order.shippingAddress;
    const region = await this.d.geo.region(a.country);
    const state = region?.states.find((s) => s.code === a.province);
    return buyerParty(a, order.email, region ? pick(region.country.name, locale) : a.country, state ? pick(state.name, locale) : a.province);
  }

  // ---------- reading ----------

  /** The order's documents as its pages list them, oldest first. */
  async documentsOf(db: Db, orderId: number): Promise<TaxDocumentRecord[]> {
    const rows = await db
      .select({ kind: taxDocuments.kind, number: taxDocuments.number, issuedAt: taxDocuments.issuedAt, total: taxDocuments.total, tax: taxDocuments.tax })
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId))
      .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
    return rows.map((r) => ({ kind: r.kind, number: r.number, issuedAt: r.issuedAt.toISOString(), total: r.total, tax: r.tax }));
  }

  /** A document of the order by its number, or null. */
  async byNumber(orderId: number, number: string): Promise<TaxDocumentRow | null> {
    const [row] = await this.d.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.number, number)));
    return row ?? null;
  }

  /** The order of that number (staff's downloads), or null. */
  async orderByNumber(orderNo: string): Promise<OrderRow | null> {
    const [row] = await this.d.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    return row ?? null;
  }

  // ---------- the PDF, rendered once and stored ----------

  /** The document's PDF: the stored one, or rendered now and stored (the first to store wins; everyone answers its bytes). */
  async pdf(document: TaxDocumentRow): Promise<Buffer> {
    const stored = await this.storedPdf(document.id);
    if (stored) return stored;
    const pdf = await renderDocumentPdf(await this.printOf(document));
    await this.d.db
      .insert(taxDocumentFiles)
      .values({ documentId: document.id, pdf, sha256: createHash('sha256').update(pdf).digest('hex') })
      .onConflictDoNothing();
    return (await this.storedPdf(document.id))!;
  }

  private async storedPdf(documentId: number): Promise<Buffer | null> {
    const [row] = await this.d.db.select({ pdf: taxDocumentFiles.pdf }).from(taxDocumentFiles).where(eq(taxDocumentFiles.documentId, documentId));
    return row ? row.pdf : null;
  }

  /** The outbox's attachments (MailAttachments): a document's PDF by its id, rendered and stored if it was not yet. */
  async resolve(ref: MailAttachmentRef): Promise<MailFile> {
    const [document] = await this.d.db.select().from(taxDocuments).where(eq(taxDocuments.id, ref.documentId));
    if (!document) throw new Error(`tax document ${ref.documentId} does not exist`);
    return { filename: `${document.number}.pdf`, contentType: PDF_TYPE, content: await this.pdf(document) };
  }

  /** What the PDF shows: the document, its lines, and the order's frozen lines and amounts. */
  async printOf(document: TaxDocumentRow): Promise<DocumentPrint> {
    const db = this.d.db;
    const locale = localeOf(document.locale);
    const [[order], items, lines] = await Promise.all([
      db.select().from(orders).where(eq(orders.id, document.orderId)),
      db.select().from(orderItems).where(eq(orderItems.orderId, document.orderId)).orderBy(asc(orderItems.id)),
      db.select().from(taxDocumentLines).where(eq(taxDocumentLines.documentId, document.id)).orderBy(asc(taxDocumentLines.id)),
    ]);
    const shown = (item: (typeof items)[number], quantity: number, priced: boolean): PrintedLine => {
      const record = OrderViews.lineRecord(item, locale);
      return {
        name: record.name,
        size: record.size,
        details: lineDetails(record, locale),
        quantity,
        unitPrice: priced ? item.unitPrice : null,
        lineTotal: priced ? item.lineTotal : null,
      };
    };
    let printed: PrintedLine[];
    let corrects: string | null = null;
    const [first] = document.kind === 'invoice' ? await db.select({ id: taxDocuments.id }).from(taxDocuments).where(and(eq(taxDocuments.orderId, document.orderId), eq(taxDocuments.kind, 'invoice'))).orderBy(asc(taxDocuments.id)).limit(1) : [];
    const extra = document.kind === 'invoice' && first !== undefined && first.id !== document.id;
    if (extra) {
      // An order change's extra: one charge, what the payment request asked (the order's lines are on its first invoice).
      printed = [{ name: render(msg('document.extraCharge', { orderNo: order!.orderNo }), locale), size: '', details: '', quantity: 1, unitPrice: document.total, lineTotal: document.total }];
    } else if (document.kind === 'invoice') {
      printed = items.map((item) => shown(item, item.quantity, true));
    } else {
      const [invoice] = await db.select({ number: taxDocuments.number }).from(taxDocuments).where(eq(taxDocuments.id, document.correctsId!));
      corrects = invoice?.number ?? null;
      const [refund] = document.refundId === null ? [] : await db.select({ lines: refunds.lines }).from(refunds).where(eq(refunds.id, document.refundId));
      printed = (refund?.lines ?? []).flatMap((l) => {
        const item = items.find((i) => i.id === l.orderItemId);
        return item ? [shown(item, l.quantity, false)] : [];
      });
    }
    return {
      kind: document.kind,
      number: document.number,
      issuedAt: document.issuedAt,
      locale,
      currency: document.currency as CurrencyCode,
      orderNo: order!.orderNo,
      corrects,
      seller: document.seller,
      buyer: document.buyer,
      lines: printed,
      amounts:
        document.kind === 'invoice' && !extra
          ? { items: order!.itemsTotal, tierPercent: order!.tierPercent, tierDiscount: order!.tierDiscount, couponCode: order!.couponCode, couponDiscount: order!.couponDiscount, shipping: order!.shippingAmount }
          : null,
      // A credit note's breakdown leaves out the rates it reverses nothing at (a child's kit refunded: no 20% row of zeros).
      taxRows: summariseTax(lines.map(taxLineOf)).filter((row) => document.kind === 'invoice' || row.base !== 0 || row.amount !== 0),
      net: document.net,
      tax: document.tax,
      total: document.total,
      display: order!.taxDisplay,
      importTaxesOnDelivery: order!.importTaxesOnDelivery,
    };
  }
}
