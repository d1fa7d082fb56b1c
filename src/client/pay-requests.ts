/** The pay page's endpoints (src/domain/api/pay-requests.ts). */
import { payRequestsApi } from '../domain/api/pay-requests.ts';
import type { PayRequestOrderAnswer, PayRequestView } from '../domain/payment-requests.model.ts';
import { call, type RequestOptions } from './http.ts';

export function readPayRequest(t: string, options?: RequestOptions): Promise<PayRequestView> {
  return call(payRequestsApi.view, { t }, options);
}

/** The request's PayPal order (asking again answers the same one). */
export function createPayRequestOrder(t: string, options?: RequestOptions): Promise<PayRequestOrderAnswer> {
  return call(payRequestsApi.createOrder, { t }, options);
}

/** Captures the approved PayPal order; idempotent, so a retry after 1503 is safe. */
export function capturePayRequest(t: string, id: string, options?: RequestOptions): Promise<PayRequestView> {
  return call(payRequestsApi.capture, { t, id }, options);
}
