import { CODES, type FailureCode, type SessionCode } from '../domain/api/envelope.ts';
import type { Locale } from '../domain/locale.ts';
import { msg, render, renderSchemaText, toMessage, type Message, type NotFoundThing, type Said } from './messages/index.ts';

/**
 * One field's problem in a 1001 answer: its path (`body.email`, technical) and what is wrong,
 * as a message or as the text a shared schema gave (worded by renderSchemaText).
 */
export type FieldProblem = { path: string } & ({ problem: Message } | { schemaText: string });

interface AppErrorOptions {
  /** Sent as the envelope's data (e.g. the seconds to wait); null for most failures. */
  data?: unknown;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** Field problems: the message lists them and data is `{issues: [{path, message}]}`. */
  issues?: readonly FieldProblem[];
}

function issueText(issue: FieldProblem, locale: Locale): string {
  return 'schemaText' in issue ? renderSchemaText(issue.schemaText, locale) : render(issue.problem, locale);
}

/**
 * A failure the shopper may be told about. It carries a message id and values, not text: the
 * envelope says it in the request's language ({@link AppError.messageIn}). The Error's own
 * message is the English text, for logs.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly said: Message;
  readonly headers: Record<string, string>;
  readonly issues: readonly FieldProblem[] | null;
  private readonly data: unknown;

  constructor(code: string, status: number, said: Said, options: AppErrorOptions = {}) {
    super();
    this.code = code;
    this.status = status;
    this.said = toMessage(said);
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
    this.issues = options.issues ?? null;
    this.message = this.messageIn('en-US');
  }

  /** The envelope's msg in `locale`. */
  messageIn(locale: Locale): string {
    if (!this.issues) return render(this.said, locale);
    const list = this.issues.map((issue) => `${issue.path}: ${issueText(issue, locale)}`).join('; ');
    return render(msg('request.invalidFields', { issues: list }), locale);
  }

  /** The envelope's data in `locale` (only field problems have words in it). */
  dataIn(locale: Locale): unknown {
    if (!this.issues) return this.data;
    return { issues: this.issues.map((issue) => ({ path: issue.path, message: issueText(issue, locale) })) };
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
  [CODES.SECOND_STEP_NEEDED]: 401,
  [CODES.TWO_FACTOR_ENROLMENT_NEEDED]: 403,
  [CODES.OUT_OF_STOCK]: 409,
  [CODES.STALE_VERSION]: 409,
  [CODES.TOO_MANY_REQUESTS]: 429,
  [CODES.INTERNAL]: 500,
  [CODES.UNAVAILABLE]: 503,
};

export function fail(code: FailureCode, said: Said): AppError {
  return new AppError(code, STATUS[code], said);
}

/** A failure whose envelope carries data for the page (a reason, whether to retry). */
export function failWith(code: FailureCode, said: Said, data: unknown): AppError {
  return new AppError(code, STATUS[code], said, { data });
}

/** 1404 "Product not found" (`notFound.product`). */
export const notFound = (thing: NotFoundThing) => fail(CODES.NOT_FOUND, { id: `notFound.${thing}` });
export const invalid = (said: Said) => fail(CODES.INVALID_INPUT, said);

/** 1001 naming the fields, as a schema's failure does: `invalidFields({ path: 'body.birthday', problem: msg('field.invalidDate') })`. */
export function invalidFields(...issues: FieldProblem[]): AppError {
  return new AppError(CODES.INVALID_INPUT, STATUS[CODES.INVALID_INPUT], 'request.invalid', { issues });
}

/** A token or session problem (codes 9999, 8888, 8889, 7777; docs/api.md): HTTP 401. */
export function sessionFailure(code: SessionCode, said: Said): AppError {
  return new AppError(code, 401, said);
}

/** 429 with the wait in the envelope's data and in Retry-After, so a page can count down. */
export function tooManyRequests(said: Said, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(CODES.TOO_MANY_REQUESTS, STATUS[CODES.TOO_MANY_REQUESTS], said, { data: { retryAfterSeconds: seconds }, headers: { 'retry-after': String(seconds) } });
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
