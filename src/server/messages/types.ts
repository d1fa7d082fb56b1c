/**
 * The types of the API's messages, derived from the en-US catalogue: the ids, and for each id
 * the values its `{{placeholders}}` need, so raising an error with a wrong id, a missing value or
 * a value it does not take fails type checking.
 */
import type { enUS } from './en-US.ts';

type Reference = typeof enUS;
type CatalogueKey = keyof Reference;

/** A catalogue of another locale: exactly the en-US keys. */
export type Catalogue = { readonly [K in CatalogueKey]: string };

type PluralSuffix = `_${Intl.LDMLPluralRule}`;
type PluralBase<K> = K extends `${infer Base}${PluralSuffix}` ? Base : never;

/** Every message id: a catalogue key, or the base of plural keys (`wait.minutes` for `wait.minutes_one`/`_other`). */
export type MessageId = Exclude<CatalogueKey, `${string}${PluralSuffix}`> | PluralBase<CatalogueKey>;

type TextOf<Id extends MessageId> = Id extends CatalogueKey ? Reference[Id] : Reference[`${Id}_other` & CatalogueKey];
type Placeholders<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;
/** A plural id always takes `count`, which picks its form, even when the text does not show it. */
type ParamName<Id extends MessageId> = Placeholders<TextOf<Id>> | (Id extends PluralBase<CatalogueKey> ? 'count' : never);

/** A message to say: an id and the values of its placeholders (a value may itself be a message). */
export interface Message {
  readonly id: MessageId;
  readonly params?: Readonly<Record<string, MessageParam>>;
}
export type MessageParam = string | number | Message;

/** `count` picks the plural form, so it is a number. */
export type ParamsOf<Id extends MessageId> = { readonly [K in ParamName<Id>]: K extends 'count' ? number : MessageParam };
/** No argument for an id without placeholders, else its values. */
export type ArgsOf<Id extends MessageId> = [ParamName<Id>] extends [never] ? [] : [params: ParamsOf<Id>];

/** Ids that need no values, which may be given as they are wherever a message is expected. */
export type PlainMessageId = { [Id in MessageId]: [ParamName<Id>] extends [never] ? Id : never }[MessageId];
/** A plain id or a message with its values. */
export type Said = PlainMessageId | Message;

export type After<Prefix extends string, Id> = Id extends `${Prefix}${infer Rest}` ? Rest : never;
/** What `notFound()` can name: `product` for `notFound.product`. */
export type NotFoundThing = After<'notFound.', MessageId>;
