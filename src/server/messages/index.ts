/**
 * The API's messages to shoppers (envelope `msg`, and the texts some answers carry) in en-US and
 * zh-CN. Code that raises an error names a message id and its values (`msg('cart.onlyLeft',
 * {stock, size})`); the envelope renders it in the request's language (Accept-Language).
 *
 * The catalogues live in the server, which only ever sends the rendered text: no browser code
 * imports them. Interpolation and plurals are those of the pages' translator
 * (domain/translate.ts). Logs keep English: they are for engineers.
 */
import { DEFAULT_LOCALE, type Locale } from '../../domain/locale.ts';
import { fieldMessageOf } from '../../domain/field-messages.ts';
import { createTranslator, type MessageValues } from '../../domain/translate.ts';
import { enUS } from './en-US.ts';
import type { After, ArgsOf, Message, MessageId, Said } from './types.ts';
import { zhCN } from './zh-CN.ts';

export type { Message, MessageId, MessageParam, NotFoundThing, PlainMessageId, Said } from './types.ts';

/** Both catalogues, keyed by locale (the unit tests walk them). */
export const CATALOGUES: Record<Locale, Readonly<Record<string, string>>> = { 'en-US': enUS, 'zh-CN': zhCN };

const translators = Object.fromEntries(
  Object.entries(CATALOGUES).map(([locale, catalogue]) => [locale, createTranslator(locale as Locale, (key) => (Object.hasOwn(catalogue, key) ? catalogue[key] : undefined))]),
) as Record<Locale, ReturnType<typeof createTranslator>>;

/** A message with its values, checked against the id's placeholders: `msg('cart.full', { max: 50 })`. */
export function msg<Id extends MessageId>(id: Id, ...args: ArgsOf<Id>): Message {
  const [params] = args;
  return params ? { id, params } : { id };
}

/** The issues of an uploaded CSV that concern the whole file (its header, no rows, too many, a row's field count); the others name the value they read. */
const CSV_FILE_ISSUES: ReadonlySet<string> = new Set(['header', 'empty', 'tooMany', 'columns']);

/** An uploaded CSV's issue as its message `<group>.<issue>` (`shipment.csv.carrier`): a file-wide one plain, a field's with the value it read. */
export function csvIssueMessage<G extends string>(group: G, { issue, value }: { issue: After<`${G}.`, MessageId>; value?: string }): Message {
  const id = `${group}.${issue}` as MessageId;
  return CSV_FILE_ISSUES.has(issue) ? { id } : { id, params: { value: value ?? '' } };
}

export function toMessage(said: Said): Message {
  return typeof said === 'string' ? { id: said } : said;
}

/** The message's text in `locale`; values that are messages are rendered in it first. */
export function render(said: Said, locale: Locale = DEFAULT_LOCALE): string {
  const message = toMessage(said);
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(message.params ?? {})) values[name] = typeof value === 'object' ? render(value, locale) : value;
  return translators[locale](message.id, values);
}

/**
 * A field problem as a shared zod schema words it, in `locale`: the schemas' own messages
 * (domain/field-messages.ts) through `field.<key>`. Other schema text is technical (a client
 * sent what no form sends); it stays as it is in English and is "invalid value" elsewhere.
 */
export function renderSchemaText(text: string, locale: Locale): string {
  const known = fieldMessageOf(text);
  if (known) return render({ id: `field.${known.key}`, ...(known.values ? { params: known.values } : {}) }, locale);
  return locale === 'en-US' ? text : render('request.invalidValue', locale);
}
