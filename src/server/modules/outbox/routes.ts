/** The dashboard's mail outbox card: backlog and failures (dashboard:view), and sending a message again (mail:retry, audited). */
import { mailApi } from '../../../domain/api/admin/mail.ts';
import { mailRetryRequestSchema } from '../../../domain/back-office/mail.schema.ts';
import type { OutboxMessageView, OutboxStatusView } from '../../../domain/back-office/mail.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import type { AuditLog } from '../audit/index.ts';
import { outboxPage, outboxStats, retryNow, type OutboxRow } from './outbox.ts';

export interface OutboxRouteDeps {
  db: Db;
  audit: AuditLog;
  /** Wakes this instance's worker after a retry. */
  wake: () => void;
}

/** Messages of each kind the card lists. */
const SHOWN = 10;

function view(row: OutboxRow): OutboxMessageView {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

export function outboxRoutes(deps: OutboxRouteDeps, guards: Guards) {
  const status = async (): Promise<OutboxStatusView> => {
    const [stats, failed, pending, sending] = await Promise.all([
      outboxStats(deps.db),
      outboxPage(deps.db, 'failed', 1, SHOWN),
      outboxPage(deps.db, 'pending', 1, SHOWN),
      outboxPage(deps.db, 'sending', 1, SHOWN),
    ]);
    return {
      backlog: stats.backlog,
      failed: stats.failed,
      oldestQueuedAt: stats.oldestQueuedAt?.toISOString() ?? null,
      failures: failed.rows.map(view),
      waiting: [...sending.rows, ...pending.rows].slice(0, SHOWN).map(view),
    };
  };
  return backOfficeCalls(guards, [PERMISSIONS.DASHBOARD_VIEW, PERMISSIONS.MAIL_RETRY], (watch, retry) => {
    watch(mailApi.status, 'The mail outbox: messages waiting and failed, with the newest of each', undefined, status);
    retry(mailApi.retry, 'Send a failed or waiting message now, with its attempts counted afresh', mailRetryRequestSchema, async ({ body, actor }) => {
      const found = await deps.db.transaction(async (tx) => {
        const before = await retryNow(tx, body.id);
        if (before) {
          await deps.audit.record(tx, {
            actor,
            action: 'mail.retry',
            entity: 'mail',
            entityId: String(before.id),
            before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
            after: { status: 'pending', attempts: 0 },
          });
        }
        return before;
      });
      if (!found) throw notFound('mail');
      deps.wake();
      return status();
    });
  });
}
