/**
 * A server's 1001 answer names the fields it refused in `data.issues` (`body.email`,
 * `body.birthday.day`, `body.0.province` for the address book's list, `body.address.province`
 * for checkout's typed address), each message already in the page's language. Every form puts
 * them beside its fields through this one reading.
 */
import type { FieldIssue } from '../../domain/api/envelope.ts';

const FIELD_OF_PATH = /^body(?:\.\d+|\.address(?=\.))?\.([A-Za-z]\w*)/;

/** The first message per named field, in issue order; empty when the answer names no field. */
export function serverFieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = FIELD_OF_PATH.exec(issue.path)?.[1];
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
