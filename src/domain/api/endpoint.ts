/**
 * One endpoint of the API, the contract browser and server share (docs/api.md): its method and
 * its path below `/api`, as the server registers it, and two types. The request type is the
 * input type of the zod schema the server validates with (imported with `import type`, so no
 * bundle takes in zod); the answer type is the envelope's `data`. At run time an entry is only
 * `{method, path}`: src/client/http.ts calls it, src/server/http/define-route.ts registers it.
 */
export type Method = 'GET' | 'POST';

/** For an endpoint that takes no body and no query. */
export type NoRequest = undefined;

export interface Endpoint<Request = unknown, Answer = unknown, M extends Method = Method> {
  readonly method: M;
  readonly path: string;
  /** Carries the types; never set at run time. */
  readonly types?: { request: Request; answer: Answer };
}

export type RequestOf<E> = E extends Endpoint<infer Request, unknown> ? Request : never;
export type AnswerOf<E> = E extends Endpoint<unknown, infer Answer> ? Answer : never;

/**
 * The answer of a download entry: the file itself (a PDF with its own content type and
 * Content-Disposition), not the envelope. Errors are still the envelope (docs/api.md "Downloads").
 */
export interface PdfDownload {
  readonly contentType: 'application/pdf';
}

/** The answer of a CSV download entry: the file, streamed as it is written (text/csv, UTF-8 with a byte-order mark). */
export interface CsvDownload {
  readonly contentType: 'text/csv';
}

/** The answer of an XLSX download entry: the workbook, streamed as it is written. */
export interface XlsxDownload {
  readonly contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
}

/** A POST endpoint: its request is the JSON body. */
export function post<Request, Answer>(path: string): Endpoint<Request, Answer, 'POST'> {
  return { method: 'POST', path };
}

/** A GET endpoint: its request is the query string. */
export function get<Request, Answer>(path: string): Endpoint<Request, Answer, 'GET'> {
  return { method: 'GET', path };
}
