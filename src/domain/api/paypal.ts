/** The shop's PayPal endpoints: the SDK's settings, the SDK's two callbacks and PayPal's webhook. */
import type { z } from 'zod';
import type { CaptureAnswer, PaypalBrowserConfig, PaypalOrderAnswer } from '../paypal.model.ts';
import type { captureQuerySchema, createPaypalOrderRequestSchema } from '../paypal.schema.ts';
import { get, post, type NoRequest } from './endpoint.ts';

export const paypalApi = {
  config: get<NoRequest, PaypalBrowserConfig>('/demo/paypal/config'),
  /** Asking again answers the same PayPal order. */
  createOrder: post<z.input<typeof createPaypalOrderRequestSchema>, PaypalOrderAnswer>('/demo/paypal/createOrder'),
  /** Idempotent, so a retry after 1503 is safe. */
  capture: get<z.input<typeof captureQuerySchema>, CaptureAnswer>('/demo/paypal/captureOrder'),
  /** Called by PayPal, never by the browser: the event is PayPal's, checked with PayPal. */
  webhook: post<unknown, { applied: boolean }>('/demo/paypal/webhook'),
};
