/**
 * The orders module: alone creates and moves orders, and writes orders, order_items,
 * order_status_events, shipments and shipment_events. Checkout places through OrderService.placing (one prepared statement),
 * payments marks paid through markPaidTx and claims captures; the back office moves through the desk.
 */
export * from './schema.ts';
export { CAPTURE_GRACE_MS, OrderService, lockedRate, type OrderDraft, type OrderItemDraft, type OrderPlacing, type PlacedOrderRef, type PlacedRow, type PlacingParts, PLACING_ROWS } from './orders.ts';
export { OrderViews, accessTokenFor, orderByNumber, orderNoSql, orderNoStarting, orderLocale, orderTaxLinesOf, tokenDigest, type ItemRow, type OrderAccess, type OrderInvoices, type OrderPayments, type OrderRow, type OrderServiceDeps } from './views.ts';
export { OrderNotes } from './notes.ts';
export type { ReplacementAsk, ReplacementLine } from './replacement.ts';
export { OrderDesk, moveAuditEntry, moveRefusal, requireCode, type OrderDeskDeps, type RefundAsk, type RefundLine, type Refunds } from './order-desk.ts';
export { buyerOrderCalls, orderAccessOf, orderRoutes } from './routes.ts';
export { OrderChangeDesk, type OrderChangeDeps, type OrderChangeMoney } from './order-changes.ts';
export { productionHold, type OrderPaymentRequests } from './production-hold.ts';
export { orderChangeRoutes } from './change-routes.ts';
export { anonymiseOrders, scrubOrderNotes } from './erasure.ts';
export { ShipmentDesk, type ShipmentDeskDeps } from './shipment-desk.ts';
export { parcelsOf } from './parcels.ts';
export { shipmentRoutes } from './shipment-routes.ts';
