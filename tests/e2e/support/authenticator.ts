/** The phone app of the two-step journeys (admin-2fa, admin-invites): codes computed with otpauth. */
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const STEP_MS = 30_000;

/**
 * A phone app that never repeats itself: each code is for a step later than the last one given
 * (the server refuses a used step) and within one step of now (its window), waiting for the clock
 * when the next step is still two away.
 */
export function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  let last = 0;
  return async (page: Page) => {
    const step = Math.max(last + 1, Math.floor(Date.now() / STEP_MS));
    const wait = (step - 1) * STEP_MS - Date.now();
    if (wait > 0) await page.waitForTimeout(wait + 500);
    last = step;
    return totp.generate({ timestamp: step * STEP_MS });
  };
}
