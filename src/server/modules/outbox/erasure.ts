/**
 * A customer's erasure: every message to them (sent, waiting or failed) and every message that
 * names them (the merchant's "order paid" notice) goes, so nothing still queued mails an erased
 * customer. The erasure's audit row keeps how many went; the outbox has nothing an operator needs
 * of a sent message after it went (sent rows are swept after 30 days anyway).
 */
import { inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ErasureSubject } from '../../personal-data.ts';
import { mailOutbox } from './schema.ts';

export async function forgetMail(tx: Tx, who: ErasureSubject): Promise<number> {
  if (who.emails.length === 0) return 0;
  const found = (column: AnyColumn) => or(...who.emails.map((email) => sql`strpos(lower(${column}), ${email}) > 0`));
  // A cheap look for the emails anywhere, then the exact whole-word test.
  const candidates = await tx
    .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(or(inArray(sql`lower(${mailOutbox.toAddress})`, [...who.emails]), found(mailOutbox.subject), found(mailOutbox.textBody), found(mailOutbox.htmlBody)))
    .for('update');
  const ids = candidates.filter((mail) => who.emails.includes(mail.to.toLowerCase()) || [mail.subject, mail.text, mail.html].some((part) => who.scrub.mentions(part))).map((mail) => mail.id);
  if (ids.length === 0) return 0;
  await tx.delete(mailOutbox).where(inArray(mailOutbox.id, ids));
  return ids.length;
}
