/** Staff sessions (docs/accounts-and-security.md "Staff sessions"): what their calls take and answer. Strict. */
import { z } from 'zod';
import { idSchema } from '../catalogue.schema.ts';

/** A session as its owner recognises it. */
export interface SessionInfo {
  id: string;
  /** "Firefox", "Chrome"; '' when the sign-in's User-Agent was not recognised. */
  browser: string;
  /** "Windows", "iOS"; '' when not recognised. */
  os: string;
  /** The sign-in's client address. */
  ip: string;
  createdAt: string;
  /** Moved at most once a minute. */
  lastUsedAt: string;
  /** The session of the call that asked. */
  current: boolean;
}

export interface SessionsEnded {
  ended: number;
}

/** Session ids are 128 random bits, base64url (22 characters). */
const sessionIdSchema = z.string().trim().min(16).max(64);

export const sessionEndRequestSchema = z.strictObject({ sessionId: sessionIdSchema });
export const staffSessionsRequestSchema = z.strictObject({ userId: idSchema });
export const staffSessionEndRequestSchema = z.strictObject({ userId: idSchema, sessionId: sessionIdSchema });

/** The audit actions of the owner's session ends (docs/back-office.md "Writes and the audit log"). */
export const SESSION_ACTIONS = { endOne: 'staff.sessionEnd', endAll: 'staff.sessionsEnd' } as const;
