/** The returns endpoints of the order page (src/domain/api/returns.ts). */
import type { RequestOf } from '../domain/api/endpoint.ts';
import { returnsApi } from '../domain/api/returns.ts';
import type { OrderReturns, ReturnRecord } from '../domain/returns.model.ts';
import { call, type RequestOptions } from './http.ts';

export function queryOrderReturns(body: RequestOf<typeof returnsApi.list>, options?: RequestOptions): Promise<OrderReturns> {
  return call(returnsApi.list, body, options);
}

export function createReturn(body: RequestOf<typeof returnsApi.create>, options?: RequestOptions): Promise<ReturnRecord> {
  return call(returnsApi.create, body, options);
}

export function addReturnPhoto(body: RequestOf<typeof returnsApi.addPhoto>, options?: RequestOptions): Promise<ReturnRecord> {
  return call(returnsApi.addPhoto, body, options);
}
