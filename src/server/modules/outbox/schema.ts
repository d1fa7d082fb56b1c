/**
 * The mail outbox (docs/checkout-and-payments.md "Mail"): every message is a row written in the
 * transaction of what caused it, sent later by a worker on any instance.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import type { MailAttachmentRef } from '../../mail/mailer.ts';

export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** What a message attaches: a tax document's PDF, by its id (modules/invoices); the type is the mail transport's. */
export type { MailAttachmentRef } from '../../mail/mailer.ts';

/**
 * The columns of a row the outbox's machinery sends (a mail, a webhook delivery; outbox.ts claims
 * and retries both alike): its state, attempts and the next one's time, the claim, the last
 * failure, and when it was written and sent.
 */
export function queuedColumns() {
  return {
    /** pending: waiting for its next attempt; sending: claimed by `claimedBy` until `claimedUntil`; sent; failed: out of attempts. */
    status: text('status', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: at('claimed_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  };
}

/** Such a table's check of its states, and the index the worker's claim walks (only the unsent rows), named after the table. */
export function queuedRules(table: string, t: { status: ExtraConfigColumn; nextAttemptAt: ExtraConfigColumn }) {
  return [
    check(`${table}_status_ck`, sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index(`${table}_due_idx`).on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
  ];
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What it is, for logs and the back office: order-confirmation, reset-code, ... */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files the sender attaches, resolved when it sends (an invoice's PDF is rendered after the paying transaction). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    ...queuedColumns(),
  },
  (t) => [...queuedRules('mail_outbox', t), index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);
