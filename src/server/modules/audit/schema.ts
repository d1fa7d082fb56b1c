/** The audit log: one row per write made in the back office (docs/back-office.md "Writes and the audit log"). */
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { happenedAt, staffAuthor } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: happenedAt(),
    ...staffAuthor('actor', () => users.id),
    /** `<entity>.<verb>`: order.move, order.refund, order.note, staff.grant... */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    /** The entity's public id (an order number, a user id). */
    entityId: text('entity_id').notNull(),
    /** The values the write changed, before and after; never a secret. */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId, t.at), index('audit_log_actor_idx').on(t.actorId, t.at)],
);
