/**
 * The account forms' messages in the page's language. The rules and their English wording live
 * once, in the zod schemas of `domain/account.ts` (the server validates with the same ones); a
 * form runs them and looks each message up here to find its key in the `account.validation`
 * catalogue. A message with no key (a rule added later) is shown as it is, never dropped.
 */
import { ACCOUNT_MESSAGES } from '../../domain/account.ts';

/** The keys of `account.validation` in both catalogues: the messages the account forms can give. */
export const VALIDATION_KEYS = [
  'firstNameRequired',
  'lastNameRequired',
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'passwordLength',
  'passwordCommon',
  'codeRequired',
  'codeInvalid',
  'newPasswordRequired',
  'confirmPasswordRequired',
  'resetPasswordsInconsistent',
  'changePasswordsInconsistent',
  'birthdayRequired',
  'invalidDate',
  'currentPasswordRequired',
  'textInvalid',
  'tooLong',
] as const satisfies readonly (keyof typeof ACCOUNT_MESSAGES)[];

export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** A message to show: a catalogue key with its values, or literal text. */
export type FormMessage = { key: ValidationKey; values?: { max: number } } | { text: string };

const KEY_OF = new Map<string, ValidationKey>();
for (const key of VALIDATION_KEYS) {
  const message = ACCOUNT_MESSAGES[key];
  if (typeof message === 'string') KEY_OF.set(message, key);
}
/** `ACCOUNT_MESSAGES.tooLong(max)`, read back. */
const TOO_LONG = new RegExp(`^${ACCOUNT_MESSAGES.tooLong(0).replace('0', '(\\d+)')}$`);

/** The catalogue entry for one of the schemas' messages. */
export function formMessage(message: string): FormMessage {
  const key = KEY_OF.get(message);
  if (key) return { key };
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return { key: 'tooLong', values: { max: Number(tooLong[1]) } };
  return { text: message };
}

/** The first message per top-level field of a zod error's issues (`path[0]`), in issue order. */
export function firstIssuePerField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The field messages in a server's 1001 answer, `Invalid request: body.birthday: Invalid date;
 * body.email: The Email is invalid`, by top-level field. Empty when the answer names no field.
 */
export function serverFieldErrors(msg: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const list = /^Invalid request: (.*)$/s.exec(msg)?.[1];
  if (!list) return errors;
  for (const part of list.split('; ')) {
    const match = /^body\.([A-Za-z]+)(?:\.[\w.]+)?: (.+)$/s.exec(part);
    if (match && !(match[1]! in errors)) errors[match[1]!] = match[2]!;
  }
  return errors;
}
