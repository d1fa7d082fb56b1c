/** Outgoing webhooks: events queued in their change's transaction, sent by the outbox's machinery (docs/api.md "Webhooks"). */
export * from './schema.ts';
export { announceProductTx, emitWebhookTx, orderData, type OrderFacts, type WebhookPayload } from './events.ts';
export { WebhookDesk } from './desk.ts';
export { WebhookWorker, WEBHOOK_CHANNEL, sweepDelivered } from './worker.ts';
export { webhookRoutes } from './routes.ts';
export { signatureHeader, SIGNATURE_HEADER, EVENT_HEADER, DELIVERY_HEADER } from './signature.ts';
export { urlProblem } from './addresses.ts';
