/**
 * Registration, sign-in (by password or by mailed code), password reset by mailed code, password
 * change and profile changes: everything that proves who a shopper is. The codes are mail-codes.ts's.
 *
 * Enumeration (docs/accounts-and-security.md): sign-in, registration and code requests answer alike
 * for known and unknown emails: the same code and message, the same database round trips, and
 * the same scrypt work (a dummy hash for unknown emails); mail goes out after the answer. See
 * docs/accounts-and-security.md "Enumeration" for the registration design and its one residual
 * signal.
 */
import { CODES } from '../../../domain/api/envelope.ts';
import { birthdayToIso, type Profile, type SendCodeAnswer } from '../../../domain/account.model.ts';
import { type CodeLoginRequest, type LoginRequest, type ProfileRequest, type RegisterRequest, type ResetPasswordRequest } from '../../../domain/account.schema.ts';
import { isLocale, type Locale } from '../../../domain/locale.ts';
import { isStaff } from '../../../domain/back-office/staff.model.ts';
import type { Clock } from '../../clock.ts';
import type { Caller } from '../../http/caller.ts';
import type { Db } from '../../db/client.ts';
import { MailCodes } from './mail-codes.ts';
import { AppError, fail, failWith, invalidFields, notFound } from '../../errors.ts';
import type { SecondStep } from '../../../domain/back-office/two-factor.ts';
import { msg } from '../../messages/index.ts';
import type { MailQueue } from '../../mail/mailer.ts';
import { emailChangedMail, loginCodeMail, passwordChangedMail, registrationAttemptMail, resetCodeMail, welcomeMail, type MailLinks } from '../../mail/templates.ts';
import type { PasswordHasher } from './passwords.ts';
import { LIMITS, type RateLimiter } from './rate-limit.ts';
import type { AuthUser, SessionService, TokenPair } from './sessions.ts';
import { UserService } from './users.ts';

/** Who is asking: their address (for throttling) and language (for mail). */
export type { Caller };

/**
 * A failed sign-in into a staff account, for the audit log (the audit module's AuditLog fits):
 * named here so that accounts does not import the audit module (whose table refers to accounts' users).
 */
export interface StaffSignInFailure {
  userId: number;
  email: string;
  reason: 'password' | 'code' | 'disabled' | 'second-step';
  ip: string;
}

/**
 * What accounts need of the newsletter (the shopper module's NewsletterService fits): named here
 * so that accounts does not import the shopper module, whose routes import accounts.
 */
export interface NewsletterSubscriptions {
  subscribe(email: string, source: 'register' | 'profile'): Promise<boolean>;
  unsubscribe(email: string): Promise<void>;
  isSubscribed(email: string): Promise<boolean>;
}

export interface AccountDeps {
  db: Db;
  users: UserService;
  sessions: SessionService;
  newsletter: NewsletterSubscriptions;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  /** The mail outbox (sent by its worker, never while the request waits). */
  mail: MailQueue;
  /** AUTH_SECRET: keys the mailed codes' digests. */
  secret: string;
  clock: Clock;
  /** Storefront origin and base path, for links in mail. */
  site: string;
  /**
   * Told of failed sign-ins into staff accounts (docs/accounts-and-security.md "The audit log").
   * It must return at once and never throw: the answer does not wait for the record, so its
   * timing says nothing about which emails are staff accounts.
   */
  signInFailed?: (failure: StaffSignInFailure) => void;
  /**
   * Asked once the password (or mailed code) is proven: a staff account with two-step sign-in
   * gets no tokens yet but a challenge for its code (the two-factor module; code 1428).
   */
  secondStep?: (userId: number) => Promise<SecondStep | null>;
}

const loginFailed = () => fail(CODES.CREDENTIALS_REJECTED, 'account.loginFailed');
const resetFailed = () => fail(CODES.CREDENTIALS_REJECTED, 'account.resetFailed');

export class AccountService {
  private readonly d: AccountDeps;
  private readonly codes: MailCodes;

  constructor(deps: AccountDeps) {
    this.d = deps;
    this.codes = new MailCodes(deps);
  }

  private links(locale: Locale): MailLinks {
    return { site: this.d.site, locale };
  }

