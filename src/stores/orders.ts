/**
 * Orders as the pages load them: one order (by number, with the guest's token from the link),
 * the signed-in shopper's list, and the product page's recent purchases.
 */
import { isApiError, newRequestId, publicApiBase } from '../client/http.ts';
import { currentAccessToken, requestHeaders } from '../client/request-context.ts';
import { getOrderDetail, queryOrderList, queryProductPurchases } from '../client/orders.ts';
import type { Page } from '../domain/api/envelope.ts';
import { documentPath, ordersApi } from '../domain/api/orders.ts';
import { normaliseOrderNo } from '../domain/order-numbers.ts';
import type { OrderDetail, OrderSummary, ProductPurchase } from '../domain/orders.model.ts';
import { unreachable } from './failures.ts';
import './http-ready.ts';

/** `offline`: the shop could not be reached (the page offers the network-error state and Retry). */
export type OrderLoad = { status: 'found'; order: OrderDetail } | { status: 'not-found' } | { status: 'error'; offline: boolean };

/** The order number in a page's address (`/order-success/JS-7KQ4M-2XPHD/`), or null. */
export function orderNoFromPath(pathname: string): string | null {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return normaliseOrderNo(decodeURIComponent(last));
}

export async function loadOrder(orderNo: string, token: string | null): Promise<OrderLoad> {
  try {
    return { status: 'found', order: await getOrderDetail({ orderNo, ...(token ? { token } : {}) }, { silent: true }) };
  } catch (error) {
    // Not found, not yours, or a wrong token: all the same to the page (docs/accounts-and-security.md "Ownership").
    if (isApiError(error) && (error.code === '1404' || error.code === '1403' || error.status === 404 || error.status === 403)) return { status: 'not-found' };
    return { status: 'error', offline: unreachable(error) };
  }
}

export function loadOrderList(current: number, size = 10): Promise<Page<OrderSummary>> {
  return queryOrderList({ current, size });
}

export function loadProductPurchases(productId: number, current = 1, size = 10): Promise<Page<ProductPurchase>> {
  return queryProductPurchases({ productId, current, size }, { silent: true });
}

/**
 * Where an invoice's or credit note's PDF downloads (OrderDetail.documents): the guest's link
 * carries the order's token; a signed-in shopper's request carries the session (`fetchDocument`).
 */
export function documentUrl(orderNo: string, number: string, token: string | null): string {
  return `${publicApiBase()}${documentPath(ordersApi.document, orderNo, number, token ?? undefined)}`;
}

/** The PDF, asked for with the session's token (a link cannot send it); null when the shop refuses or cannot be reached. */
export async function fetchDocument(url: string): Promise<Blob | null> {
  try {
    const headers = { ...requestHeaders({ requestId: newRequestId(), token: currentAccessToken() }), accept: 'application/pdf' };
    const answer = await fetch(url, { headers });
    return answer.ok ? await answer.blob() : null;
  } catch {
    return null;
  }
}
