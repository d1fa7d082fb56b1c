/**
 * The back-office module: what staff read of orders (dashboard, orders table and CSV export,
 * order detail, production sheet) and their notes, and the customer, review moderation and
 * newsletter calls. It reads the orders, payments, catalogue and
 * accounts tables through those modules' entries and writes only through them (notes: orders'
 * OrderNotes) and the audit log; nothing but app.ts imports it.
 */
export { csvField, toCsv } from '../../csv.ts';
export { dashboard, LOW_STOCK_AT } from './dashboard.ts';
export { nextStatusesFor, OrderDetailDesk } from './order-detail-desk.ts';
export { filterCondition, orderBy, type OrderFilter } from './order-filter.ts';
export { EXPORT_MAX_ROWS, OrderTable, type OrderQuery } from './order-list.ts';
export { productionSheet } from './production-sheet.ts';
export { backOfficeRoutes, type BackOfficeDeps } from './routes.ts';
export { customerRoutes, type CustomerRouteDeps } from './customer-routes.ts';
export { searchRoutes } from './search.ts';
export { reviewRoutes, type ReviewRouteDeps } from './review-routes.ts';
export { newsletterRoutes, type NewsletterRouteDeps } from './newsletter-routes.ts';
export { couponUsage } from './coupon-usage.ts';
export { SalesReportDesk } from './sales-report.ts';
export { salesReportRoutes } from './sales-report-routes.ts';