  /**
   * Creates the account, or, when the email already has one, mails its owner instead. The
   * answer is the same either way and logs nobody in: the page signs in with the credentials it
   * just sent, which works only for the new account.
   */
  async register(input: RegisterRequest, caller: Caller): Promise<void> {
    await this.d.limiter.enforce([[LIMITS.register, caller.ip]], (wait) => msg('throttle.register', { wait }));
    // Hashed on both paths, so both take as long.
    const passwordHash = await this.d.hasher.hash(input.password);
    const userId = await this.d.users.createIfAbsent({
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: caller.locale,
    });
    if (userId !== null) {
      if (input.subscribe) await this.d.newsletter.subscribe(input.email, 'register');
      await this.d.mail.queue(this.d.db, { to: input.email, kind: 'welcome', ...welcomeMail(this.links(caller.locale), input.firstName) });
      return;
    }
    // The owner hears of it at most once an hour, so the form cannot be used to flood them, and
    // in the language they registered in, not the stranger's.
    const notice = await this.d.limiter.hit(LIMITS.registerNotice, input.email);
    const owner = await this.d.users.findByEmail(input.email);
    const locale = owner && isLocale(owner.locale) ? owner.locale : caller.locale;
    if (notice.allowed) await this.d.mail.queue(this.d.db, { to: input.email, kind: 'registration-attempt', ...registrationAttemptMail(this.links(locale)) });
  }

  /** Checks the password and opens a session. */
  async login(input: LoginRequest, caller: Caller): Promise<TokenPair & { userId: number }> {
    await this.d.limiter.enforce(
      [
        [LIMITS.loginAccount, input.username],
        [LIMITS.loginAddress, caller.ip],
      ],
      (wait) => msg('throttle.login', { wait }),
    );
    const user = await this.d.users.findByEmail(input.username);
    const good = user ? await this.d.hasher.verify(input.password, user.passwordHash) : await this.d.hasher.verifyDummy(input.password);
    if (!user || !good) {
      if (user) this.staffSignInFailed(user, 'password', caller);
      throw loginFailed();
    }
    // Only failures count: a success clears the account's counter and takes back its address hit.
    await this.d.limiter.clear(LIMITS.loginAccount, input.username);
    await this.d.limiter.undo(LIMITS.loginAddress, caller.ip);
    // Said only to someone who knows the password, so it reveals nothing to a guesser.
    if (user.status !== 'active') {
      this.staffSignInFailed(user, 'disabled', caller);
      throw fail(CODES.FORBIDDEN, 'account.disabled');
    }
    if (this.d.hasher.needsRehash(user.passwordHash)) await this.d.users.rehash(user.id, await this.d.hasher.hash(input.password));
    return this.open(user.id, caller);
  }

  /**
   * Back-office sign-ins are the staff accounts' ones (the back office signs in through the same
   * call as the shop): their failures go to the audit log; a shopper's mistyped password does not.
   */
  private staffSignInFailed(user: { id: number; email: string; roles: string[] }, reason: StaffSignInFailure['reason'], caller: Caller): void {
    if (isStaff(user.roles)) this.d.signInFailed?.({ userId: user.id, email: user.email, reason, ip: caller.ip });
  }

  /**
   * Mails a 6-digit code that replaces any earlier reset code. The same answer, with the resend
   * countdown, whether or not the email has an account.
   */
  sendResetCode(email: string, caller: Caller): Promise<SendCodeAnswer> {
    return this.codes.send('reset-password', email, caller, (tx, code, minutes) =>
      this.d.mail.queue(tx, { to: email, kind: 'reset-code', ...resetCodeMail(this.links(caller.locale), code, minutes) }),
    );
  }

  /**
   * Sets a new password with a reset code (mail-codes.ts: 10 minutes, bound to its email, five
   * tries, single use). Every session of the user is revoked.
   */
  async resetPassword(input: ResetPasswordRequest, caller: Caller): Promise<void> {
    const matched = await this.codes.match('reset-password', input.email, input.code, caller, resetFailed);
    const passwordHash = await this.d.hasher.hash(input.password);
    if (!(await matched.spend())) throw resetFailed();
    const now = this.d.clock();
    await this.d.users.setPasswordHash(matched.userId, passwordHash, now);
    await this.d.sessions.revokeAll(matched.userId, 'password-reset');
    // A reset proves the mailbox, so an account throttled by guessers can sign in again.
    await this.d.limiter.clear(LIMITS.loginAccount, input.email);
    await this.d.mail.queue(this.d.db, { to: input.email, kind: 'password-reset', ...passwordChangedMail(this.links(caller.locale)) });
  }

  /**
   * Mails a 6-digit sign-in code (the login page's code-login module), under the reset code's
   * rules; the same answer for any email.
   */
  sendLoginCode(email: string, caller: Caller): Promise<SendCodeAnswer> {
    return this.codes.send('login', email, caller, (tx, code, minutes) =>
      this.d.mail.queue(tx, { to: email, kind: 'login-code', ...loginCodeMail(this.links(caller.locale), code, minutes) }),
    );
  }

