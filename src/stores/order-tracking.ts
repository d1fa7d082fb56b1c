/**
 * Order tracking by order number (spec: Track order screen; endpoint `ironOrder/getOrderDetail`
 * with `orderNo`). The lookup itself belongs to the orders work; until that endpoint answers,
 * every lookup ends as `unavailable`, and the page says so honestly instead of pretending.
 */
import { atom } from 'nanostores';
import { isApiError, post } from '../client/http.ts';

/** The part of an order the tracking page shows. */
export interface TrackedOrder {
  orderNo: string;
  /** One of the order states (DESIGN.md section 6), when the server gives it. */
  status?: string | undefined;
}

export type TrackingState =
  | { status: 'idle' }
  | { status: 'loading'; orderNo: string }
  | { status: 'found'; order: TrackedOrder }
  | { status: 'unavailable'; orderNo: string };

export const $tracking = atom<TrackingState>({ status: 'idle' });

let inFlight: AbortController | null = null;

/** The order number as typed, without surrounding spaces; '' means none was given. */
export function cleanOrderNo(raw: string | null | undefined): string {
  return (raw ?? '').trim().slice(0, 64);
}

export async function trackOrder(orderNo: string): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  $tracking.set({ status: 'loading', orderNo });
  try {
    const data = await post<Partial<TrackedOrder> | null>('/demo/ironOrder/getOrderDetail', { orderNo }, { signal: controller.signal });
    if (controller.signal.aborted) return;
    $tracking.set({ status: 'found', order: { orderNo: data?.orderNo ?? orderNo, status: typeof data?.status === 'string' ? data.status : undefined } });
  } catch (error) {
    if (controller.signal.aborted) return;
    console.warn('Order lookup failed', isApiError(error) ? `${error.code} ${error.msg} (request ${error.requestId})` : error);
    $tracking.set({ status: 'unavailable', orderNo });
  }
}
