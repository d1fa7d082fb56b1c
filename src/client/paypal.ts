/** The shop's PayPal endpoints (src/domain/api/paypal.ts), and PayPal's SDK as they configure it. */
import type { PayPalNamespace } from '@paypal/paypal-js';
import type { RequestOf } from '../domain/api/endpoint.ts';
import { paypalApi } from '../domain/api/paypal.ts';
import type { CaptureAnswer, PaypalBrowserConfig, PaypalOrderAnswer } from '../domain/paypal.model.ts';
import { ApiError, CLIENT_CODES, call, isApiError, type RequestOptions } from './http.ts';

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

/**
 * PayPal's SDK (or the simulator's stand-in, by the shop's configuration) loaded, on first use, for
 * a payment in `currency`, with its buttons; an SDK that comes without them is a bad response.
 */
export async function loadPaypal(currency: string): Promise<PayPalNamespace & Required<Pick<PayPalNamespace, 'Buttons'>>> {
  const config = await paypalConfig({ silent: true });
  const { loadScript } = await import('@paypal/paypal-js');
  const paypal = await loadScript({
    clientId: config.clientId,
    currency,
    intent: config.intent,
    ...(config.sdkBaseUrl ? { sdkBaseUrl: new URL(config.sdkBaseUrl, window.location.origin).href } : { environment: config.environment }),
  });
  if (!paypal?.Buttons) throw new ApiError({ code: CLIENT_CODES.BAD_RESPONSE, msg: 'PayPal did not load', requestId: '' });
  return paypal as PayPalNamespace & Required<Pick<PayPalNamespace, 'Buttons'>>;
}

/** How many times a capture is tried before its failure is shown. */
const CAPTURE_ATTEMPTS = 4;

/**
 * A capture, tried again (after 0.6 s, 1.2 s, 1.8 s) while PayPal does not answer (1503) or the
 * network fails: capturing again is safe, as the server replays the one capture.
 */
export async function retriedCapture<T>(capture: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await capture();
    } catch (error) {
      const again = isApiError(error) && (error.code === '1503' || error.code === CLIENT_CODES.NETWORK || error.code === CLIENT_CODES.TIMEOUT);
      if (!again || attempt >= CAPTURE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 600 * attempt));
    }
  }
}
