/**
 * Returns and misprint claims (domain/returns.model.ts): the request, the lines and quantities it
 * names, and a claim's photos. Photos are the buyer's personal data: kept re-encoded (no camera
 * metadata) in the database and served only to the order's owner and to staff, never by a public URL.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, bytea, createdAt, keyedTable, parentId, refOrNull, timestamps } from '../../db/columns.ts';
import type { ReturnKind, ReturnResolution, ReturnStatus } from '../../../domain/returns.model.ts';
import { users } from '../accounts/schema.ts';
import { orderItems, orderParent, orders } from '../orders/schema.ts';
import { refunds } from '../payments/schema.ts';

export const returnRequests = keyedTable(
  'return_requests',
  {
    /** "RT-7KQ4M-2XPHD": what the shopper and staff quote; random like order numbers. */
    returnNo: text('return_no').notNull(),
    orderId: orderParent(),
    kind: text('kind').$type<ReturnKind>().notNull(),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    /** The shopper's words: why it goes back, or what is wrong with it. */
    description: text('description').notNull(),
    /** Shopper (from the order page) or staff (on the shopper's behalf). */
    requestedBy: text('requested_by').$type<'shopper' | 'staff'>().notNull(),
    /** The return instructions mailed on approval, or the reason mailed on a decline. */
    decisionNote: text('decision_note'),
    decidedById: refOrNull('decided_by_id', () => users.id),
    decidedAt: at('decided_at'),
    receivedAt: at('received_at'),
    resolution: text('resolution').$type<ReturnResolution>(),
    /** The refund that resolved it, or the free replacement order. */
    refundId: refOrNull('refund_id', () => refunds.id),
    replacementOrderId: refOrNull('replacement_order_id', () => orders.id),
    resolvedById: refOrNull('resolved_by_id', () => users.id),
    resolvedAt: at('resolved_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('return_requests_no_uq').on(t.returnNo),
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.createdAt, t.id),
    check('return_requests_kind_ck', sql`${t.kind} in ('return', 'claim')`),
    check('return_requests_status_ck', sql`${t.status} in ('requested', 'approved', 'declined', 'received', 'resolved')`),
    check('return_requests_resolution_ck', sql`${t.resolution} is null or ${t.resolution} in ('refund', 'replacement')`),
    check('return_requests_resolved_ck', sql`(${t.status} = 'resolved') = (${t.resolution} is not null)`),
  ],
);

export const returnRequestLines = pgTable(
  'return_request_lines',
  {
    requestId: parentId('request_id', () => returnRequests.id),
    orderItemId: parentId('order_item_id', () => orderItems.id),
    quantity: integer('quantity').notNull(),
    /** Decided when the goods are received: back into stock (never a printed shirt), or not. Null before. */
    restock: boolean('restock'),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.orderItemId] }), check('return_request_lines_quantity_ck', sql`${t.quantity} between 1 and 99`)],
);

export const returnPhotos = keyedTable(
  'return_photos',
  {
    requestId: parentId('request_id', () => returnRequests.id),
    /** SHA-256 (hex) of the upload, so the same picture twice is kept once per request. */
    hash: text('hash').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('return_photos_request_hash_uq').on(t.requestId, t.hash)],
);
