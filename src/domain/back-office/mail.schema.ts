/** The outbox card's request (docs/checkout-and-payments.md "Mail"); what it shows is in mail.model.ts. */
import { z } from 'zod';
import { idSchema } from '../catalogue.schema.ts';

/** Send one outbox message again (mail:retry). */
export const mailRetryRequestSchema = z.strictObject({ id: idSchema });
