/** The mail outbox as the back office shows it (docs/checkout-and-payments.md "Mail"). */
export interface OutboxMessageView {
  id: number;
  /** order-confirmation, reset-code, ... */
  kind: string;
  to: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When the next attempt is due (pending), null otherwise. */
  nextAttemptAt: string | null;
}

export interface OutboxStatusView {
  /** Messages waiting for a first or next attempt, or being sent. */
  backlog: number;
  failed: number;
  oldestQueuedAt: string | null;
  /** The newest failed messages, then the newest waiting ones (a few of each). */
  failures: OutboxMessageView[];
  waiting: OutboxMessageView[];
}
