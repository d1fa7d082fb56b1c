/** The mail outbox: messages queued in their cause's transaction, the worker that sends them, its figures (docs/checkout-and-payments.md "Mail"). */
export * from './schema.ts';
export { CLAIM_BATCH, CLAIM_MS, MailOutbox, MailWorker, OUTBOX_CHANNEL, backoffMs, outboxPage, outboxStats, sweepSent, type OutboxStats } from './outbox.ts';
export { outboxRoutes } from './routes.ts';
export { forgetMail } from './erasure.ts';
