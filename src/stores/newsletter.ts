/**
 * The footer's newsletter subscription, as an action the vanilla footer script can call without
 * importing the HTTP layer itself (DESIGN.md section 3).
 */
import { isApiError } from '../client/http.ts';
import { subscribeNewsletter } from '../client/shop.ts';

export type SubscribeResult = { ok: true } | { ok: false; message: string };

/** Sends the address; a refusal or a failure comes back as the server's (or the client's) message. */
export async function subscribeToNewsletter(email: string): Promise<SubscribeResult> {
  try {
    await subscribeNewsletter(email);
    return { ok: true };
  } catch (error) {
    if (isApiError(error)) return { ok: false, message: error.msg };
    throw error;
  }
}
