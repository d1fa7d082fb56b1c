/**
 * The HTTP layer shared by the browser islands and the build (docs/api.md). Calls take a contract
 * entry (src/domain/api/): `call(cartApi.list, body, options)` answers the entry's answer type.
 *
 * Every call is JSON, times out after 10 s, carries a fresh `X-Request-Id`, the page's
 * `Accept-Language`, (in a browser) the `X-Visitor-Id` cookie's value and, when signed in, the
 * bearer token; query parameters become a query string. The answer is unwrapped from the main
 * envelope `{code, msg, data}` (`post`/`get`: code `0000` gives `data`) or the other service's
 * `{status, result, message}` (`otherPost`/`otherGet`: status 200 gives `result`); anything
 * else throws an {@link ApiError}. Retries are off unless a call asks for them; a caller's
 * AbortSignal cancels.
 *
 * The session and failure codes (token refresh, logouts, error toasts) are handled by the
 * hook the page shell installs (`stores/http-install.ts`, through {@link setHttpHooks}), so this
 * file stays free of session state and UI; without that hook (the build, unit tests) failures go
 * straight to the caller.
 */
import type { AnswerOf, Endpoint, RequestOf } from '../domain/api/endpoint.ts';
import { CODES, REQUEST_ID_HEADER } from '../domain/api/envelope.ts';
import type { Locale } from '../domain/locale.ts';
import { ApiError, CLIENT_CODES } from './errors.ts';
import { getHttpHooks, trackRequest } from './http-hooks.ts';
import { HTTP_TIMEOUT_MS, apiBase, currentAccessToken, isBrowser, newRequestId, publicApiBase, requestHeaders, trimSlash } from './request-context.ts';

export { ApiError, CLIENT_CODES, isApiError } from './errors.ts';
export { setHttpHooks, type ErrorContext, type HttpHooks } from './http-hooks.ts';
export { HTTP_TIMEOUT_MS, apiBase, ensureVisitorId, newRequestId, publicApiBase } from './request-context.ts';

/** Retries when a call enables them. */
export const RETRY_ATTEMPTS = 3;
/** Wait before the first retry; doubled for each next one. */
export const RETRY_BASE_DELAY_MS = 500;
/** HTTP statuses worth another try: the server or a proxy said "not now", not "no". */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

export interface RequestOptions {
  /** Sent as Accept-Language; defaults to the page's `<html lang>` in a browser, else en-US. */
  locale?: Locale | undefined;
  signal?: AbortSignal | undefined;
  /** Query parameters, serialised as a query string. */
  query?: Record<string, string | number | boolean | undefined> | undefined;
  /**
   * A background call (the header's cart count, a poll): a failure shows no error toast and the
   * call does not drive the progress bar. Expired tokens and logout codes are still handled.
   */
  silent?: boolean | undefined;
  /**
   * Up to {@link RETRY_ATTEMPTS} more attempts after a network failure, a timeout or a
   * 408/429/5xx answer. Only for calls that are safe to repeat (reads: our API's reads are POSTs).
   */
  retry?: boolean | undefined;
  /**
   * No bearer token and no code handling: the caller sees every failure as it is. The token
   * refresh itself goes out this way, so it can never trigger another refresh.
   */
  bare?: boolean | undefined;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string> | undefined;
}

/** The "other" service: `PUBLIC_OTHER_API_BASE`, by default our own API. */
export function otherApiBase(): string {
  const configured = import.meta.env.PUBLIC_OTHER_API_BASE;
  return configured ? trimSlash(configured) : apiBase();
}

/**
 * Media paths come from the API as `/api/media/...`. Pages (built in Node) and islands must both
 * point the browser at the public API, so when that is on another origin the path is put there.
 */
