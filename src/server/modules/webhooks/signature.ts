/**
 * The signature of a webhook's body (docs/api.md "Verifying a webhook"): HMAC-SHA256 of
 * "<unix seconds>.<body>" with the endpoint's secret, sent as `X-Jersey-Signature: t=<unix>,v1=<hex>`.
 * The time inside the signed text lets receivers refuse old replays.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-jersey-signature';
export const EVENT_HEADER = 'x-jersey-event';
export const DELIVERY_HEADER = 'x-jersey-delivery';

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** 32 random bytes, prefixed so that a leaked one is recognised for what it is. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
