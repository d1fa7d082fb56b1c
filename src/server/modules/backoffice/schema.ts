/** The back office's own tables: what staff keep for themselves (the shop's data is in the other modules). */
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrderView } from '../../../domain/back-office/orders.schema.ts';
import { parentId, serialId, timestamps } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';

/** Named views of the orders table (filters and sort), each staff member's own (order-views.ts). */
export const orderViews = pgTable(
  'order_views',
  {
    id: serialId(),
    staffId: parentId('staff_id', () => users.id),
    name: text('name').notNull(),
    view: jsonb('view').$type<OrderView>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('order_views_staff_name_uq').on(t.staffId, sql`lower(${t.name})`), check('order_views_name_ck', sql`length(${t.name}) between 1 and 60`)],
);
