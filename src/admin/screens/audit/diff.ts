/**
 * The audit log's before and after values as rows a person can read: nested objects flattened to
 * dotted paths (`address.city`, `lines.0.quantity`), one row per path in either value, changed
 * rows marked. Values print as JSON, absent ones as undefined; a whole value of null (nothing
 * before a creation, nothing after a deletion) has no rows.
 */

export interface DiffRow {
  field: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined && !(value === null && prefix === '')) {
    into.set(prefix || '(value)', JSON.stringify(value));
  }
  return into;
}

export function diffValues(before: unknown, after: unknown): DiffRow[] {
  const a = flatten(before, '', new Map());
  const b = flatten(after, '', new Map());
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields.map((field) => ({ field, before: a.get(field), after: b.get(field), changed: a.get(field) !== b.get(field) }));
}
