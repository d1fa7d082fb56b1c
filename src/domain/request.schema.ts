/** Request schemas shared by several areas of the API. */
import { z } from 'zod';

/** A POST that reads nothing from its body: none, or `{}`. */
export const emptyBodySchema = z.strictObject({}).optional();
