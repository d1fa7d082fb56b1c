import { CODES, type FailureCode, type SessionCode } from '../domain/api.ts';

/** A failure the shopper may be told about: its message goes into the envelope as is. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  /** Sent as the envelope's data (e.g. the seconds to wait); null for most failures. */
  readonly data: unknown;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;
  constructor(code: string, message: string, status: number, data: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
}

const STATUS: Record<FailureCode, number> = {
  [CODES.INVALID_INPUT]: 400,
  [CODES.MALFORMED_JSON]: 400,
  [CODES.UNSUPPORTED_MEDIA_TYPE]: 415,
  [CODES.PAYLOAD_TOO_LARGE]: 413,
  [CODES.CREDENTIALS_REJECTED]: 401,
  [CODES.PAYMENT_FAILED]: 402,
  [CODES.FORBIDDEN]: 403,
  [CODES.NOT_FOUND]: 404,
  [CODES.CONFLICT]: 409,
  [CODES.OUT_OF_STOCK]: 409,
  [CODES.TOO_MANY_REQUESTS]: 429,
  [CODES.INTERNAL]: 500,
  [CODES.UNAVAILABLE]: 503,
};

export function fail(code: FailureCode, message: string): AppError {
  return new AppError(code, message, STATUS[code]);
}

/** A failure whose envelope carries data for the page (a reason, whether to retry). */
export function failWith(code: FailureCode, message: string, data: unknown): AppError {
  return new AppError(code, message, STATUS[code], data);
}

export const notFound = (what: string) => fail(CODES.NOT_FOUND, `${what} not found`);
export const invalid = (message: string) => fail(CODES.INVALID_INPUT, message);

/** A token or session problem (spec section 8 codes 9999, 8888, 8889, 7777): HTTP 401. */
export function sessionFailure(code: SessionCode, message: string): AppError {
  return new AppError(code, message, 401);
}

/** 429 with the wait in the envelope's data and in Retry-After, so a page can count down. */
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(CODES.TOO_MANY_REQUESTS, message, 429, { retryAfterSeconds: seconds }, { 'retry-after': String(seconds) });
}

/**
 * What may be logged of an unexpected error. Query errors from the database driver carry the
 * statement's parameters (emails, password hashes, token digests) in their message, so only the
 * first line of the message is kept, and the cause's SQLSTATE and message, never its detail.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  return {
    type: error.name,
    code: (error as { code?: unknown }).code,
    message: error.message.split('\n')[0]?.slice(0, 300),
    cause: cause ? { code: cause.code, message: typeof cause.message === 'string' ? cause.message.split('\n')[0]?.slice(0, 300) : undefined } : undefined,
    stack: error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 10).join('\n'),
  };
}
