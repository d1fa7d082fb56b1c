/**
 * The server's field problems (a 1001 answer's `data.issues`, paths like `body.name`) as antd
 * form errors, so a refused value is explained beside its field in the server's own words (the
 * configurator's name and number rules, for one).
 */
import type { FormInstance } from 'antd';
import type { ApiError } from '../../client/http.ts';

/** A refusal's field problems, each with its path as the server wrote it (`body.name`). */
export function serverIssues(refusal: ApiError): { path: string; message: string }[] {
  return (refusal.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
}

export function showFieldErrors<V>(form: FormInstance<V>, refusal: ApiError, fields: readonly string[]): boolean {
  const matched = serverIssues(refusal)
    .map((issue) => ({ name: issue.path.replace(/^body\./, ''), message: issue.message }))
    .filter((issue) => fields.includes(issue.name));
  if (matched.length === 0) return false;
  form.setFields(matched.map((issue) => ({ name: issue.name as never, errors: [issue.message] })));
  return true;
}