export function mediaUrl(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  const base = publicApiBase();
  if (!/^https?:\/\//i.test(base)) return path;
  return new URL(path, base).toString();
}

/** `base` + `path`, with the query's defined values as a query string. */
function urlFor(base: string, path: string, query: RequestOptions['query']): string {
  const url = `${trimSlash(base)}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(name, String(value));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** The answer's JSON; its text when it is not JSON (a proxy's error page), which no envelope matches. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** How a service wraps its answers. */
interface Service {
  base(): string;
  /** `ok` with the data, a failure with the service's code and message, or null: not this envelope. */
  unwrap(payload: unknown, httpOk: boolean): { ok: true; data: unknown } | { ok: false; code: string; msg: string; data?: unknown } | null;
}

const MAIN: Service = {
  base: apiBase,
  unwrap(payload, httpOk) {
    if (typeof payload !== 'object' || payload === null) return null;
    const { code, msg, data } = payload as { code?: unknown; msg?: unknown; data?: unknown };
    if (typeof code !== 'string') return null;
    if (code === CODES.SUCCESS && httpOk) return { ok: true, data };
    // A success code on an HTTP error is not to be believed.
    return { ok: false, code: code === CODES.SUCCESS ? CLIENT_CODES.BAD_RESPONSE : code, msg: typeof msg === 'string' ? msg : '', data };
  },
};

/** The other service answers `{status, result, message}`; status 200 is success. */
const OTHER: Service = {
  base: otherApiBase,
  unwrap(payload, httpOk) {
    if (typeof payload !== 'object' || payload === null) return null;
    const { status, result, message } = payload as { status?: unknown; result?: unknown; message?: unknown };
    if (typeof status !== 'number' && typeof status !== 'string') return null;
    const code = String(status);
    if (code === '200' && httpOk) return { ok: true, data: result };
    // Its statuses share the main service's code table (9999 expired, 8888 forced logout, ...).
    return { ok: false, code: code === '200' ? CLIENT_CODES.BAD_RESPONSE : code, msg: typeof message === 'string' ? message : '' };
  },
};

type Method = 'GET' | 'POST';

/** One HTTP attempt: no hooks, no retry. */
async function send<T>(service: Service, method: Method, path: string, body: unknown, options: RequestOptions, token: string | null): Promise<T> {
  const requestId = newRequestId();
  const base = service.base();
  if (!isBrowser() && !/^https?:\/\//i.test(base)) {
    throw new ApiError({
      code: CLIENT_CODES.NO_API,
      msg: 'No API to call: set CATALOGUE_API_URL (npm run build starts the API and sets it)',
      requestId,
    });
  }

  const headers: Record<string, string> = { ...options.headers, ...requestHeaders({ requestId, locale: options.locale, token }) };
  if (method === 'POST') headers['content-type'] = 'application/json';
  // The build asks the API beside it on this machine: compressing each answer there only to
  // decompress it here cost both processes CPU (a browser's fetch cannot set this header).
  if (!isBrowser()) headers['accept-encoding'] = 'identity';

  // One controller for the timeout and the caller's signal; it covers reading the body too.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(urlFor(base, path, options.query), {
      method,
      headers,
      signal: controller.signal,
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    payload = parseBody(await response.text());
  } catch (cause) {
    const code = timedOut ? CLIENT_CODES.TIMEOUT : options.signal?.aborted ? CLIENT_CODES.ABORTED : CLIENT_CODES.NETWORK;
    let msg = timedOut ? 'The server took too long to answer' : code === CLIENT_CODES.ABORTED ? 'Request cancelled' : 'Could not reach the server';
    // At build time say which server, so a stopped API is obvious in the build log.
    if (!isBrowser()) msg += ` (${method} ${base}${path})`;
    throw new ApiError({ code, msg, requestId, cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const answeredId = response.headers.get(REQUEST_ID_HEADER) ?? requestId;
  const outcome = service.unwrap(payload, response.ok);
  if (outcome?.ok) return outcome.data as T;
  if (outcome) {
    // HTTP errors use the server's message when it sent one.
    throw new ApiError({
      code: outcome.code,
      msg: outcome.msg || response.statusText || 'An error occurred',
      requestId: answeredId,
      status: response.status,
      data: outcome.data,
    });
  }
  throw new ApiError({
    code: CLIENT_CODES.BAD_RESPONSE,
    msg: response.ok ? 'Unexpected answer from the server' : `HTTP ${response.status} ${response.statusText}`.trim(),
    requestId: answeredId,
    status: response.status,
  });
}

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === CLIENT_CODES.NETWORK || error.code === CLIENT_CODES.TIMEOUT) return true;
  return error.status !== undefined && RETRYABLE_STATUS.has(error.status);
}

/** Waits `ms`, or rejects as cancelled as soon as the caller aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => {
      clearTimeout(timer);
      reject(new ApiError({ code: CLIENT_CODES.ABORTED, msg: 'Request cancelled', requestId: newRequestId() }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    if (signal?.aborted) cancelled();
    else signal?.addEventListener('abort', cancelled, { once: true });
  });
}

/** `send`, repeated on transient failures when the call enabled retries. */
async function sendWithRetries<T>(service: Service, method: Method, path: string, body: unknown, options: RequestOptions, token: string | null): Promise<T> {
  const attempts = options.retry ? 1 + RETRY_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send<T>(service, method, path, body, options, token);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await pause(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1), options.signal);
    }
  }
}

/** A whole call: attempts, then the installed code handling (which may retry once). */
async function dispatch<T>(service: Service, method: Method, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const settle = options.silent ? () => {} : trackRequest();
  const run = async (retried: boolean): Promise<T> => {
    const token = options.bare ? null : currentAccessToken();
    try {
      return await sendWithRetries<T>(service, method, path, body, options, token);
    } catch (error) {
      const onError = getHttpHooks().onError;
      if (options.bare || !onError || !(error instanceof ApiError) || error.code === CLIENT_CODES.ABORTED) throw error;
      // After the one retry, `retry` only rethrows: the handler cannot loop even if it tried.
      const retry = retried ? () => Promise.reject(error) : () => run(true);
      return (await onError(error, retry, { retried, silent: options.silent === true, sentToken: token })) as T;
    }
  };
  try {
    return await run(false);
  } finally {
    settle();
  }
}

/** What `call` takes after the entry: the request (optional when the entry takes none), then options. */
export type CallArgs<E extends Endpoint> = undefined extends RequestOf<E>
  ? [request?: RequestOf<E>, options?: RequestOptions]
  : [request: RequestOf<E>, options?: RequestOptions];

/**
 * Calls one endpoint of the contract: a POST sends the request as its JSON body, a GET as its
 * query string (merged with `options.query`).
 */
export function call<E extends Endpoint<any, any>>(entry: E, ...[request, options = {}]: CallArgs<E>): Promise<AnswerOf<E>> {
  if (entry.method === 'GET') {
    const query = { ...(request as RequestOptions['query']), ...options.query };
    return dispatch<AnswerOf<E>>(MAIN, 'GET', entry.path, undefined, { ...options, query });
  }
  return dispatch<AnswerOf<E>>(MAIN, 'POST', entry.path, request ?? {}, options);
}

/** POST `body` as JSON to `path` under the API base. Calls of the API go through {@link call}. */
export function post<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return dispatch<T>(MAIN, 'POST', path, body, options);
}

/** GET `path` with `options.query` as the query string. */
export function get<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return dispatch<T>(MAIN, 'GET', path, undefined, options);
}

/** POST to the other service; its `{status, result, message}` envelope, same handling. */
export function otherPost<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return dispatch<T>(OTHER, 'POST', path, body, options);
}

/** GET from the other service. */
export function otherGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return dispatch<T>(OTHER, 'GET', path, undefined, options);
}
