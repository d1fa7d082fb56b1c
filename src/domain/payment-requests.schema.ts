/** The requests of the pay page's endpoints (src/domain/api/pay-requests.ts). */
import { z } from 'zod';
import { PAY_TOKEN_PATTERN } from './payment-requests.model.ts';
import { paypalOrderIdSchema } from './paypal.schema.ts';

export const payTokenSchema = z.string({ error: 'the link is incomplete' }).regex(PAY_TOKEN_PATTERN, 'the link is incomplete or damaged');

export const payRequestQuerySchema = z.strictObject({ t: payTokenSchema });
export const payRequestOrderSchema = z.strictObject({ t: payTokenSchema });
export const payRequestCaptureSchema = z.strictObject({ t: payTokenSchema, id: paypalOrderIdSchema });
