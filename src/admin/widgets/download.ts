import { call } from '../../client/http.ts';
import { currentAccessToken, requestHeaders } from '../../client/request-context.ts';
import { adminStaffApi } from '../../domain/api/admin/staff.ts';
import type { Locale } from '../../domain/locale.ts';

/** Hands a file to the browser: text the server made (a CSV export, a JSON data export) or a fetched body. */
export function downloadFile(fileName: string, content: string | Blob, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A file the server makes for staff only (a PDF, a streamed CSV), fetched with the staff member's
 * token (a plain link would carry none) and handed to the browser under the name the answer gives,
 * else `fileName`. The ping first lets the HTTP layer renew an expired token. Refused unless the
 * answer is of the `expected` type (an error envelope is JSON).
 */
export async function downloadForStaff(url: string, expected: string, fileName: string, options: { locale?: Locale; body?: unknown } = {}): Promise<void> {
  await call(adminStaffApi.ping, undefined, { silent: true });
  const headers = { ...requestHeaders({ requestId: crypto.randomUUID(), locale: options.locale, token: currentAccessToken() }), accept: '*/*' };
  const response = await fetch(url, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: options.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes(expected)) throw new Error(`${fileName}: HTTP ${response.status}`);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  downloadFile(named ?? fileName, await response.blob());
}
