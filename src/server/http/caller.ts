/**
 * Who is calling, as the HTTP layer reads it off a request: plain types, so that the request
 * helpers and guards here need nothing from the modules that use them.
 */
import type { Locale } from '../../domain/locale.ts';

/** The signed-in caller an access token names. */
export interface AuthUser {
  userId: number;
  sessionId: string;
  roles: string[];
}

/** The caller's address (for throttling) and language. */
export interface Caller {
  ip: string;
  locale: Locale;
}

/** Whose cart: a signed-in user, or a guest by visitor id (exactly one of the two). */
export type CartOwner = { userId: number; visitorId?: undefined } | { visitorId: string; userId?: undefined };
