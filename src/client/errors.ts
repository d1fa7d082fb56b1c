/**
 * The error every API call throws, and the codes of failures that never reached the server's
 * envelope. Kept apart from `http.ts` (and free of imports) so that code which only inspects
 * errors — the code handling, the page shell — does not pull the HTTP client into its bundle.
 */

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

export type ClientCode = (typeof CLIENT_CODES)[keyof typeof CLIENT_CODES];

/** A failed call: the server's code and message, or one of {@link CLIENT_CODES}. */
export class ApiError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly requestId: string;
  /** HTTP status, when an answer arrived. */
  readonly status: number | undefined;
  /** The envelope's `data` on a refusal, when the server explains it (e.g. `{reason, retry}`). */
  readonly data: unknown;

  constructor(init: { code: string; msg: string; requestId: string; status?: number | undefined; data?: unknown; cause?: unknown }) {
    super(`${init.msg} (code ${init.code}, request ${init.requestId})`, { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.requestId = init.requestId;
    this.status = init.status;
    this.data = init.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for codes the browser made up (no server message to show). */
export function isClientCode(code: string): code is ClientCode {
  return (Object.values(CLIENT_CODES) as string[]).includes(code);
}

/** The server could not be reached or did not answer in time: nothing was decided about the call. */
export function isUnreachable(error: ApiError): boolean {
  return isUnreachableCode(error.code);
}

/** The same, for a failure already reduced to its code. */
export function isUnreachableCode(code: string): boolean {
  return code === CLIENT_CODES.NETWORK || code === CLIENT_CODES.TIMEOUT;
}
