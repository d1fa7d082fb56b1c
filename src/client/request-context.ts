/**
 * What every API request carries, apart from the HTTP client that sends it: where calls go, a
 * fresh request id, the visitor id cookie, the page's language and the bearer token. The HTTP
 * layer (http.ts) builds its requests from these; so does the header's cart count
 * (cart-count.ts), which every page makes and which must not need the whole client.
 */
import { REQUEST_ID_HEADER, VISITOR_ID_COOKIE, VISITOR_ID_HEADER, VISITOR_ID_MAX_AGE_SECONDS, VISITOR_ID_PATTERN } from '../domain/api/envelope.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain/locale.ts';
import { API_PREFIX } from '../domain/site-routes.ts';
import { getHttpHooks } from './http-hooks.ts';
import { getStored, isNonEmptyString } from './storage.ts';

/** docs/storefront.md "Constants": every call gives up after this long. */
export const HTTP_TIMEOUT_MS = 10_000;

export const isBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined';

/**
 * Where calls go. In a browser: `PUBLIC_API_BASE` (default `/api`, same origin). In Node (the
 * build rendering pages): `CATALOGUE_API_URL`, the running API, because a relative URL means
 * nothing there.
 */
export function apiBase(): string {
  if (!isBrowser()) {
    const fromEnv = typeof process !== 'undefined' ? process.env['CATALOGUE_API_URL'] : undefined;
    if (fromEnv) return trimSlash(fromEnv);
  }
  return publicApiBase();
}

/** The API address as the browser sees it; never the build machine's. */
export function publicApiBase(): string {
  return trimSlash(import.meta.env.PUBLIC_API_BASE || API_PREFIX);
}

export function trimSlash(value: string): string {
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
 * The visitor id (docs/decisions.md): 128 random bits as 32 hex characters in the
 * `X-Visitor-Id` cookie, path /, 7 days, SameSite=Lax, written only when absent (a value that
 * is not 32 hex characters, such as an old fingerprint, counts as absent). Null outside a browser.
 */
export function ensureVisitorId(): string | null {
  if (!isBrowser()) return null;
  const existing = readCookie(VISITOR_ID_COOKIE);
  if (existing && VISITOR_ID_PATTERN.test(existing)) return existing;
  const id = toHex(crypto.getRandomValues(new Uint8Array(16)));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VISITOR_ID_COOKIE}=${id}; Path=/; Max-Age=${VISITOR_ID_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  return id;
}

function pageLocale(): Locale {
  if (isBrowser()) {
    const lang = document.documentElement.lang;
    if (isLocale(lang)) return lang;
  }
  return DEFAULT_LOCALE;
}

/**
 * The bearer token: the installed hook's, else the stored one, so a call made before the page
 * shell installed its hooks still goes out signed in.
 */
export function currentAccessToken(): string | null {
  const hook = getHttpHooks().accessToken;
  if (hook) return hook() || null;
  return getStored('token', isNonEmptyString);
}

/** The headers every call sends: JSON wanted, its language (default the page's), its id, the visitor id and the token. */
export function requestHeaders(options: { requestId: string; locale?: Locale | undefined; token: string | null }): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': options.locale ?? pageLocale(),
    [REQUEST_ID_HEADER]: options.requestId,
  };
  const visitorId = ensureVisitorId();
  if (visitorId) headers[VISITOR_ID_HEADER] = visitorId;
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  return headers;
}
