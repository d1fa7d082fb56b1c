/**
 * Codes mailed to prove a mailbox, for a password reset or a sign-in (docs/accounts-and-security.md
 * "Mailed codes"): 6 digits from crypto.randomInt, stored as an HMAC (keyed by AUTH_SECRET, bound
 * to purpose, user and email), valid 10 minutes, dead after 5 tries (each taken atomically), spent
 * by their one success, replaced by a newer request of the same purpose. Owns the mail_codes table.
 *
 * Enumeration: asking answers the same for every email, after the same database round trips, and
 * the mail goes through the outbox after the answer; checking runs one statement for known and
 * unknown emails alike.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { RESET_CODE_MAX_TRIES, RESET_CODE_RESEND_SECONDS, RESET_CODE_TTL_SECONDS, type MailCodePurpose, type SendCodeAnswer } from '../../../domain/account.model.ts';
import type { Clock } from '../../clock.ts';
import type { Caller } from '../../http/caller.ts';
import type { Db, Tx } from '../../db/client.ts';
import { msg, type Message } from '../../messages/index.ts';
import { mailCodes } from './schema.ts';
import { LIMITS, type RateLimiter } from './rate-limit.ts';
import type { UserService } from './users.ts';

export interface MailCodeDeps {
  db: Db;
  users: UserService;
  limiter: RateLimiter;
  /** AUTH_SECRET: keys the digests. */
  secret: string;
  clock: Clock;
}

/** A code that matched: `spend` uses it up (false when a racing request spent it first). */
export interface MatchedCode {
  userId: number;
  spend(): Promise<boolean>;
}

export class MailCodes {
  private readonly d: MailCodeDeps;

  constructor(deps: MailCodeDeps) {
    this.d = deps;
  }

  private digest(purpose: MailCodePurpose, userId: number, email: string, code: string): string {
    // Reset codes keep the digest input they had before sign-in codes existed.
    const scope = purpose === 'reset-password' ? 'reset' : purpose;
    return createHmac('sha256', this.d.secret).update(`${scope}:${userId}:${email}:${code}`).digest('base64url');
  }

  /**
   * Makes a new code for an active account's email, replacing any earlier one of that purpose,
   * and hands it to `queueMail` inside the same transaction (the outbox sends it after the
   * answer). Throttled per email (a resend countdown per purpose) and per address. The answer is
   * the same, after the same round trips, for an unknown or disabled email, which gets no mail.
   */
  async send(purpose: MailCodePurpose, email: string, caller: Caller, queueMail: (tx: Tx, code: string, minutes: number) => Promise<void>): Promise<SendCodeAnswer> {
    const notSent = (wait: Message) => msg('throttle.codeNotSent', { wait });
    await this.d.limiter.enforce([[LIMITS.codeResend, `${purpose}:${email}`]], notSent);
    await this.d.limiter.enforce(
      [
        [LIMITS.codeSendEmail, email],
        [LIMITS.codeSendAddress, caller.ip],
      ],
      notSent,
    );
    const user = await this.d.users.findByEmail(email);
    const now = this.d.clock();
    if (user && user.status === 'active') {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.d.db.transaction(async (tx) => {
        await tx.delete(mailCodes).where(and(eq(mailCodes.purpose, purpose), or(eq(mailCodes.userId, user.id), eq(mailCodes.email, email))));
        await tx.insert(mailCodes).values({
          userId: user.id,
          purpose,
          email,
          codeHash: this.digest(purpose, user.id, email, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_SECONDS * 1000),
        });
        await queueMail(tx, code, RESET_CODE_TTL_SECONDS / 60);
      });
    } else {
      // The same number of round trips as the path above, so timing says nothing either.
      await this.d.db.delete(mailCodes).where(eq(mailCodes.userId, 0));
    }
    return { resendAfterSeconds: RESET_CODE_RESEND_SECONDS, expiresInSeconds: RESET_CODE_TTL_SECONDS };
  }

  /**
   * Takes one try of the live code of `purpose` sent to `email` and compares it in constant time;
   * throws `refused()` when there is none (unknown email, expired, five tries taken) or it differs.
   * Checks are throttled per email and per address, whatever the purpose.
   */
  async match(purpose: MailCodePurpose, email: string, code: string, caller: Caller, refused: () => Error): Promise<MatchedCode> {
    await this.d.limiter.enforce(
      [
        [LIMITS.codeCheckEmail, email],
        [LIMITS.codeCheckAddress, caller.ip],
      ],
      (wait) => msg('throttle.codeCheck', { wait }),
    );
    // One statement for known and unknown emails alike: it takes a try if the code is alive.
    const [row] = await this.d.db
      .update(mailCodes)
      .set({ attempts: sql`${mailCodes.attempts} + 1` })
      .where(and(eq(mailCodes.purpose, purpose), eq(mailCodes.email, email), lt(mailCodes.attempts, RESET_CODE_MAX_TRIES), gt(mailCodes.expiresAt, this.d.clock())))
      .returning({ userId: mailCodes.userId, codeHash: mailCodes.codeHash });
    if (!row) throw refused();
    const expected = Buffer.from(row.codeHash);
    const given = Buffer.from(this.digest(purpose, row.userId, email, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused();
    return {
      userId: row.userId,
      // Deleting it is what spends it: of two racing requests with the same code, one wins.
      spend: async () => {
        const spent = await this.d.db
          .delete(mailCodes)
          .where(and(eq(mailCodes.purpose, purpose), eq(mailCodes.userId, row.userId), eq(mailCodes.codeHash, row.codeHash)))
          .returning({ userId: mailCodes.userId });
        return spent.length > 0;
      },
    };
  }

  /** Every code of a user, whatever its purpose, stops working (the email changed). */
  async voidAll(userId: number): Promise<void> {
    await this.d.db.delete(mailCodes).where(eq(mailCodes.userId, userId));
  }

  /** Drops codes that expired more than a day ago (housekeeping). */
  async sweep(): Promise<void> {
    await this.d.db.delete(mailCodes).where(lt(mailCodes.expiresAt, new Date(this.d.clock().getTime() - 86_400_000)));
  }
}
