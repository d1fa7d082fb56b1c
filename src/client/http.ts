/**
 * The HTTP layer shared by the browser islands and the build (spec section 7, DESIGN.md section 4).
 *
 * Every call is JSON, times out after 10 s, carries a fresh `X-Request-Id`, the page's
 * `Accept-Language` and (in a browser) the `X-Visitor-Id` cookie's value, and is unwrapped from the
 * main envelope `{code, msg, data}`: code `0000` gives `data`, anything else throws an
 * {@link ApiError}. Retries are off, as the specification's default.
 *
 * Seam for the next issue: token refresh, session resets and toasts plug in through
 * {@link setHttpHooks} (an access-token getter and an error handler that may retry once), so this
 * file stays free of session state and UI.
 */
import { ofetch } from 'ofetch';
import {
  CODES,
  REQUEST_ID_HEADER,
  VISITOR_ID_COOKIE,
  VISITOR_ID_HEADER,
  VISITOR_ID_MAX_AGE_SECONDS,
  VISITOR_ID_PATTERN,
  type Envelope,
} from '../domain/api.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain/locale.ts';

/** Spec section 9. */
export const HTTP_TIMEOUT_MS = 10_000;

/** Codes for failures that never reached the server's envelope (the server's codes are digits). */
export const CLIENT_CODES = {
  /** No answer: offline, DNS, connection refused, CORS. */
  NETWORK: 'NETWORK',
  TIMEOUT: 'TIMEOUT',
  /** The caller cancelled the request. */
  ABORTED: 'ABORTED',
  /** An answer that is not our envelope (a proxy's HTML error page, say). */
  BAD_RESPONSE: 'BAD_RESPONSE',
  /** Running in Node with no absolute API address to call. */
  NO_API: 'NO_API',
} as const;

