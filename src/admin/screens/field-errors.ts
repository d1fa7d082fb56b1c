/**
 * The server's field problems (a 1001 answer's `data.issues`, paths like `body.name`) as antd
 * form errors, so a refused value is explained beside its field in the server's own words (the
 * configurator's name and number rules, for one).
 */
import type { FormInstance } from 'antd';
import type { ApiError } from '../../client/http.ts';
import { useWrite } from '../widgets/write.ts';

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

/**
 * A form's write (write.ts's, never throwing): a refusal whose problems name some of `fields`
 * shows them beside those fields, so a form's save says what the server refused where it was typed.
 */
export function useFormWrite<V>(form: FormInstance<V>, fields: readonly string[]): (work: () => Promise<unknown>) => Promise<boolean> {
  const write = useWrite();
  return (work) => write(work, (refusal) => showFieldErrors(form, refusal, fields));
}
