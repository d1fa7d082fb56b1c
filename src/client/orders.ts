/** The order endpoints (README "Checkout, orders and payments"). */
import type { Page } from '../domain/api/envelope.ts';
import type { OrderDetail, OrderLineRecord, OrderSummary, ProductPurchase, TrackingAnswer } from '../domain/orders.ts';
import { post, type RequestOptions } from './http.ts';

/** An order by number: the owner by bearer token, a guest with the order's token. */
export function getOrderDetail(body: { orderNo: string; token?: string | undefined }, options?: RequestOptions): Promise<OrderDetail> {
  return post<OrderDetail>('/demo/ironOrder/getOrderDetail', body, options);
}

export function queryOrderItems(body: { orderNo: string; token?: string | undefined; current?: number; size?: number }, options?: RequestOptions): Promise<Page<OrderLineRecord>> {
  return post<Page<OrderLineRecord>>('/demo/ironOrderItem/queryList', body, options);
}

/** The signed-in shopper's orders, newest first. */
export function queryOrderList(body: { current?: number; size?: number }, options?: RequestOptions): Promise<Page<OrderSummary>> {
  return post<Page<OrderSummary>>('/demo/ironOrder/queryList', body, options);
}

/** Status and shipping events by order number: nothing personal. */
export function trackOrderByNo(orderNo: string, options?: RequestOptions): Promise<TrackingAnswer> {
  return post<TrackingAnswer>('/demo/ironOrder/track', { orderNo }, options);
}

/** The product page's order tab: recent purchases, no personal data. */
export function queryProductPurchases(body: { productId: number; current?: number; size?: number }, options?: RequestOptions): Promise<Page<ProductPurchase>> {
  return post<Page<ProductPurchase>>('/demo/ironOrder/queryOrderByProductId', body, options);
}
