/** The requests of the shop's PayPal endpoints (src/domain/api/paypal.ts). */
import { z } from 'zod';
import { orderNoSchema, orderTokenSchema } from './orders.schema.ts';

export const paypalOrderIdSchema = z.string({ error: 'id is required' }).regex(/^[A-Za-z0-9-]{5,64}$/, 'id must be a PayPal order id');

export const createPaypalOrderRequestSchema = z.strictObject({ orderNo: orderNoSchema, token: orderTokenSchema.optional() });

export const captureQuerySchema = z.strictObject({ id: paypalOrderIdSchema, orderNo: orderNoSchema.optional() });
