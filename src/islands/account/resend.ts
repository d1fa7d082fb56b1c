/**
 * The reset page's resend countdown (docs/accounts-and-security.md "Account pages"; shown in
 * seconds): the server says how long to wait (`resendAfterSeconds`), the page counts down to that
 * moment. Counting to a deadline rather than ticking a number keeps it right when timers are
 * throttled (a background tab) or late.
 */

/** The moment another code may be asked for, in epoch milliseconds. */
export function resendDeadline(now: number, resendAfterSeconds: number): number {
  return now + Math.max(0, resendAfterSeconds) * 1000;
}

/** Whole seconds left until `deadline` (rounded up, so "1" shows until the very end), 0 after. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