/** A failed call: the server's code and message, or one of {@link CLIENT_CODES}. */
export class ApiError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly requestId: string;
  /** HTTP status, when an answer arrived. */
  readonly status: number | undefined;

  constructor(init: { code: string; msg: string; requestId: string; status?: number | undefined; cause?: unknown }) {
    super(`${init.msg} (code ${init.code}, request ${init.requestId})`, { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.requestId = init.requestId;
    this.status = init.status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Hooks the session layer installs (next issue). Both optional; without them calls go out anonymous. */
export interface HttpHooks {
  /** The bearer token for the main service, or null when signed out. */
  accessToken?: () => string | null | undefined;
  /**
   * Sees every failure before the caller does. It may call `retry` once (after refreshing an
   * expired token), reset the session or show a toast; it returns the retried result or throws.
   * `retry` does not pass through this hook again, so a failing refresh cannot loop.
   */
  onError?: (error: ApiError, retry: () => Promise<unknown>) => Promise<unknown>;
}

let hooks: HttpHooks = {};

export function setHttpHooks(next: HttpHooks): void {
  hooks = next;
}

export interface RequestOptions {
  /** Sent as Accept-Language; defaults to the page's `<html lang>` in a browser, else en-US. */
  locale?: Locale | undefined;
  signal?: AbortSignal | undefined;
  /** Query parameters, serialised as a query string. */
  query?: Record<string, string | number | boolean | undefined> | undefined;
}

const isBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

/**
 * Where calls go. In a browser: `PUBLIC_API_BASE` (default `/api`, same origin). In Node (the
 * build rendering pages): `CATALOGUE_API_URL`, the running API, because a relative URL means
 * nothing there.
 */
export function apiBase(): string {
  if (!isBrowser) {
    const fromEnv = typeof process !== 'undefined' ? process.env['CATALOGUE_API_URL'] : undefined;
    if (fromEnv) return trimSlash(fromEnv);
  }
  return publicApiBase();
}

/** The API address as the browser sees it; never the build machine's. */
export function publicApiBase(): string {
  return trimSlash(import.meta.env.PUBLIC_API_BASE || '/api');
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

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

/** A v4 UUID. `crypto.randomUUID` exists only in secure contexts, so plain-http LAN tests fall back. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // not a secure context: fall through
    }
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = toHex(b);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * The visitor id (DESIGN.md section 4): 128 random bits as 32 hex characters in the
 * `X-Visitor-Id` cookie, path /, 7 days, SameSite=Lax, written only when absent (or unusable).
 * Returns null outside a browser.
 */
export function ensureVisitorId(): string | null {
  if (!isBrowser) return null;
  const existing = readCookie(VISITOR_ID_COOKIE);
  if (existing && VISITOR_ID_PATTERN.test(existing)) return existing;
  const id = toHex(crypto.getRandomValues(new Uint8Array(16)));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VISITOR_ID_COOKIE}=${id}; Path=/; Max-Age=${VISITOR_ID_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  return id;
}

function pageLocale(): Locale {
  if (isBrowser) {
    const lang = document.documentElement.lang;
    if (isLocale(lang)) return lang;
  }
  return DEFAULT_LOCALE;
}

const $fetch = ofetch.create({ retry: 0, responseType: 'json', ignoreResponseError: true });

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/** One attempt: no hooks, no retry. */
async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions): Promise<T> {
  const requestId = newRequestId();
  const base = apiBase();
  if (!isBrowser && !/^https?:\/\//i.test(base)) {
    throw new ApiError({
      code: CLIENT_CODES.NO_API,
      msg: 'No API to call: set CATALOGUE_API_URL (npm run build starts the API and sets it)',
      requestId,
    });
  }

  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': options.locale ?? pageLocale(),
    [REQUEST_ID_HEADER]: requestId,
  };
  const visitorId = ensureVisitorId();
  if (visitorId) headers[VISITOR_ID_HEADER] = visitorId;
  const token = hooks.accessToken?.();
  if (token) headers['authorization'] = `Bearer ${token}`;

  // ofetch drops its own timeout when a signal is given, so both are combined here.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  let response;
  try {
    response = await $fetch.raw<unknown>(path, {
      baseURL: base,
      method,
      headers,
      signal: controller.signal,
      ...(method === 'POST' ? { body: (body ?? {}) as Record<string, unknown> } : {}),
      ...(options.query ? { query: options.query } : {}),
    });
  } catch (cause) {
    const code = timedOut ? CLIENT_CODES.TIMEOUT : options.signal?.aborted ? CLIENT_CODES.ABORTED : CLIENT_CODES.NETWORK;
    let msg = timedOut ? 'The server took too long to answer' : code === CLIENT_CODES.ABORTED ? 'Request cancelled' : 'Could not reach the server';
    // At build time say which server, so a stopped API is obvious in the build log.
    if (!isBrowser) msg += ` (${method} ${base}${path})`;
    throw new ApiError({ code, msg, requestId, cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const payload = response._data;
  const answeredId = response.headers.get(REQUEST_ID_HEADER) ?? requestId;
  if (isEnvelope(payload)) {
    if (payload.code === CODES.SUCCESS && response.ok) return payload.data as T;
    // HTTP errors use the server's message when it sent one (spec section 7).
    throw new ApiError({
      code: payload.code === CODES.SUCCESS ? CLIENT_CODES.BAD_RESPONSE : payload.code,
      msg: payload.msg || response.statusText || 'An error occurred',
      requestId: answeredId,
      status: response.status,
    });
  }
  throw new ApiError({
    code: CLIENT_CODES.BAD_RESPONSE,
    msg: response.ok ? 'Unexpected answer from the server' : `HTTP ${response.status} ${response.statusText}`.trim(),
    requestId: answeredId,
    status: response.status,
  });
}

async function withHooks<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ApiError) || !hooks.onError || error.code === CLIENT_CODES.ABORTED) throw error;
    return (await hooks.onError(error, attempt)) as T;
  }
}

/** POST `body` as JSON to `path` (under the API base, e.g. `/demo/ironProduct/search`). */
export function post<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return withHooks(() => send<T>('POST', path, body, options));
}

/** GET `path` with `options.query` as the query string. */
export function get<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return withHooks(() => send<T>('GET', path, undefined, options));
}
