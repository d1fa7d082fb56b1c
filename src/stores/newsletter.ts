/**
 * The footer's newsletter subscription, as an action the vanilla footer script can call without
 * importing the HTTP layer itself (docs/architecture.md).
 *
 * Quiet (no error toast): the footer says every outcome in its own status line, in the page's
 * language. The server answers a new and an already subscribed address alike.
 */
import { isApiError, isClientCode } from '../client/errors.ts';
import { subscribeNewsletter } from '../client/shop.ts';
import { CODES } from '../domain/api/envelope.ts';

/**
 * `invalid`: the server refused the address (its check is stricter than the footer's quick one);
 * `failed`: no answer; `refused`: another refusal, with the server's message (too many sign-ups).
 */
export type SubscribeResult = { ok: true } | { ok: false; reason: 'invalid' | 'failed' } | { ok: false; reason: 'refused'; message: string };

export async function subscribeToNewsletter(email: string): Promise<SubscribeResult> {
  try {
    await subscribeNewsletter(email, { silent: true });
    return { ok: true };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.code === CODES.INVALID_INPUT) return { ok: false, reason: 'invalid' };
    if (isClientCode(error.code) || !error.msg) return { ok: false, reason: 'failed' };
    return { ok: false, reason: 'refused', message: error.msg };
  }
}
