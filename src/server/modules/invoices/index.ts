/**
 * The invoices module: invoices and credit notes (tax_documents, their lines and PDFs), and what
 * the merchant declares from them (the tax report).
 */
export * from './schema.ts';
export { TaxReportDesk, TAX_REPORT_COLUMNS } from './tax-report.ts';
export { taxReportRoutes } from './tax-report-routes.ts';
