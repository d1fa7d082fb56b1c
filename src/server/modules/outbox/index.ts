/** The mail outbox: messages queued in their cause's transaction, the worker that sends them, its figures (docs/checkout-and-payments.md "Mail"). */
export * from './schema.ts';
export { CLAIM_BATCH, CLAIM_MS, MailOutbox, MailWorker, OUTBOX_CHANNEL, SENT_KEPT_MS, backoffMs, outboxPage, outboxStats, sweepSent, type OutboxLog, type OutboxStats } from './outbox.ts';
// The queue machinery webhooks share (modules/webhooks/worker.ts).
export { dueOrLapsed, later, OutboxLoop } from './worker-loop.ts';
export { outboxRoutes } from './routes.ts';
export { forgetMail } from './erasure.ts';
