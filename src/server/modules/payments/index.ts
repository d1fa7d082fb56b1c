/**
 * The payments module: every PayPal file (client, simulator, webhooks, reconciler) and the only
 * writer of payments and processed_webhook_events. It asks the orders module to move orders.
 */
export * from './schema.ts';
export { PaymentLedger, type CaptureDetails, type PaymentRow } from './ledger.ts';
export { PaymentService, type CaptureAnswer, type PaymentDeps, type PaymentLog } from './payments.ts';
export { RefundDesk, type RefundDeps } from './refund-desk.ts';
export { ChangeMoney, changeRefundKey } from './change-money.ts';
export type { CreditNotes } from './refund-book.ts';
export { Reconciler, type ReconcileReport } from './reconciler.ts';
export { PaypalClient, fetchTransport } from './paypal-client.ts';
export { PaypalSimulator, SIM_PREFIX, simulatorTransport } from './simulator.ts';
export { simulatorPlugin } from './simulator-plugin.ts';
export { paypalBrowserConfig, paypalRoutes } from './routes.ts';
export { PaymentRequests, payLink, type DueRequest, requestTokenDigest, type PaymentRequestDeps, type PaymentRequestRow } from './payment-requests.ts';
export { RequestPayments, requestReference, type ExtraInvoices, type RequestPaymentDeps } from './pay-requests.ts';
export { payRequestRoutes } from './pay-request-routes.ts';
export { anonymisePayers, scrubRefunds } from './erasure.ts';
