/** The mail outbox in the back office (docs/back-office.md "Mail outbox"): its backlog and failures, and sending a message again. */
import type { z } from 'zod';
import type { mailRetryRequestSchema } from '../../back-office/mail.schema.ts';
import type { OutboxStatusView } from '../../back-office/mail.model.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const mailApi = {
  status: get<NoRequest, OutboxStatusView>('/admin/mail/status'),
  /** A failed or waiting message is due now, with its attempts counted afresh (audited). */
  retry: post<z.input<typeof mailRetryRequestSchema>, OutboxStatusView>('/admin/mail/retry'),
} as const;
