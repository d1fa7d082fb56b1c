/**
 * The envelope every answer of the API comes in, and its codes (docs/api.md). The endpoints
 * themselves are the other modules of this folder.
 */
export interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

/**
 * One refused field of a 1001 answer, whose data is `{issues: FieldIssue[]}`: the field's path
 * (`body.email`, `body.0.province`; technical) and what is wrong with it, in the request's
 * language. Forms show these beside their fields.
 */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The refused fields in a failure's data; empty when it names none. */
export function fieldIssuesOf(data: unknown): FieldIssue[] {
  const issues = data !== null && typeof data === 'object' ? (data as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter((issue): issue is FieldIssue => typeof issue?.path === 'string' && typeof issue?.message === 'string');
}

/** The "other" service's envelope (src/client/http.ts reads it). */
export interface OtherEnvelope<T> {
  status: number;
  result: T;
  message: string;
}

export const CODES = {
  SUCCESS: '0000',
  // The session codes the client acts on: token expired, forced logout, modal logout.
  TOKEN_EXPIRED: ['9999', '9998', '3333'],
  FORCED_LOGOUT: ['8888', '8889'],
  MODAL_LOGOUT: ['7777', '7778'],
  // ours: every other code is a failure the client shows as a toast
  INVALID_INPUT: '1001',
  MALFORMED_JSON: '1002',
  UNSUPPORTED_MEDIA_TYPE: '1003',
  PAYLOAD_TOO_LARGE: '1004',
  /** Login failed, password reset failed, wrong current password: one code, whatever the cause. */
  CREDENTIALS_REJECTED: '1401',
  /** The payment did not go through (declined, not approved, amount mismatch): data says why and whether a retry can work. */
  PAYMENT_FAILED: '1402',
  /** Signed in but lacking the role a route needs. */
  FORBIDDEN: '1403',
  NOT_FOUND: '1404',
  CONFLICT: '1409',
  /** Staff sign-in: the password was right and the account uses two-step sign-in; `data {challenge, expiresInSeconds}` for the code step. */
  SECOND_STEP_NEEDED: '1428',
  /** The owner requires two-step sign-in and this staff session has none yet: only the enrolment calls answer. */
  TWO_FACTOR_ENROLMENT_NEEDED: '1427',
  OUT_OF_STOCK: '1410',
  /** A save from a version someone else has changed since: reload, then save again. */
  STALE_VERSION: '1412',
  TOO_MANY_REQUESTS: '1429',
  INTERNAL: '1500',
  UNAVAILABLE: '1503',
} as const;

/**
 * Which session code the server answers when (docs/api.md): 9998 and 3333 and 7778 are
 * accepted by the client but never sent.
 */
export const SESSION_CODES = {
  /** The access token was good but its time is up: refresh once and retry. */
  ACCESS_TOKEN_EXPIRED: '9999',
  /** Missing, forged, wrongly typed or revoked token, or a dead refresh token: reset silently. */
  INVALID_TOKEN: '8888',
  /** A refresh token presented again after rotation: its whole family is now revoked. */
  REFRESH_TOKEN_REUSED: '8889',
  /** The account was disabled: show the message, then reset. */
  ACCOUNT_DISABLED: '7777',
} as const;
export type SessionCode = (typeof SESSION_CODES)[keyof typeof SESSION_CODES];

export type FailureCode = Exclude<(typeof CODES)[keyof typeof CODES], readonly string[] | '0000'>;

export type CodeKind = 'success' | 'expired' | 'forced-logout' | 'modal-logout' | 'failure';

export function classifyCode(code: string): CodeKind {
  if (code === CODES.SUCCESS) return 'success';
  if ((CODES.TOKEN_EXPIRED as readonly string[]).includes(code)) return 'expired';
  if ((CODES.FORCED_LOGOUT as readonly string[]).includes(code)) return 'forced-logout';
  if ((CODES.MODAL_LOGOUT as readonly string[]).includes(code)) return 'modal-logout';
  return 'failure';
}

/** A page of records, as every list endpoint answers. */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export const REQUEST_ID_HEADER = 'x-request-id';
export const VISITOR_ID_HEADER = 'x-visitor-id';
export const VISITOR_ID_COOKIE = 'X-Visitor-Id';
/** 7 days. */
export const VISITOR_ID_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** 128 random bits as 32 hex characters. */
export const VISITOR_ID_PATTERN = /^[0-9a-f]{32}$/;
