/**
 * The PayPal simulator's wire side (simulator.ts is the simulator): its prefix (its fixed
 * credentials are in src/server/config.ts), the failure switches, PayPal's error shapes, money and id rules, and the webhook
 * signing key. See docs/paypal-simulator.md.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { minorUnitDigits } from '../../../domain/money.model.ts';
import { SIMULATOR_PREFIX } from '../../../domain/site-routes.ts';
import type { PaypalOrder } from './paypal-client.ts';

/** Where the plugin serves it (the static hosts' rules forward it too); the client's transport calls the simulator in process. */
export const SIM_PREFIX = SIMULATOR_PREFIX;

export const CAPTURE_SWITCHES = ['INSTRUMENT_DECLINED', 'PENDING', 'ERROR_AFTER_COMMIT'] as const;
export type CaptureSwitch = (typeof CAPTURE_SWITCHES)[number];
export const REFUND_SWITCHES = ['PENDING'] as const;
export type RefundSwitch = (typeof REFUND_SWITCHES)[number];

export interface SimSwitches {
  /** What the next capture does instead of completing (one-shot). */
  nextCapture: CaptureSwitch | null;
  /** What the next refund does instead of completing at once (one-shot): PENDING, settled later by settlePendingRefund. */
  nextRefund: RefundSwitch | null;
  /** Every API answer comes this many milliseconds late, after the work is done. */
  slowMs: number;
  /** Send capture and refund webhooks to the shop on its own. */
  autoWebhooks: boolean;
}

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: 'capture' | 'refund' | 'checkout-order';
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
}

export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Delivers a signed webhook to the shop; answers the HTTP status the shop gave. */
export type WebhookSink = (delivery: WebhookDelivery) => Promise<number>;

export interface SimOrder {
  order: PaypalOrder;
  /** The buyer chose "Decline card": the next capture of this order is declined. */
  declineNext: boolean;
}

export const SUPPORTED_CURRENCIES = new Set(['AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD', 'NZD', 'NOK', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD']);

export type Money = { currency_code?: unknown; value?: unknown };

export interface Issue {
  field?: string;
  issue: string;
  description: string;
}

export class SimFailure extends Error {
  readonly status: number;
  readonly errorName: string;
  readonly issues: Issue[];
  constructor(status: number, errorName: string, issues: Issue[], message = issues[0]?.description ?? errorName) {
    super(message);
    this.status = status;
    this.errorName = errorName;
    this.issues = issues;
  }
}

export const unprocessable = (issue: string, description: string, field?: string) =>
  new SimFailure(422, 'UNPROCESSABLE_ENTITY', [{ issue, description, ...(field ? { field } : {}) }], 'The requested action could not be performed, semantically incorrect, or failed business validation.');
export const invalidRequest = (issue: string, description: string, field?: string) =>
  new SimFailure(400, 'INVALID_REQUEST', [{ issue, description, ...(field ? { field } : {}) }], 'Request is not well-formed, syntactically incorrect, or violates schema.');

export function paypalId(length = 17): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(length);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Minor units of a PayPal money value, checking PayPal's decimal rules. */
export function minor(money: Money | undefined, field: string, currency?: string): number {
  if (!money || typeof money.value !== 'string' || typeof money.currency_code !== 'string') throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', field);
  if (!SUPPORTED_CURRENCIES.has(money.currency_code)) throw unprocessable('INVALID_CURRENCY_CODE', 'Currency code is invalid or is not currently supported.', `${field}/currency_code`);
  if (currency && money.currency_code !== currency) throw unprocessable('CURRENCY_MISMATCH', 'Currency code should be the same for all amounts in the purchase unit.', `${field}/currency_code`);
  // PayPal's currencies without decimals (HUF, JPY, TWD) are the shop's too.
  const digits = minorUnitDigits(money.currency_code);
  if (!/^-?\d{1,10}(\.\d+)?$/.test(money.value)) throw invalidRequest('INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', `${field}/value`);
  const [whole, fraction = ''] = money.value.replace('-', '').split('.');
  if (fraction.length > digits) throw unprocessable('DECIMAL_PRECISION', `If the currency supports decimals, only ${digits} decimal place precision is supported.`, `${field}/value`);
  const value = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return money.value.startsWith('-') ? -value : value;
}

let signingKeys: { privateKey: KeyObject; publicKey: KeyObject } | null = null;
/** The simulator's webhook signing key, made once per process on first use. */
export function keys() {
  signingKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return signingKeys;
}

export function signedText(transmissionId: string, time: string, webhookId: string, body: string): string {
  return `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** amount = item_total + tax_total + shipping + handling + insurance - shipping_discount - discount, item_total = sum of items. */
export function checkAmounts(unit: Record<string, any>): void {
  const amount = unit.amount as Money & { breakdown?: Record<string, Money> };
  const total = minor(amount, '/purchase_units/@reference_id/amount');
  const currency = amount.currency_code as string;
  if (total <= 0) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', '/purchase_units/@reference_id/amount/value');
  const breakdown = amount.breakdown;
  const items = unit.items as { quantity?: unknown; unit_amount?: Money }[] | undefined;
  if (items && items.length && !breakdown?.item_total) throw unprocessable('ITEM_TOTAL_REQUIRED', 'If item details are specified, the item total is required.', '/purchase_units/@reference_id/amount/breakdown/item_total');
  if (!breakdown) return;
  const part = (name: string) => (breakdown[name] ? minor(breakdown[name], `/purchase_units/@reference_id/amount/breakdown/${name}`, currency) : 0);
  const itemTotal = part('item_total');
  const expected = itemTotal + part('tax_total') + part('shipping') + part('handling') + part('insurance') - part('shipping_discount') - part('discount');
  if (items) {
    let sum = 0;
    for (const [i, item] of items.entries()) {
      const quantity = typeof item.quantity === 'string' && /^[1-9][0-9]{0,9}$/.test(item.quantity) ? Number(item.quantity) : NaN;
      if (!Number.isFinite(quantity)) throw invalidRequest('INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', `/purchase_units/@reference_id/items/${i}/quantity`);
      sum += minor(item.unit_amount, `/purchase_units/@reference_id/items/${i}/unit_amount`, currency) * quantity;
    }
    if (sum !== itemTotal) throw unprocessable('ITEM_TOTAL_MISMATCH', 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.', '/purchase_units/@reference_id/amount/breakdown/item_total/value');
  }
  if (expected !== total) throw unprocessable('AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.', '/purchase_units/@reference_id/amount/value');
}
