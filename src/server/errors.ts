import { CODES, type FailureCode } from '../domain/api.ts';

/** A failure the shopper may be told about: its message goes into the envelope as is. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

const STATUS: Record<FailureCode, number> = {
  [CODES.INVALID_INPUT]: 400,
  [CODES.MALFORMED_JSON]: 400,
  [CODES.UNSUPPORTED_MEDIA_TYPE]: 415,
  [CODES.PAYLOAD_TOO_LARGE]: 413,
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

export const notFound = (what: string) => fail(CODES.NOT_FOUND, `${what} not found`);
export const invalid = (message: string) => fail(CODES.INVALID_INPUT, message);
