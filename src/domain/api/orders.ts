/** Orders: the buyer's (by session, or a guest by the order's token), tracking, a product's purchases. */
import type { z } from 'zod';
import type { Page } from './envelope.ts';
import type { OrderDetail, OrderLineRecord, OrderSummary, ProductPurchase, TrackingAnswer } from '../orders.model.ts';
import type { orderAccessRequestSchema, orderItemsRequestSchema, orderListRequestSchema, productPurchasesRequestSchema, trackOrderRequestSchema } from '../orders.schema.ts';
import { post } from './endpoint.ts';

export const ordersApi = {
  detail: post<z.input<typeof orderAccessRequestSchema>, OrderDetail>('/demo/ironOrder/getOrderDetail'),
  items: post<z.input<typeof orderItemsRequestSchema>, Page<OrderLineRecord>>('/demo/ironOrderItem/queryList'),
  /** The signed-in shopper's orders, newest first. */
  list: post<z.input<typeof orderListRequestSchema>, Page<OrderSummary>>('/demo/ironOrder/queryList'),
  /** The product page's order tab: nothing personal. */
  productPurchases: post<z.input<typeof productPurchasesRequestSchema>, Page<ProductPurchase>>('/demo/ironOrder/queryOrderByProductId'),
  track: post<z.input<typeof trackOrderRequestSchema>, TrackingAnswer>('/demo/ironOrder/track'),
};
