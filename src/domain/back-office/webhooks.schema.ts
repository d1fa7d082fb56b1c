/** What the webhook calls take (docs/back-office.md "Webhooks"); the views are in webhooks.model.ts. Strict. */
import { z } from 'zod';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { WEBHOOK_EVENTS } from './webhooks.model.ts';

/** Where and what: the address's scheme and host are checked by the server, which knows whether it runs in production. */
export const webhookSaveRequestSchema = z.strictObject({
  /** Absent: a new endpoint. */
  id: idSchema.optional(),
  url: z.string().trim().min(1).max(2000),
  description: z.string().trim().max(200).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'choose at least one event').max(WEBHOOK_EVENTS.length),
  active: z.boolean().default(true),
});

export const webhookIdRequestSchema = z.strictObject({ id: idSchema });

export const webhookDeliveriesRequestSchema = z.strictObject({ ...pageRequestShape, endpointId: idSchema });

export const webhookListRequestSchema = z.strictObject({});
