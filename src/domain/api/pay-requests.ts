/** The pay page of a payment request: read it by its link's token, make its PayPal order, capture it. Public: the token is the key. */
import type { z } from 'zod';
import type { PayRequestOrderAnswer, PayRequestView } from '../payment-requests.model.ts';
import type { payRequestCaptureSchema, payRequestOrderSchema, payRequestQuerySchema } from '../payment-requests.schema.ts';
import { get, post } from './endpoint.ts';

export const payRequestsApi = {
  view: get<z.input<typeof payRequestQuerySchema>, PayRequestView>('/demo/pay-requests/view'),
  /** Asking again answers the same PayPal order while it can still be paid. */
  createOrder: post<z.input<typeof payRequestOrderSchema>, PayRequestOrderAnswer>('/demo/pay-requests/createOrder'),
  /** Idempotent: a retry after 1503 answers the paid request. */
  capture: post<z.input<typeof payRequestCaptureSchema>, PayRequestView>('/demo/pay-requests/capture'),
};
