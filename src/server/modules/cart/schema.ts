/** Cart lines of signed-in users and guests. */
import { sql } from 'drizzle-orm';
import { check, index, integer, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { keyedTable, letteringColumns, parentId, timestamps } from '../../db/columns.ts';
import type { CustomType } from '../../../domain/personalisation.ts';
import { users } from '../accounts/schema.ts';
import { products, squadPlayers } from '../catalogue/schema.ts';

export const cartItems = keyedTable(
  'cart_items',
  {
    /** Exactly one owner: a signed-in user, or a guest by visitor id. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    productId: parentId('product_id', () => products.id),
    size: text('size').notNull(),
    patchIds: integer('patch_ids').array().notNull().default(sql`'{}'::integer[]`),
    addonIds: integer('addon_ids').array().notNull().default(sql`'{}'::integer[]`),
    customType: smallint('custom_type').$type<CustomType>().notNull(),
    playerId: integer('squad_player_id').references(() => squadPlayers.id),
    customName: text('custom_name'),
    customNumber: text('custom_number'),
    ...letteringColumns({ standardDefault: true }),
    quantity: integer('quantity').notNull(),
    /**
     * A team roster's row (docs/storefront.md "Team orders"): the group it was added in, its team
     * name and its place in the roster. All three or none; the group is replaced as a whole.
     */
    groupId: uuid('group_id'),
    groupName: text('group_name'),
    groupRow: smallint('group_row'),
    /** Identity of the configuration (domain lineKey): equal keys are one line. */
    lineKey: text('line_key').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('cart_items_visitor_line_uq').on(t.visitorId, t.lineKey).where(sql`${t.visitorId} is not null`),
    uniqueIndex('cart_items_user_line_uq').on(t.userId, t.lineKey).where(sql`${t.userId} is not null`),
    check('cart_items_owner_ck', sql`(${t.userId} is null) <> (${t.visitorId} is null)`),
    check('cart_items_quantity_ck', sql`${t.quantity} between 1 and 99`),
    check('cart_items_custom_type_ck', sql`${t.customType} between 1 and 4`),
    check('cart_items_group_ck', sql`(${t.groupId} is null) = (${t.groupName} is null) and (${t.groupId} is null) = (${t.groupRow} is null)`),
    index('cart_items_group_idx').on(t.groupId).where(sql`${t.groupId} is not null`),
  ],
);
