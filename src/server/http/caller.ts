/**
 * Who is calling, as the HTTP layer reads it off a request: plain types, so that the request
 * helpers and guards here need nothing from the modules that use them.
 */
import type { Locale } from '../../domain/locale.ts';
import type { Permission } from '../../domain/back-office/staff.model.ts';

/** The signed-in caller an access token names, as the guard read them with the session. */
export interface AuthUser {
  userId: number;
  sessionId: string;
  roles: string[];
  /** Codes given beyond the roles (users.grants). */
  grants: string[];
  /** Every permission code the caller holds (roles and grants resolved): what the guards check. */
  codes: Permission[];
  /** The account's email now: a back-office write's audit row names the caller by it (`actorOf`). */
  email: string;
  /**
   * Set when an API token is calling, not a person (docs/accounts-and-security.md "API tokens"):
   * userId is then the owner who made it, email says `token "<name>" (by <owner>)`, sessionId is
   * `token:<id>`, roles and grants are empty and codes are the token's.
   */
  apiToken?: { id: number; name: string };
}

/** Who makes a back-office write, as its audit row names them. */
export interface Actor {
  id: number;
  email: string;
}

/** The caller's address (for throttling) and language. */
export interface Caller {
  ip: string;
  locale: Locale;
}

/** Whose cart: a signed-in user, or a guest by visitor id (exactly one of the two). */
export type CartOwner = { userId: number; visitorId?: undefined } | { visitorId: string; userId?: undefined };
