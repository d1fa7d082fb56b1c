/** The shopper's own fixes of a paid order before production (docs/back-office.md "Order changes"): the owner's, or a guest's with the order's token. */
import type { z } from 'zod';
import type { OrderChangeAnswer, ShopperChangeOptions } from '../order-changes.model.ts';
import type { shopperOrderChangeRequestSchema } from '../order-changes.schema.ts';
import type { orderAccessRequestSchema } from '../orders.schema.ts';
import { post } from './endpoint.ts';

export const orderChangesApi = {
  /** Whether the order may still be fixed, until when, the revision to send, and the lines whose printed name and number may change. */
  options: post<z.input<typeof orderAccessRequestSchema>, ShopperChangeOptions>('/orders/change/options'),
  change: post<z.input<typeof shopperOrderChangeRequestSchema>, OrderChangeAnswer>('/orders/change'),
};
