/**
 * Throttling for sign-in, registration, reset-code sending and checking, and newsletter sign-ups
 * (docs/accounts-and-security.md): fixed-window counters in the database, so every API instance
 * counts together. A blocked caller waits for the window to end (a cool-down); nothing is ever
 * locked for good, so an attacker cannot lock an owner out for longer than one window.
 *
 * Counter keys are HMACs of the subject (an email or a client address), not the subject itself.
 */
import { createHmac } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rateLimits } from './schema.ts';
import { tooManyRequests } from '../../errors.ts';
import { msg, type Message } from '../../messages/index.ts';

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 3600;

/** Every limit in one place (docs/accounts-and-security.md "Throttling" lists them). */
export const LIMITS = {
  /** Failed sign-ins per account (by email, known or not), then per client address. */
  loginAccount: { name: 'login-account', max: 5, windowSeconds: 15 * MINUTE },
  loginAddress: { name: 'login-address', max: 20, windowSeconds: 15 * MINUTE },
  /** Wrong second-step codes (authenticator or recovery) per staff account: the failed sign-ins' limit. */
  twoFactorAccount: { name: 'two-factor-account', max: 5, windowSeconds: 15 * MINUTE },
  /** Staff invite links read or accepted per client address: a token is 256 bits, this only slows a flood. */
  inviteAddress: { name: 'invite-address', max: 20, windowSeconds: 15 * MINUTE },
  register: { name: 'register-address', max: 10, windowSeconds: HOUR },
  /** "Someone tried to register with your email" mails: one an hour per address at most. */
  registerNotice: { name: 'register-notice', max: 1, windowSeconds: HOUR },
  /** One reset code a minute per email: the page's resend countdown. */
  codeResend: { name: 'code-resend', max: 1, windowSeconds: MINUTE },
  codeSendEmail: { name: 'code-send-email', max: 5, windowSeconds: HOUR },
  codeSendAddress: { name: 'code-send-address', max: 20, windowSeconds: HOUR },
  codeCheckEmail: { name: 'code-check-email', max: 10, windowSeconds: 15 * MINUTE },
  codeCheckAddress: { name: 'code-check-address', max: 30, windowSeconds: 15 * MINUTE },
  /** Email changes tried from the profile (each one may reveal that an address is taken). */
  emailChange: { name: 'email-change-user', max: 10, windowSeconds: HOUR },
  newsletter: { name: 'newsletter-address', max: 20, windowSeconds: HOUR },
  /** Real-user vitals reports: one per sampled page view, so a few a minute from one person; more is a flood (or a large office behind one address). */
  vitals: { name: 'vitals-address', max: 30, windowSeconds: MINUTE },
} as const satisfies Record<string, Limit>;

export interface HitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/** "30 seconds", "14 minutes", as a message (said in the request's language). */
export function describeWait(seconds: number): Message {
  if (seconds < 120) return msg('wait.seconds', { count: Math.max(1, Math.ceil(seconds)) });
  return msg('wait.minutes', { count: Math.ceil(seconds / 60) });
}

export class RateLimiter {
  private readonly db: Db;
  private readonly secret: string;
  private readonly clock: Clock;

  constructor(db: Db, secret: string, clock: Clock) {
    this.db = db;
    this.secret = secret;
    this.clock = clock;
  }

  private key(limit: Limit, subject: string): string {
    return `${limit.name}:${createHmac('sha256', this.secret).update(subject).digest('base64url').slice(0, 32)}`;
  }

  /** Counts one attempt and says whether it is within the limit. */
  async hit(limit: Limit, subject: string): Promise<HitResult> {
    const now = this.clock();
    const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
    const nowText = now.toISOString();
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: this.key(limit, subject), windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.windowStart} <= ${cutoff}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff}::timestamptz then ${nowText}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
    const hits = row?.hits ?? 1;
    const windowEnds = (row?.windowStart ?? now).getTime() + limit.windowSeconds * 1000;
    return { allowed: hits <= limit.max, hits, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)) };
  }

  /**
   * Counts one attempt against each limit and throws 429 (code 1429, the wait in data and
   * Retry-After) if any is exceeded. `message` receives the wait, e.g. "14 minutes".
   */
  async enforce(checks: readonly (readonly [Limit, string])[], message: (wait: Message) => Message): Promise<void> {
    let wait = 0;
    for (const [limit, subject] of checks) {
      const result = await this.hit(limit, subject);
      if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds);
    }
    if (wait > 0) throw tooManyRequests(message(describeWait(wait)), wait);
  }

  /** Takes back one attempt (a sign-in that succeeded does not count against the address). */
  async undo(limit: Limit, subject: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(eq(rateLimits.key, this.key(limit, subject)));
  }

  async clear(limit: Limit, subject: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, this.key(limit, subject)));
  }

  /** Drops counters whose window ended more than a day ago. */
  async sweep(): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(this.clock().getTime() - 86_400_000)));
  }
}

type StoreAnswer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The per-address request limit's counter (@fastify/rate-limit's `store` option) when there is
 * no Redis: the same fixed-window rows as the throttles above, so every instance counts together.
 * One upsert per API request: with many instances, Redis (REDIS_URL) is the cheaper counter.
 */
export function requestLimitStore(limiter: RateLimiter) {
  return class DatabaseRequestStore {
    incr(key: string, done: StoreAnswer, timeWindow: number, max: number): void {
      limiter.hit({ name: 'request-address', max, windowSeconds: Math.max(1, Math.round(timeWindow / 1000)) }, key).then(
        (result) => done(null, { current: result.hits, ttl: result.retryAfterSeconds * 1000 }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): DatabaseRequestStore {
      return new DatabaseRequestStore();
    }
  };
}
