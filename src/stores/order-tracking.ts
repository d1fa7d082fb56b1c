/**
 * Order tracking by order number (spec: Track order screen; `ironOrder/track`): the status, its
 * history and the shipping events, nothing personal.
 */
import { atom } from 'nanostores';
import { isApiError } from '../client/http.ts';
import { trackOrderByNo } from '../client/orders.ts';
import type { TrackingAnswer } from '../domain/orders.model.ts';

export type TrackedOrder = TrackingAnswer;

export type TrackingState =
  | { status: 'idle' }
  | { status: 'loading'; orderNo: string }
  | { status: 'found'; order: TrackedOrder }
  | { status: 'not-found'; orderNo: string }
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
    const order = await trackOrderByNo(orderNo, { signal: controller.signal, silent: true });
    if (controller.signal.aborted) return;
    $tracking.set({ status: 'found', order });
  } catch (error) {
    if (controller.signal.aborted) return;
    // A malformed number is refused (1001) and an unknown one is not found (1404): both "no such order".
    if (isApiError(error) && (error.code === '1404' || error.code === '1001' || error.status === 404 || error.status === 400)) {
      $tracking.set({ status: 'not-found', orderNo });
      return;
    }
    console.warn('Order lookup failed', isApiError(error) ? `${error.code} ${error.msg} (request ${error.requestId})` : error);
    $tracking.set({ status: 'unavailable', orderNo });
  }
}
