/**
 * A stand-in for the API behind `globalThis.fetch`, for unit tests of the HTTP layer: routes by
 * path, records every request (method, path, query, headers, body) and honours abort signals.
 */
import { vi } from 'vitest';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** What a route answers: an envelope (status 200 unless given), a raw Response, `hang` or `network-error`. */
export type Answer = Response | 'hang' | 'network-error' | { json: unknown; status?: number };
export type Route = (request: SeenRequest) => Answer | Promise<Answer>;

export interface FakeApi {
  requests: SeenRequest[];
  /** Requests to one path. */
  to(path: string): SeenRequest[];
  route(path: string, handler: Route): void;
}

export function envelope(code: string, data: unknown = null, msg = code === '0000' ? 'ok' : `failure ${code}`): { json: unknown } {
  return { json: { code, msg, data } };
}

export function installFakeApi(): FakeApi {
  const routes = new Map<string, Route>();
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://page.test/');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(request);
    const signal = init.signal ?? undefined;
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) throw aborted();
    const handler = routes.get(url.pathname);
    const answer: Answer = handler ? await handler(request) : { json: { code: '1404', msg: 'No such route', data: null }, status: 404 };
    if (answer === 'network-error') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(aborted()), { once: true });
      });
    }
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    to: (path) => requests.filter((r) => r.path === path),
    route: (path, handler) => routes.set(path, handler),
  };
}
