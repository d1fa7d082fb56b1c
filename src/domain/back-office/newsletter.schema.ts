/**
 * What the back office's newsletter calls take (docs/back-office.md); the answers are in
 * newsletter.model.ts. Every request is strict.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { querySchema } from './common.schema.ts';

export const subscriberListRequestSchema = z.strictObject({ ...pageRequestShape, query: querySchema });

export const subscriberExportRequestSchema = z.strictObject({ query: querySchema });

export const unsubscribeRequestSchema = z.strictObject({ id: idSchema });
