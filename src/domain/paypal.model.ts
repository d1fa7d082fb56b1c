/** What the shop's PayPal endpoints answer (src/domain/api/paypal.ts). */
import type { OrderStatus } from './orders.model.ts';

/** What @paypal/paypal-js loadScript needs; the page reads it at run time, so one build serves any PayPal set-up. */
export interface PaypalBrowserConfig {
  mode: 'simulator' | 'sandbox' | 'live';
  clientId: string;
  /** The simulator's stand-in SDK; null loads PayPal's own from `environment`. */
  sdkBaseUrl: string | null;
  environment: 'sandbox' | 'production';
  intent: 'capture';
}

export interface PaypalOrderAnswer {
  id: string;
  orderNo: string;
}

export interface CaptureAnswer {
  orderNo: string;
  status: OrderStatus;
  payment: 'COMPLETED' | 'PENDING' | 'REFUNDED';
}
