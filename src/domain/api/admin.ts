/** The back office (admins only). */
import type { z } from 'zod';
import type { OrderDetail, TrackingAnswer } from '../orders.model.ts';
import type { adminMoveRequestSchema, adminShipmentEventRequestSchema, orderAccessRequestSchema } from '../orders.schema.ts';
import { get, post, type NoRequest } from './endpoint.ts';

export const adminApi = {
  ping: get<NoRequest, { pong: true; roles: string[] }>('/admin/ping'),
  orderDetail: post<z.input<typeof orderAccessRequestSchema>, OrderDetail>('/admin/orders/getOrderDetail'),
  moveOrder: post<z.input<typeof adminMoveRequestSchema>, OrderDetail>('/admin/orders/move'),
  shipmentEvent: post<z.input<typeof adminShipmentEventRequestSchema>, TrackingAnswer>('/admin/orders/shipmentEvent'),
};
