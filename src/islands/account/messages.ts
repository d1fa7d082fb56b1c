/**
 * The account forms' messages in the page's language. The rules live once, in the zod schemas
 * of `domain/account.schema.ts` (the server validates with the same ones), their English wording in
 * `domain/field-messages.ts`; a form runs them and finds each message's key there
 * (`fieldMessageOf`, as the server does for its answers) to say it from the `account.validation`
 * catalogue. A message with no key (a rule added later) is shown as it is, never dropped. A
 * server's field issues are read by islands/form/server-issues.ts.
 */
import { fieldMessageOf, type ACCOUNT_MESSAGES } from '../../domain/field-messages.ts';

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

function isValidationKey(key: string): key is ValidationKey {
  return (VALIDATION_KEYS as readonly string[]).includes(key);
}

/** The catalogue entry for one of the schemas' messages. */
export function formMessage(message: string): FormMessage {
  const found = fieldMessageOf(message);
  if (!found || !isValidationKey(found.key)) return { text: message };
  if (found.key === 'tooLong') return { key: 'tooLong', values: { max: Number(found.values?.['max']) } };
  return { key: found.key };
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
