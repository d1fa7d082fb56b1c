/**
 * The shop's API from a journey or a test: every endpoint is a POST (or GET) under `/api`
 * answering the envelope `{ code, msg, data }`, code '0000' meaning success.
 *
 * ```ts
 * const answer = await api<{ ids: number[] }>(page.request, '/demo/ironCartItem/saveCartItemList', lines, { 'x-visitor-id': id });
 * const product = await apiData<ProductDetail>(request, '/demo/ironProduct/queryProductDetail', { id });
 * ```
 */
import { expect, type APIRequestContext } from '@playwright/test';

export interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** Posts `data` to `/api<path>` and answers the envelope, whatever its code (refusals come with 4xx statuses too). */
export async function api<T>(request: APIRequestContext, path: string, data: unknown = {}, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const response = await request.post(`/api${path}`, { data, headers });
  return (await response.json()) as Envelope<T>;
}

/** Posts `data` to `/api<path>`, requires success ('0000') and answers the data. */
export async function apiData<T>(request: APIRequestContext, path: string, data: unknown = {}, headers: Record<string, string> = {}): Promise<T> {
  const answer = await api<T>(request, path, data, headers);
  expect(answer.code, `${path}: ${answer.msg}`).toBe('0000');
  return answer.data;
}
