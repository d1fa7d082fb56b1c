/** The shop's PayPal endpoints (README "PayPal: real or simulated"); the SDK itself is loaded by the store. */
import { get, post, type RequestOptions } from './http.ts';

export interface PaypalConfig {
  mode: 'simulator' | 'sandbox' | 'live';
  clientId: string;
  /** The simulator's stand-in SDK; null for PayPal's own. */
  sdkBaseUrl: string | null;
  environment: 'sandbox' | 'production';
  intent: 'capture';
}

export interface CaptureAnswer {
  orderNo: string;
  status: string;
  payment: 'COMPLETED' | 'PENDING' | 'REFUNDED';
}

export function paypalConfig(options?: RequestOptions): Promise<PaypalConfig> {
  return get<PaypalConfig>('/demo/paypal/config', options);
}

/** The PayPal order for one of ours (asking again answers the same one). */
export function createPaypalOrder(body: { orderNo: string; token?: string | undefined }, options?: RequestOptions): Promise<{ id: string; orderNo: string }> {
  return post<{ id: string; orderNo: string }>('/demo/paypal/createOrder', body, options);
}

/** Captures the approved PayPal order; idempotent, so a retry after 1503 is safe. */
export function capturePaypalOrder(query: { id: string; orderNo: string }, options?: RequestOptions): Promise<CaptureAnswer> {
  return get<CaptureAnswer>('/demo/paypal/captureOrder', { ...options, query });
}