  /**
   * Signs in with a mailed code instead of the password: "Login failed" for a wrong, expired,
   * spent or unknown code alike, as the password sign-in answers. The code proves the mailbox, so
   * the account's failed-sign-in count is cleared as after a password sign-in.
   */
  async loginWithCode(input: CodeLoginRequest, caller: Caller): Promise<TokenPair & { userId: number }> {
    const matched = await this.codes.match('login', input.email, input.code, caller, loginFailed).catch(async (error: unknown) => {
      // Past the code's own limits (per email and per address), which bound these records. The
      // same look-up for known and unknown emails.
      if (error instanceof AppError && error.code === CODES.CREDENTIALS_REJECTED) {
        const user = await this.d.users.findByEmail(input.email);
        if (user) this.staffSignInFailed(user, 'code', caller);
      }
      throw error;
    });
    if (!(await matched.spend())) throw loginFailed();
    const user = await this.d.users.get(matched.userId);
    if (!user) throw loginFailed();
    if (user.status !== 'active') {
      this.staffSignInFailed(user, 'disabled', caller);
      throw fail(CODES.FORBIDDEN, 'account.disabled');
    }
    await this.d.limiter.clear(LIMITS.loginAccount, input.email);
    return this.open(user.id, caller);
  }

  /** The session of a proven first factor, unless the account has a second step to take first. */
  private async open(userId: number, caller: Caller): Promise<TokenPair & { userId: number }> {
    const step = await this.d.secondStep?.(userId);
    if (step) throw failWith(CODES.SECOND_STEP_NEEDED, 'twoFactor.secondStep', step);
    return { ...(await this.d.sessions.open(userId, caller)), userId };
  }

  /**
   * New password for the signed-in shopper. The session is the proof (the specification's form
   * asks only for the new password twice); the other sessions are revoked and the owner is told
   * by mail, so a change made from a stolen session does not go unnoticed.
   */
  async changePassword(user: AuthUser, password: string, caller: Caller): Promise<void> {
    const row = await this.d.users.get(user.userId);
    if (!row) throw notFound('user');
    await this.d.users.setPasswordHash(user.userId, await this.d.hasher.hash(password), this.d.clock());
    await this.d.sessions.revokeAll(user.userId, 'password-change', user.sessionId);
    await this.d.mail.queue(this.d.db, { to: row.email, kind: 'password-change', ...passwordChangedMail(this.links(caller.locale)) });
  }

  /** Drops mailed codes that expired more than a day ago (housekeeping). */
  sweep(): Promise<void> {
    return this.codes.sweep();
  }

  /** The caller's profile; its buttons are the codes the guard resolved with the session (roles, custom roles, grants). */
  async profile(user: Pick<AuthUser, 'userId' | 'codes'>): Promise<Profile> {
    const row = await this.d.users.get(user.userId);
    if (!row) throw notFound('user');
    return UserService.profile(row, user.codes, await this.d.newsletter.isSubscribed(row.email));
  }

  /**
   * Saves the profile. A new email needs the current password: a stolen
   * session alone cannot move the account to another mailbox and then reset its password.
   */
  async updateProfile(user: AuthUser, input: ProfileRequest, caller: Caller): Promise<Profile> {
    const row = await this.d.users.get(user.userId);
    if (!row) throw notFound('user');
    const now = this.d.clock();
    const birthday = birthdayToIso(input.birthday);
    if (birthday > now.toISOString().slice(0, 10)) throw invalidFields({ path: 'body.birthday', problem: msg('field.invalidDate') });

    const emailChanges = input.email !== row.email;
    if (emailChanges) {
      await this.d.limiter.enforce([[LIMITS.emailChange, String(user.userId)]], (wait) => msg('throttle.emailChange', { wait }));
      if (!input.currentPassword) throw invalidFields({ path: 'body.currentPassword', problem: msg('field.currentPasswordRequired') });
      await this.d.limiter.enforce([[LIMITS.loginAccount, row.email]], (wait) => msg('throttle.currentPassword', { wait }));
      if (!(await this.d.hasher.verify(input.currentPassword, row.passwordHash))) throw fail(CODES.CREDENTIALS_REJECTED, 'account.currentPasswordWrong');
      await this.d.limiter.clear(LIMITS.loginAccount, row.email);
      if (await this.d.users.isEmailTaken(input.email, user.userId)) throw fail(CODES.CONFLICT, 'account.emailUnavailable');
    }
    const saved = await this.d.users.updateProfile(
      user.userId,
      { email: input.email, firstName: input.firstName, lastName: input.lastName, gender: input.gender, birthday, updateOrderEmail: input.updateOrderEmail },
      now,
    );
    if (!saved) throw fail(CODES.CONFLICT, 'account.emailUnavailable');

    if (emailChanges) {
      await this.d.newsletter.unsubscribe(row.email);
      // A code mailed to the old address must not work any more.
      await this.codes.voidAll(user.userId);
      await this.d.mail.queue(this.d.db, { to: row.email, kind: 'email-change', ...emailChangedMail(this.links(caller.locale), input.email) });
    }
    if (input.subscribe) await this.d.newsletter.subscribe(input.email, 'profile');
    else await this.d.newsletter.unsubscribe(input.email);
    return this.profile(user);
  }
}
