/** Outgoing webhooks as the back office shows them (docs/api.md "Webhooks", docs/back-office.md "Webhooks"). */

/** The events an endpoint may subscribe to; `ping` is the screen's test event, sent only when asked. */
export const WEBHOOK_EVENTS = ['order.paid', 'order.changed', 'order.shipped', 'order.refunded', 'product.changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookType = WebhookEvent | 'ping';

export interface WebhookEndpointView {
  id: number;
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
  createdAt: string;
  /** The newest delivery's state, null before the first. */
  lastStatus: WebhookDeliveryView['status'] | null;
  failed: number;
}

/** An endpoint with its secret: answered only when it is made and when its secret is rotated. */
export interface WebhookEndpointWithSecret extends WebhookEndpointView {
  secret: string;
}

export interface WebhookDeliveryView {
  id: number;
  eventId: string;
  type: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  /** The receiver's last HTTP status; null when it could not be reached (or not tried yet). */
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}
