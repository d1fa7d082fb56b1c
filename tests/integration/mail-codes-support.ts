/** Reading mailed codes (reset and sign-in) out of the test SMTP receiver's messages. */
import type { MailReceiver, ReceivedMail } from '../support/mail-receiver.ts';

/** The messages to `email` whose subject matches `subject`. */
export function mailsTo(mail: MailReceiver, email: string, subject: RegExp): ReceivedMail[] {
  return mail.messages.filter((m) => m.to.includes(email) && subject.test(m.subject));
}

/** Waits for the n-th such message and reads the 6-digit code out of its text. */
export async function codeFrom(mail: MailReceiver, email: string, subject: RegExp, nth = 1): Promise<{ code: string; message: ReceivedMail }> {
  await mail.waitFor(() => mailsTo(mail, email, subject).length >= nth);
  const message = mailsTo(mail, email, subject)[nth - 1]!;
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return { code, message };
}

/** A 6-digit code that is not this one. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
