/**
 * Invoices and credit notes (docs/taxes.md "Invoices and credit notes"): tax documents with
 * gap-free numbers per series and year, their tax lines, and their PDF, stored once. A document is
 * never changed after it is issued: a correction is a credit note.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { at, bytea, createdAt, keyedTable, requiredRef } from '../../db/columns.ts';
import { lockedTermsColumns, orders, taxLineColumns } from '../orders/schema.ts';
import { refunds } from '../payments/schema.ts';

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/**
 * The last number given in each series and year. A document's number is taken by incrementing
 * its row inside the transaction that issues the document (the payment's, the refund's): the row
 * lock queues parallel issuers, and a rollback gives the number back, so numbers have no gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    /** "INV", "CN". */
    series: text('series').notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] }), check('document_counters_last_ck', sql`${t.last} >= 1`)],
);

/** Seller or buyer as printed on a document, frozen when it is issued. */
export interface DocumentParty {
  name: string;
  /** Address lines as printed, the country last. */
  lines: string[];
  /** Registration numbers printed under the name ("VAT DE123456789", "IOSS IM1234567890"). */
  taxNumbers: string[];
  email: string | null;
}

export const taxDocuments = keyedTable(
  'tax_documents',
  {
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    series: text('series').notNull(),
    year: smallint('year').notNull(),
    seq: integer('seq').notNull(),
    /** As printed: `INV-2026-000123`. */
    number: text('number').notNull(),
    /** No cascade: a document outlives everything (kept for the tax authorities). */
    orderId: requiredRef('order_id', () => orders.id),
    /** The invoice a credit note corrects. */
    correctsId: integer('corrects_id').references((): AnyPgColumn => taxDocuments.id),
    /** The refund a credit note records. */
    refundId: integer('refund_id').references(() => refunds.id),
    issuedAt: at('issued_at').notNull(),
    /** The order's (its language is the PDF's; the report converts with its rates). */
    ...lockedTermsColumns(),
    /** Positive amounts in the order currency's minor units; a credit note's are what it takes back. */
    net: integer('net').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    seller: jsonb('seller').$type<DocumentParty>().notNull(),
    buyer: jsonb('buyer').$type<DocumentParty>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_uq').on(t.number),
    uniqueIndex('tax_documents_seq_uq').on(t.series, t.year, t.seq),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_issued_idx').on(t.issuedAt, t.kind),
    check('tax_documents_kind_ck', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('tax_documents_amounts_ck', sql`${t.net} >= 0 and ${t.tax} >= 0 and ${t.total} = ${t.net} + ${t.tax}`),
    check('tax_documents_credit_ck', sql`(${t.kind} = 'credit_note') = (${t.correctsId} is not null)`),
  ],
);

/** A document's tax lines, parallel to the order's (order_tax_lines): a credit note's reverse the invoice's. */
export const taxDocumentLines = keyedTable(
  'tax_document_lines',
  {
    documentId: requiredRef('document_id', () => taxDocuments.id),
    ...taxLineColumns(),
  },
  (t) => [index('tax_document_lines_document_idx').on(t.documentId), check('tax_document_lines_amounts_ck', sql`${t.base} >= 0 and ${t.amount} >= 0`)],
);

/** A document's PDF, rendered once (after the issuing transaction) and never again. */
export const taxDocumentFiles = pgTable('tax_document_files', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => taxDocuments.id),
  pdf: bytea('pdf').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});
