/**
 * An order's state as staff read it, in each locale: the one table of these names. The back
 * office shows them (its `adminOrders.status.*` strings are this table: src/admin/i18n.tsx and
 * the locales' index.ts put it there) and the server's messages name states with them
 * (src/server/messages/), so "cannot move from In production to Delivered" reads as the screen
 * does, never the internal `processing`. The storefront words states for shoppers in its own
 * catalogues (browse.json, checkout.json).
 */
import type { Locale } from './locale.ts';
import type { OrderStatus } from './orders.model.ts';

export const ORDER_STATUS_NAMES: Readonly<Record<Locale, Readonly<Record<OrderStatus, string>>>> = {
  'en-US': {
    pending_payment: 'Awaiting payment',
    paid: 'Paid',
    processing: 'In production',
    partially_shipped: 'Partly shipped',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  'zh-CN': {
    pending_payment: '待付款',
    paid: '已付款',
    processing: '生产中',
    partially_shipped: '部分发货',
    shipped: '已发货',
    delivered: '已送达',
    cancelled: '已取消',
    refunded: '已退款',
  },
};
