/**
 * What the shared zod schemas say about a field a shopper fills in, by key: the one English
 * wording (the specification's where it gave one; docs/api.md "Messages and `Accept-Language`").
 * The schemas put this text in their issues; a form, and the server's 1001 answer, find the key
 * again with {@link fieldMessageOf} and say it in their language (the forms from their catalogue,
 * the server from its messages' `field.<key>`). Free of zod, so a form can use it without carrying
 * the schemas.
 */
import { interpolate, keyOfMessage, type MessageValues } from './translate.ts';

/** The specification's field messages (verbatim where it gave one) and ours beside them. */
export const ACCOUNT_MESSAGES = {
  firstNameRequired: 'Please enter the First Name',
  lastNameRequired: 'Please enter the Last Name',
  emailRequired: 'Please enter the Email',
  emailInvalid: 'The Email is invalid',
  passwordRequired: 'Please enter the Password',
  passwordLength: "The password's length should be between 6-15",
  passwordCommon: 'This password is too common, please choose another one',
  codeRequired: 'Please enter the verification code',
  codeInvalid: 'The verification code is 6 digits',
  newPasswordRequired: 'Please enter the New Password',
  confirmPasswordRequired: 'Please confirm the New Password',
  /** Reset password form. */
  resetPasswordsInconsistent: 'The two passwords entered are inconsistent',
  /** Change password form. */
  changePasswordsInconsistent: 'The two passwords are inconsistent',
  birthdayRequired: 'Please enter the Birthday',
  invalidDate: 'Invalid date',
  currentPasswordRequired: 'Please enter your current password to change the Email',
  textInvalid: 'Please remove the control characters',
  tooLong: 'At most {{max}} characters',
  addressRequired: 'Please enter the Address',
  cityRequired: 'Please enter the City',
  countryRequired: 'Please select the Country',
  provinceRequired: 'Please select the Province',
  provinceInvalid: 'Please select a Province of the chosen Country',
  phoneCodeInvalid: 'Please select the Phone Code',
  phoneRequired: 'Please enter the Phone',
  phoneInvalid: 'The Phone is invalid',
  postalCodeInvalid: 'The Postal Code is invalid',
  ratingInvalid: 'Please give a rating from 1 to 5',
  reviewRequired: 'Please write your review',
} as const;

/** The printing of a shirt (docs/money-and-personalisation.md "Personalisation"). */
export const PRINT_MESSAGES = {
  customNameInvalid: 'Name must be 1-{{max}} letters A-Z',
  customNumberInvalid: 'Number must be digits 0-{{max}}',
  customNameRequired: 'Please enter the name to print',
  customNumberRequired: 'Please enter the number to print',
  playerRequired: 'Please choose a player',
} as const;

/** A team roster (roster.model.ts, roster.schema.ts). */
export const ROSTER_MESSAGES = {
  teamNameRequired: 'Please enter the team name',
  rosterTooManyRows: 'A roster has at most {{max}} rows',
} as const;

export const COUPON_CODE_MESSAGES = {
  couponCodeRequired: 'Please enter the coupon code',
  couponCodeUnknown: 'This coupon code does not exist',
} as const;

/** The track-order form. */
export const ORDER_MESSAGES = {
  orderNoRequired: 'Please enter order number',
  orderNoInvalid: 'This is not an order number',
} as const;

/** The back office's order moves and refunds (orders.schema.ts, back-office/orders.schema.ts). */
export const ORDER_DESK_MESSAGES = {
  shipNeedsTracking: 'Shipping needs a carrier and a tracking number',
  trackingNumberInvalid: 'trackingNumber must be 4-40 letters, digits or dashes',
  trackingUrlInvalid: 'trackingUrl must be an http(s) link',
  overrideNeedsReason: 'An override needs a reason',
} as const;

export const FIELD_MESSAGES = { ...ACCOUNT_MESSAGES, ...PRINT_MESSAGES, ...ROSTER_MESSAGES, ...COUPON_CODE_MESSAGES, ...ORDER_MESSAGES, ...ORDER_DESK_MESSAGES } as const;
export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/** The English text of a field message with its values filled in: `fieldMessage('tooLong', { max: 50 })`. */
export function fieldMessage(key: FieldMessageKey, values?: MessageValues): string {
  return interpolate(FIELD_MESSAGES[key], values);
}

/** The key and values of a schema's message, e.g. `At most 50 characters`; null for any other text. */
export function fieldMessageOf(text: string): { key: FieldMessageKey; values?: MessageValues } | null {
  return keyOfMessage(FIELD_MESSAGES, text);
}
