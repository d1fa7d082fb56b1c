/**
 * The server's field problems (a 1001 answer's `data.issues`, paths like `body.name`) as antd
 * form errors, so a refused value is explained beside its field in the server's own words (the
 * configurator's name and number rules, for one).
 */
import type { FormInstance } from 'antd';
import { isApiError } from '../../client/http.ts';

export function showFieldErrors<V>(form: FormInstance<V>, error: unknown, fields: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  const issues = (error.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
  const matched = issues
    .map((issue) => ({ name: issue.path.replace(/^body\./, ''), message: issue.message }))
    .filter((issue) => fields.includes(issue.name));
  if (matched.length === 0) return false;
  form.setFields(matched.map((issue) => ({ name: issue.name as never, errors: [issue.message] })));
  return true;
}
