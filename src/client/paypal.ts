/** The shop's PayPal endpoints (src/domain/api/paypal.ts); the SDK itself is loaded by the store. */
import type { RequestOf } from '../domain/api/endpoint.ts';
import { paypalApi } from '../domain/api/paypal.ts';
import type { CaptureAnswer, PaypalBrowserConfig, PaypalOrderAnswer } from '../domain/paypal.model.ts';
import { call, type RequestOptions } from './http.ts';

export type { CaptureAnswer } from '../domain/paypal.model.ts';
export type PaypalConfig = PaypalBrowserConfig;

export function paypalConfig(options?: RequestOptions): Promise<PaypalConfig> {
  return call(paypalApi.config, undefined, options);
}

/** The PayPal order for one of ours (asking again answers the same one). */
export function createPaypalOrder(body: RequestOf<typeof paypalApi.createOrder>, options?: RequestOptions): Promise<PaypalOrderAnswer> {
  return call(paypalApi.createOrder, body, options);
}

/** Captures the approved PayPal order; idempotent, so a retry after 1503 is safe. */
export function capturePaypalOrder(query: RequestOf<typeof paypalApi.capture>, options?: RequestOptions): Promise<CaptureAnswer> {
  return call(paypalApi.capture, query, options);
}
