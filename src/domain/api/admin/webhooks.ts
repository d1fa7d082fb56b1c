/** Outgoing webhooks (docs/back-office.md "Webhooks"): endpoints, their secret, test events, the delivery log and sending again; settings:edit, audited. */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from '../../back-office/webhooks.model.ts';
import type { webhookDeliveriesRequestSchema, webhookIdRequestSchema, webhookListRequestSchema, webhookSaveRequestSchema } from '../../back-office/webhooks.schema.ts';
import { post } from '../endpoint.ts';

export const webhooksApi = {
  list: post<z.input<typeof webhookListRequestSchema>, WebhookEndpointView[]>('/admin/webhooks/list'),
  /** A new endpoint answers its secret, once; a change of an existing one answers without it. */
  save: post<z.input<typeof webhookSaveRequestSchema>, WebhookEndpointView | WebhookEndpointWithSecret>('/admin/webhooks/save'),
  remove: post<z.input<typeof webhookIdRequestSchema>, { removed: number }>('/admin/webhooks/remove'),
  /** A new secret, answered once; the old one signs nothing from now on. */
  rotate: post<z.input<typeof webhookIdRequestSchema>, WebhookEndpointWithSecret>('/admin/webhooks/rotate'),
  /** Queues a `ping` event to this endpoint alone. */
  test: post<z.input<typeof webhookIdRequestSchema>, WebhookDeliveryView>('/admin/webhooks/test'),
  deliveries: post<z.input<typeof webhookDeliveriesRequestSchema>, Page<WebhookDeliveryView>>('/admin/webhooks/deliveries'),
  /** A delivery due again now, with its attempts counted afresh (its id is the delivery's). */
  redeliver: post<z.input<typeof webhookIdRequestSchema>, WebhookDeliveryView>('/admin/webhooks/redeliver'),
} as const;
