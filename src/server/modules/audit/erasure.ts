/**
 * A customer's erasure reaches the audit log (docs/accounts-and-security.md "Erasure"): the rows
 * stay (who did what, when) with the customer's email replaced by the account's pseudonym
 * wherever it is written, their names replaced in the rows about them (their account, orders,
 * reviews, newsletter sign-ups), and rows they wrote as staff under the pseudonym. The table
 * refuses every change (migration 0016) but this one: the transaction turns
 * `app.audit_erasure` on for itself, and the trigger then lets only the personal columns change.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ErasureSubject } from '../../personal-data.ts';
import { auditLog } from './schema.ts';

/** The audit rows about the customer: an entity and its ids as the rows name them. */
export interface AuditSubjects {
  entity: string;
  ids: readonly string[];
}

/** Opens the trigger's one narrow way for this transaction only (set_config's `true`: local). */
export async function allowAuditErasure(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('app.audit_erasure', 'on', true)`);
}

/** Answers how many rows changed. Looks through the whole table for the emails: erasure is rare. */
export async function pseudonymiseAudit(tx: Tx, who: ErasureSubject, about: readonly AuditSubjects[]): Promise<number> {
  await allowAuditErasure(tx);
  const isAbout = (row: { entity: string; entityId: string }) => about.some((subject) => subject.entity === row.entity && subject.ids.includes(row.entityId));
  const aboutWhere: SQL[] = about.filter((subject) => subject.ids.length).map((subject) => and(eq(auditLog.entity, subject.entity), inArray(auditLog.entityId, [...subject.ids]))!);
  const mentions = who.emails.flatMap((email) => [auditLog.actorEmail, auditLog.entityId, auditLog.before, auditLog.after].map((column) => sql`strpos(lower(${column}::text), ${email}) > 0`));
  const rows = await tx
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorId, who.userId), ...aboutWhere, ...mentions))
    .for('update');
  let changed = 0;
  for (const row of rows) {
    const theirs = row.actorId === who.userId;
    const names = theirs || isAbout(row);
    const next = {
      actorId: theirs ? null : row.actorId,
      actorEmail: theirs ? who.pseudonym : who.scrub.text(row.actorEmail),
      entityId: who.scrub.text(row.entityId),
      before: who.scrub.json(row.before, names),
      after: who.scrub.json(row.after, names),
    };
    const same = next.actorId === row.actorId && next.actorEmail === row.actorEmail && next.entityId === row.entityId && JSON.stringify(next.before) === JSON.stringify(row.before) && JSON.stringify(next.after) === JSON.stringify(row.after);
    if (same) continue;
    await tx.update(auditLog).set(next).where(eq(auditLog.id, row.id));
    changed += 1;
  }
  return changed;
}
