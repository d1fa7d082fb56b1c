/**
 * The header's cart item count, which every page asks for as it loads, without the full HTTP
 * client (it and the code handling are a few KB gzip that a content page would otherwise load
 * for this one call). A plain fetch carries the same headers as every call (request-context.ts);
 * anything but a clean answer (an expired token, a server error, no network) is asked again
 * through the full client, loaded only then, which refreshes the token or stays silent as a
 * background call does.
 */
import { cartApi } from '../domain/api/cart.ts';
import { CODES } from '../domain/api/envelope.ts';
import { HTTP_TIMEOUT_MS, apiBase, currentAccessToken, newRequestId, requestHeaders } from './request-context.ts';

/** The number of items in the shopper's cart (the signed-in user's, else the visitor's). */
export async function fetchCartCount(options: { signal?: AbortSignal | undefined } = {}): Promise<number> {
  const { signal } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await fetch(`${apiBase()}${cartApi.count.path}`, {
      method: cartApi.count.method,
      headers: { ...requestHeaders({ requestId: newRequestId(), token: currentAccessToken() }), 'content-type': 'application/json' },
      body: '{}',
      signal: controller.signal,
    });
    const answer: unknown = await response.json();
    const { code, data } = (answer ?? {}) as { code?: unknown; data?: unknown };
    if (response.ok && code === CODES.SUCCESS && typeof data === 'number') return data;
  } catch (error) {
    if (signal?.aborted) throw error;
    // No answer, or not our envelope: the full client below tells why.
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
  const { queryCartCount } = await import('./cart.ts');
  return queryCartCount({ signal });
}
