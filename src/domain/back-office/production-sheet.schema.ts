/** The production sheet's request (docs/back-office.md "The order screens"): the orders chosen in the table. */
import { z } from 'zod';
import { orderNoListSchema } from './orders.schema.ts';

export const productionSheetRequestSchema = z.strictObject({ orderNos: orderNoListSchema });
