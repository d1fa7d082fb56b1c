/**
 * The message mechanics shared by the browser's translator (src/i18n/core.ts) and the server's
 * message catalogue (src/server/messages): `{{name}}` interpolation, `_one`/`_other` plurals
 * (Intl.PluralRules), and reading a filled-in message back into its key and values. Pure: the
 * catalogues themselves live with their users, so neither side downloads the other's.
 */
import { pluralRules } from './intl.ts';
import type { Locale } from './locale.ts';

/** Values for `{{name}}` placeholders; a number `count` also picks the plural form. */
export type MessageValues = Record<string, string | number>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Fills the `{{name}}` placeholders of `message`; one without a value stays as it is, so a gap shows. */
export function interpolate(message: string, values?: MessageValues): string {
  return message.replace(PLACEHOLDER, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}

/** The placeholder names of `message`, sorted and without repeats. */
export function placeholdersOf(message: string): string[] {
  return [...new Set([...message.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

/**
 * A translate function over `lookup` (a key to its text, or undefined). A number `count` in the
 * values picks `key_one`, `key_other`, ... by the locale's plural rules, falling back to
 * `key_other` and then `key`. An unknown key comes back as itself. Values are not escaped.
 */
export function createTranslator(locale: Locale, lookup: (key: string) => unknown): (key: string, values?: MessageValues) => string {
  const plurals = pluralRules(locale);
  return (key, values) => {
    const count = values?.['count'];
    let text = typeof count === 'number' ? (lookup(`${key}_${plurals.select(count)}`) ?? lookup(`${key}_other`)) : undefined;
    text ??= lookup(key);
    return typeof text === 'string' ? interpolate(text, values) : key;
  };
}

/** `At most {{max}} characters` as `^At most (?<max>.+?) characters$`. */
function templatePattern(template: string): RegExp {
  const seen = new Set<string>();
  // split() with a capture group alternates text and placeholder names; a name used twice must match the same text.
  const source = template
    .split(PLACEHOLDER)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (seen.has(part)) return `\\k<${part}>`;
      seen.add(part);
      return `(?<${part}>.+?)`;
    })
    .join('');
  return new RegExp(`^${source}$`, 's');
}

/**
 * The key of `table` whose message `text` is, with the values its placeholders were filled with
 * (numbers as numbers): `At most 50 characters` is `{ key: 'tooLong', values: { max: 50 } }`
 * for a table holding `tooLong: 'At most {{max}} characters'`. Null when no message matches.
 */
export function keyOfMessage<K extends string>(table: Readonly<Record<K, string>>, text: string): { key: K; values?: MessageValues } | null {
  for (const key of Object.keys(table) as K[]) {
    const template = table[key];
    if (template === text) return { key };
    if (!template.includes('{{')) continue;
    const groups = templatePattern(template).exec(text)?.groups;
    if (!groups) continue;
    const values: MessageValues = {};
    for (const [name, value] of Object.entries(groups)) values[name] = /^-?\d+$/.test(value) ? Number(value) : value;
    return { key, values };
  }
  return null;
}
