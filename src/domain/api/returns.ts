/** Returns and misprint claims from the order page (docs/back-office.md "Returns and claims"): the order's owner, or a guest with its token. */
import type { z } from 'zod';
import type { OrderReturns, ReturnRecord } from '../returns.model.ts';
import type { orderAccessRequestSchema } from '../orders.schema.ts';
import type { returnCreateRequestSchema, returnPhotoQuerySchema, returnPhotoRequestSchema } from '../returns.schema.ts';
import { get, post, type Endpoint } from './endpoint.ts';

/**
 * The answer of a photo entry: the re-encoded WebP itself (never another type, nosniff), not the
 * envelope; a refusal is the envelope.
 */
export interface WebpPhoto {
  readonly contentType: 'image/webp';
}

export const returnsApi = {
  /** The order's requests and what may be asked now. */
  list: post<z.input<typeof orderAccessRequestSchema>, OrderReturns>('/orders/returns/list'),
  create: post<z.input<typeof returnCreateRequestSchema>, ReturnRecord>('/orders/returns/create'),
  /** Adds one photo to a claim still waiting for a decision (at most RETURN_PHOTOS_MAX). */
  addPhoto: post<z.input<typeof returnPhotoRequestSchema>, ReturnRecord>('/orders/returns/photo'),
  photo: get<z.input<typeof returnPhotoQuerySchema>, WebpPhoto>('/orders/:orderNo/returns/:returnNo/photos/:photo'),
};

/** The address of a photo below /api (an entry's path with its parts; a guest's token as the query). */
export function photoPath(entry: Endpoint<unknown, WebpPhoto>, parts: { orderNo?: string; returnNo: string; id: number }, token?: string | null): string {
  const path = entry.path
    .replace(':orderNo', encodeURIComponent(parts.orderNo ?? ''))
    .replace(':returnNo', encodeURIComponent(parts.returnNo))
    .replace(':photo', `${parts.id}.webp`);
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}
