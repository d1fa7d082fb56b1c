/**
 * Returns and misprint claims on the order page: the order's requests, asking for one, a claim's
 * photos (sent one by one as base64, checked and re-encoded by the server) and their download
 * (the session's token or the guest's order token: the photos are never public).
 */
import { newRequestId, publicApiBase } from '../client/http.ts';
import { currentAccessToken, requestHeaders } from '../client/request-context.ts';
import { addReturnPhoto, createReturn, queryOrderReturns } from '../client/returns.ts';
import { photoPath, returnsApi } from '../domain/api/returns.ts';
import type { OrderReturns, ReturnKind, ReturnRecord } from '../domain/returns.model.ts';
import './http-ready.ts';

const tokenPart = (token: string | null) => (token ? { token } : {});

export function loadReturns(orderNo: string, token: string | null): Promise<OrderReturns> {
  return queryOrderReturns({ orderNo, ...tokenPart(token) }, { silent: true });
}

export interface ReturnDraft {
  kind: ReturnKind;
  description: string;
  lines: { orderItemId: number; quantity: number }[];
}

export function askReturn(orderNo: string, token: string | null, draft: ReturnDraft): Promise<ReturnRecord> {
  return createReturn({ orderNo, ...tokenPart(token), ...draft });
}

/** The file's bytes as base64 (without the data: prefix). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

export async function sendReturnPhoto(orderNo: string, token: string | null, returnNo: string, file: Blob): Promise<ReturnRecord> {
  return addReturnPhoto({ orderNo, ...tokenPart(token), returnNo, data: await base64Of(file) });
}

/** A photo as a blob URL (the caller revokes it), or null when the shop refuses or is unreachable. */
export async function photoObjectUrl(orderNo: string, token: string | null, returnNo: string, id: number): Promise<string | null> {
  try {
    const url = `${publicApiBase()}${photoPath(returnsApi.photo, { orderNo, returnNo, id }, token)}`;
    const headers = { ...requestHeaders({ requestId: newRequestId(), token: currentAccessToken() }), accept: 'image/webp' };
    const answer = await fetch(url, { headers });
    // Drawn only as what the server says it is: a WebP.
    if (!answer.ok || answer.headers.get('content-type') !== 'image/webp') return null;
    return URL.createObjectURL(await answer.blob());
  } catch {
    return null;
  }
}
