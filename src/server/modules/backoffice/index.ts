/**
 * The back-office module: what staff read of orders (dashboard, orders table and CSV export,
 * order detail, production sheet) and their notes. It reads the orders, payments, catalogue and
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
export { peopleRoutes, type PeopleDeps } from './people-routes.ts';
export { couponUsage } from './coupon-usage.ts';
