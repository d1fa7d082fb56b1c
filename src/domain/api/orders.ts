/** Orders: the buyer's (by session, or a guest by the order's token), tracking, a product's purchases. */
import type { z } from 'zod';
import type { Page } from './envelope.ts';
import type { OrderDetail, OrderLineRecord, OrderSummary, ProductPurchase, TrackingAnswer } from '../orders.model.ts';
import type { documentDownloadQuerySchema, orderAccessRequestSchema, orderItemsRequestSchema, orderListRequestSchema, productPurchasesRequestSchema, trackOrderRequestSchema } from '../orders.schema.ts';
import { get, post, type Endpoint, type PdfDownload } from './endpoint.ts';

export const ordersApi = {
  detail: post<z.input<typeof orderAccessRequestSchema>, OrderDetail>('/demo/ironOrder/getOrderDetail'),
  items: post<z.input<typeof orderItemsRequestSchema>, Page<OrderLineRecord>>('/demo/ironOrderItem/queryList'),
  /** The signed-in shopper's orders, newest first. */
  list: post<z.input<typeof orderListRequestSchema>, Page<OrderSummary>>('/demo/ironOrder/queryList'),
  /** The product page's order tab: nothing personal. */
  productPurchases: post<z.input<typeof productPurchasesRequestSchema>, Page<ProductPurchase>>('/demo/ironOrder/queryOrderByProductId'),
  track: post<z.input<typeof trackOrderRequestSchema>, TrackingAnswer>('/demo/ironOrder/track'),
  /**
   * An invoice's or credit note's PDF (OrderDetail.documents): the signed-in owner's order, or a
   * guest's with `?token=`; others get not found. Answers the PDF itself, not the envelope (docs/api.md).
   */
  document: get<z.input<typeof documentDownloadQuerySchema>, PdfDownload>('/orders/:orderNo/documents/:number.pdf'),
};

/**
 * The address of a document's PDF below /api (a download entry's path with its order and number;
 * a guest's token as the query), for a link or a fetch.
 */
export function documentPath(entry: Endpoint<unknown, PdfDownload>, orderNo: string, number: string, token?: string): string {
  const path = entry.path.replace(':orderNo', encodeURIComponent(orderNo)).replace(':number', encodeURIComponent(number));
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}
