/**
 * The order page's "fix a typo": whether the order may still be changed by the shopper (paid,
 * not in production, within the merchant's window), and sending a fix with the revision read.
 * The server decides; its refusal's words are shown as they come (both locales).
 */
import { isApiError } from '../client/http.ts';
import { getChangeOptions, sendOrderChange } from '../client/order-changes.ts';
import type { RequestOf } from '../domain/api/endpoint.ts';
import type { orderChangesApi } from '../domain/api/order-changes.ts';
import type { OrderChangeAnswer, ShopperChangeOptions } from '../domain/order-changes.model.ts';
import './http-ready.ts';

export async function loadChangeOptions(orderNo: string, token: string | null): Promise<ShopperChangeOptions | null> {
  try {
    return await getChangeOptions({ orderNo, ...(token ? { token } : {}) }, { silent: true });
  } catch {
    // Not offered when it cannot be read: the page shows the order as before.
    return null;
  }
}

export type ChangeResult = { ok: true; answer: OrderChangeAnswer } | { ok: false; message: string; stale: boolean };

export async function fixOrder(body: RequestOf<typeof orderChangesApi.change>): Promise<ChangeResult> {
  try {
    return { ok: true, answer: await sendOrderChange(body, { silent: true }) };
  } catch (error) {
    if (isApiError(error)) return { ok: false, message: error.msg, stale: error.code === '1409' };
    return { ok: false, message: '', stale: false };
  }
}
