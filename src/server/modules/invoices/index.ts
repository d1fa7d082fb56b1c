/**
 * The invoices module: invoices and credit notes with gap-free numbers, their tax lines and their
 * stored PDFs (docs/taxes.md "Invoices and credit notes"). It alone writes document_counters,
 * tax_documents, tax_document_lines and tax_document_files; orders and payments reach it through
 * the ports app.ts wires (OrderInvoices, CreditNotes), the outbox through MailAttachments. The tax
 * report reads them (docs/taxes.md "What the merchant declares").
 */
export * from './schema.ts';
export { PDF_TYPE, TaxDocuments, type CreditNoteAsk, type IssuedDocument, type TaxDocumentDeps, type TaxDocumentRow } from './documents.ts';
export { documentNumber, numberingYear, parseDocumentNumber, takeNumberTx } from './numbering.ts';
export { buyerParty, sellerParty } from './parties.ts';
export { documentDate, renderDocumentPdf, type DocumentPrint, type InvoiceAmounts, type PrintedLine } from './pdf.ts';
export { DOCUMENT_DOWNLOAD_ACTION, documentRoutes } from './routes.ts';
export { TaxReportDesk, TAX_REPORT_COLUMNS } from './tax-report.ts';
export { taxReportRoutes } from './tax-report-routes.ts';
