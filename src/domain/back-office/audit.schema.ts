/** The audit screen's request (docs/back-office.md): a page of rows, filtered; strict. */
import { z } from 'zod';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { isoDateSchema } from './common.schema.ts';

export const auditListRequestSchema = z.strictObject({
  ...pageRequestShape,
  actorId: idSchema.optional(),
  action: z.string().max(60).optional(),
  entity: z.string().max(40).optional(),
  entityId: z.string().max(60).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
