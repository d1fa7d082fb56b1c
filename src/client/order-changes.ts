/** The shopper's own order fixes (src/domain/api/order-changes.ts). */
import type { RequestOf } from '../domain/api/endpoint.ts';
import { orderChangesApi } from '../domain/api/order-changes.ts';
import type { OrderChangeAnswer, ShopperChangeOptions } from '../domain/order-changes.model.ts';
import { call, type RequestOptions } from './http.ts';

export function getChangeOptions(body: RequestOf<typeof orderChangesApi.options>, options?: RequestOptions): Promise<ShopperChangeOptions> {
  return call(orderChangesApi.options, body, options);
}

export function sendOrderChange(body: RequestOf<typeof orderChangesApi.change>, options?: RequestOptions): Promise<OrderChangeAnswer> {
  return call(orderChangesApi.change, body, options);
}
