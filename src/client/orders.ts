/** The order endpoints (src/domain/api/orders.ts). */
import type { RequestOf } from '../domain/api/endpoint.ts';
import type { Page } from '../domain/api/envelope.ts';
import { ordersApi } from '../domain/api/orders.ts';
import type { OrderDetail, OrderLineRecord, OrderSummary, ProductPurchase, TrackingAnswer } from '../domain/orders.model.ts';
import { call, type RequestOptions } from './http.ts';

/** An order by number: the owner by bearer token, a guest with the order's token. */
export function getOrderDetail(body: RequestOf<typeof ordersApi.detail>, options?: RequestOptions): Promise<OrderDetail> {
  return call(ordersApi.detail, body, options);
}

export function queryOrderItems(body: RequestOf<typeof ordersApi.items>, options?: RequestOptions): Promise<Page<OrderLineRecord>> {
  return call(ordersApi.items, body, options);
}

/** The signed-in shopper's orders, newest first. */
export function queryOrderList(body: RequestOf<typeof ordersApi.list>, options?: RequestOptions): Promise<Page<OrderSummary>> {
  return call(ordersApi.list, body, options);
}

/** Status and shipping events by order number: nothing personal. */
export function trackOrderByNo(orderNo: string, options?: RequestOptions): Promise<TrackingAnswer> {
  return call(ordersApi.track, { orderNo }, options);
}

/** The product page's order tab: recent purchases, no personal data. */
export function queryProductPurchases(body: RequestOf<typeof ordersApi.productPurchases>, options?: RequestOptions): Promise<Page<ProductPurchase>> {
  return call(ordersApi.productPurchases, body, options);
}
