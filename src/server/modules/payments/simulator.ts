/**
 * A local stand-in for PayPal's REST API, used when the shop has no PayPal credentials (the
 * embedded default, development and tests). It implements what the shop's client calls, with
 * PayPal's answers and checks (docs/paypal-simulator.md): OAuth tokens, orders
 * created idempotently by PayPal-Request-Id with AMOUNT_MISMATCH / ITEM_TOTAL_MISMATCH /
 * DECIMAL_PRECISION validation, capture with idempotent replay (200), refunds, and webhook
 * signature verification. Its approve hook stands in for the buyer's PayPal window.
 *
 * Failure switches make the hard cases reproducible: the next capture declined
 * (INSTRUMENT_DECLINED), left PENDING, or committed and then answered with a 500; the next refund
 * left PENDING (settled later, COMPLETED or FAILED); slow answers; webhooks delivered (signed
 * with the simulator's own key) several times, at once, or out of order; a refund made in
 * "PayPal's dashboard", outside the shop.
 *
 * State lives in memory: the simulator is a development and test tool, not a payment system.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { toDecimalString } from '../../../domain/money.model.ts';
import type { PaypalCapture, PaypalOrder, PaypalRefund, TransportRequest, TransportResponse } from './paypal-client.ts';
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET } from '../../config.ts';
import {
  SIM_PREFIX,
  SimFailure,
  checkAmounts,
  unprocessable,
  invalidRequest,
  minor,
  type Money,
  paypalId,
  sleep,
  type SimSwitches,
  type SimOrder,
} from './simulator-protocol.ts';
import { SimulatorWebhooks, verificationOf } from './simulator-webhooks.ts';

// The wire side's names, for the shop (app.ts) and tests that know the simulator by this file.
export { CAPTURE_SWITCHES, REFUND_SWITCHES, SIM_PREFIX } from './simulator-protocol.ts';
export type { CaptureSwitch, RefundSwitch, SimSwitches, WebhookDelivery, WebhookEvent, WebhookSink } from './simulator-protocol.ts';

export class PaypalSimulator extends SimulatorWebhooks {
  switches: SimSwitches = { nextCapture: null, nextRefund: null, slowMs: 0, autoWebhooks: true };
  private readonly orders = new Map<string, SimOrder>();
  /** Each capture, its order, and how much of it has been refunded (minor units). */
  private readonly captures = new Map<string, { capture: PaypalCapture; orderId: string; refunded: number }>();
  /** Each refund and its capture: a PENDING one still counts against the capture until it fails. */
  private readonly refunds = new Map<string, { refund: PaypalRefund & Record<string, unknown>; captureId: string; amount: number }>();
  private readonly replays = new Map<string, TransportResponse>();
  private readonly tokens = new Set<string>();

  constructor(baseUrl = `http://paypal-sim.invalid${SIM_PREFIX}`) {
    super(baseUrl);
  }

  /** Back to no switches and no orders (tests). */
  reset(): void {
    this.switches = { nextCapture: null, nextRefund: null, slowMs: 0, autoWebhooks: this.switches.autoWebhooks };
    this.orders.clear();
    this.captures.clear();
    this.refunds.clear();
    this.replays.clear();
  }

  setSwitches(changes: Partial<SimSwitches>): SimSwitches {
    this.switches = { ...this.switches, ...changes };
    return this.switches;
  }

  // ---------- the REST API ----------

  /** Answers one API request as PayPal would (status and JSON body). */
  async handle(request: TransportRequest): Promise<TransportResponse> {
    let answer: TransportResponse;
    try {
      answer = this.route(request);
    } catch (error) {
      if (!(error instanceof SimFailure)) throw error;
      answer = {
        status: error.status,
        body: JSON.stringify({ name: error.errorName, message: error.message, debug_id: paypalId(13).toLowerCase(), details: error.issues }),
      };
    }
    if (this.switches.slowMs > 0) await sleep(this.switches.slowMs);
    return answer;
  }

  private route(request: TransportRequest): TransportResponse {
    const path = request.path.split('?')[0]!;
    if (request.method === 'POST' && path === '/v1/oauth2/token') return this.issueToken(request);
    this.checkBearer(request);
    const headerId = request.headers['paypal-request-id'];
    if (request.method === 'POST' && path === '/v2/checkout/orders') return this.createOrder(request, headerId);
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return this.verifyWebhook(request);
    let match = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)$/.exec(path);
    if (request.method === 'GET' && match) return { status: 200, body: JSON.stringify(this.orderOrFail(match[1]!).order) };
    match = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)\/capture$/.exec(path);
    if (request.method === 'POST' && match) return this.withReplay(`capture:${match[1]}`, headerId, () => this.capture(match![1]!));
    match = /^\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/refund$/.exec(path);
    if (request.method === 'POST' && match) return this.withReplay(`refund:${match[1]}`, headerId, () => this.refund(match![1]!, request));
    match = /^\/v2\/payments\/refunds\/([A-Za-z0-9-]+)$/.exec(path);
    if (request.method === 'GET' && match) return { status: 200, body: JSON.stringify(this.refundOrFail(match[1]!).refund) };
    throw new SimFailure(404, 'RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }]);
  }

  private issueToken(request: TransportRequest): TransportResponse {
    const expected = `Basic ${Buffer.from(`${SIM_CLIENT_ID}:${SIM_CLIENT_SECRET}`).toString('base64')}`;
    if (request.headers.authorization !== expected || !/grant_type=client_credentials/.test(request.body ?? '')) {
      return { status: 401, body: JSON.stringify({ error: 'invalid_client', error_description: 'Client Authentication failed' }) };
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.add(token);
    return { status: 200, body: JSON.stringify({ scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-SIMULATOR', expires_in: 32400, nonce: randomUUID() }) };
  }

  private checkBearer(request: TransportRequest): void {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token)) {
      throw new SimFailure(401, 'AUTHENTICATION_FAILURE', [{ issue: 'INVALID_ACCOUNT_STATUS', description: 'Authentication failed due to missing authorization header, or invalid authentication credentials.' }]);
    }
  }

  private parseBody(request: TransportRequest): Record<string, any> {
    try {
      const body = JSON.parse(request.body ?? '') as unknown;
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, any>;
    } catch {
      // answered below
    }
    throw invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  }

  /** A request id already seen for this operation answers what it answered then, with 200 for a first 201. */
  private withReplay(operation: string, requestId: string | undefined, run: () => TransportResponse): TransportResponse {
    const key = requestId ? `${operation}:${requestId}` : null;
    const earlier = key ? this.replays.get(key) : undefined;
    if (earlier) return { status: earlier.status === 201 ? 200 : earlier.status, body: earlier.body };
    let answer: TransportResponse;
    let committedThenFailed = false;
    try {
      answer = run();
    } catch (error) {
      if (error instanceof CommittedThenFailed) {
        answer = error.committed;
        committedThenFailed = true;
      } else if (error instanceof SimFailure && error.status === 422) {
        answer = { status: 422, body: JSON.stringify({ name: error.errorName, message: error.message, debug_id: paypalId(13).toLowerCase(), details: error.issues }) };
      } else throw error;
    }
    if (key) this.replays.set(key, answer);
    if (committedThenFailed) throw new SimFailure(500, 'INTERNAL_SERVER_ERROR', [{ issue: 'INTERNAL_SERVICE_ERROR', description: 'An internal service error has occurred.' }]);
    return answer;
  }

  private createOrder(request: TransportRequest, requestId: string | undefined): TransportResponse {
    const replayKey = requestId ? `create:${requestId}` : null;
    const earlier = replayKey ? this.replays.get(replayKey) : undefined;
    if (earlier) {
      const id = (JSON.parse(earlier.body) as { id: string }).id;
      return { status: 200, body: JSON.stringify(this.orderOrFail(id).order) };
    }
    const body = this.parseBody(request);
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') throw invalidRequest('INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', '/intent');
    const units = body.purchase_units as Record<string, any>[] | undefined;
    if (!Array.isArray(units) || units.length !== 1) throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/purchase_units');
    const unit = units[0]!;
    for (const field of ['custom_id', 'invoice_id', 'reference_id']) {
      if (unit[field] !== undefined && (typeof unit[field] !== 'string' || unit[field].length > 127)) throw invalidRequest('INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.', `/purchase_units/@reference_id/${field}`);
    }
    checkAmounts(unit);
    const id = paypalId();
    const order: PaypalOrder = {
      id,
      status: 'CREATED',
      intent: body.intent as string,
      purchase_units: [{ ...unit, amount: unit.amount } as PaypalOrder['purchase_units'][number]],
      links: [
        { href: `${this.baseUrl}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.baseUrl}/checkout/${id}`, rel: 'approve', method: 'GET' },
        { href: `${this.baseUrl}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
      ],
    };
    this.orders.set(id, { order, declineNext: false });
    const answer = { status: 201, body: JSON.stringify(order) };
    if (replayKey) this.replays.set(replayKey, answer);
    return answer;
  }

  private orderOrFail(id: string): SimOrder {
    const found = this.orders.get(id);
    if (!found) throw new SimFailure(404, 'RESOURCE_NOT_FOUND', [{ field: 'order_id', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }]);
    return found;
  }

  private capture(orderId: string): TransportResponse {
    const sim = this.orderOrFail(orderId);
    const { order } = sim;
    if (order.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent is CAPTURE only one capture per order is allowed.');
    if (order.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const outcome = sim.declineNext ? 'INSTRUMENT_DECLINED' : this.switches.nextCapture;
    this.switches.nextCapture = null;
    sim.declineNext = false;
    if (outcome === 'INSTRUMENT_DECLINED') {
      // The buyer must choose another card or account: PayPal's window opens again for the same order.
      order.status = 'CREATED';
      throw unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.');
    }
    const unit = order.purchase_units[0]!;
    const now = new Date().toISOString();
    const capture: PaypalCapture = {
      id: paypalId(),
      status: outcome === 'PENDING' ? 'PENDING' : 'COMPLETED',
      ...(outcome === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: unit.amount,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      final_capture: true,
      create_time: now,
      update_time: now,
      supplementary_data: { related_ids: { order_id: order.id } },
    };
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    this.captures.set(capture.id, { capture, orderId: order.id, refunded: 0 });
    if (this.switches.autoWebhooks) this.autoDeliver(capture.status === 'PENDING' ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED', capture);
    const answer = { status: 201, body: JSON.stringify(order) };
    if (outcome === 'ERROR_AFTER_COMMIT') throw new CommittedThenFailed(answer);
    return answer;
  }

  /**
   * Refunds all that remains of a capture (no amount given) or part of it. As PayPal does: the
   * capture becomes PARTIALLY_REFUNDED, then REFUNDED once nothing remains, and a refund larger
   * than what remains is refused (REFUND_AMOUNT_EXCEEDED).
   */
  private refund(captureId: string, request: TransportRequest): TransportResponse {
    const found = this.captures.get(captureId);
    if (!found) throw new SimFailure(404, 'RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }]);
    const { capture } = found;
    if (capture.status === 'REFUNDED') throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') throw unprocessable('REFUND_NOT_ALLOWED', 'Refund cannot be issued against this capture.');
    const body = request.body ? this.parseBody(request) : {};
    const currency = capture.amount.currency_code;
    const remaining = minor(capture.amount, '/amount') - found.refunded;
    let amount = remaining;
    if (remaining <= 0) throw unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.', '/amount/value');
    if (body.amount !== undefined) {
      const asked = body.amount as { currency_code?: unknown };
      if (asked && typeof asked === 'object' && typeof asked.currency_code === 'string' && asked.currency_code !== currency) {
        throw unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.', '/amount/currency_code');
      }
      amount = minor(body.amount as Money, '/amount', currency);
      if (amount <= 0) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', '/amount/value');
      if (amount > remaining) throw unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.', '/amount/value');
    }
    // A PENDING refund holds its amount (nothing more than the rest can be refunded) but leaves
    // the capture's status alone until it completes.
    const pending = this.switches.nextRefund === 'PENDING';
    this.switches.nextRefund = null;
    found.refunded += amount;
    if (!pending) this.updateCaptureStatus(found);
    const refund: PaypalRefund & Record<string, unknown> = {
      id: paypalId(),
      status: pending ? 'PENDING' : 'COMPLETED',
      ...(pending ? { status_details: { reason: 'ECHECK' } } : {}),
      amount: { currency_code: currency, value: toDecimalString(amount, currency) },
      ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
      ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
      ...(typeof body.note_to_payer === 'string' ? { note_to_payer: body.note_to_payer } : {}),
      links: [{ href: `${this.baseUrl}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
    };
    this.refunds.set(refund.id, { refund, captureId, amount });
    if (!pending && this.switches.autoWebhooks) this.autoDeliver('PAYMENT.CAPTURE.REFUNDED', refund);
    return { status: 201, body: JSON.stringify(refund) };
  }

  private updateCaptureStatus(found: { capture: PaypalCapture; refunded: number }): void {
    const completed = [...this.refunds.values()].filter((r) => r.captureId === found.capture.id && r.refund.status === 'PENDING').reduce((sum, r) => sum + r.amount, 0);
    const paidBack = found.refunded - completed;
    if (paidBack > 0) found.capture.status = paidBack === minor(found.capture.amount, '/amount') ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    found.capture.update_time = new Date().toISOString();
  }

  private refundOrFail(id: string) {
    const found = this.refunds.get(id);
    if (!found) throw new SimFailure(404, 'RESOURCE_NOT_FOUND', [{ field: 'refund_id', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }]);
    return found;
  }

  /**
   * Settles a PENDING refund as PayPal eventually would: COMPLETED (the capture's status follows,
   * and PAYMENT.CAPTURE.REFUNDED is sent) or FAILED (its amount can be refunded again; no
   * webhook, so the shop's reconciler finds out by asking). Null when it is not pending.
   */
  settlePendingRefund(refundId: string, outcome: 'COMPLETED' | 'FAILED'): PaypalRefund | null {
    const found = this.refunds.get(refundId);
    if (!found || found.refund.status !== 'PENDING') return null;
    const capture = this.captures.get(found.captureId)!;
    found.refund.status = outcome;
    delete found.refund.status_details;
    if (outcome === 'FAILED') capture.refunded -= found.amount;
    this.updateCaptureStatus(capture);
    if (outcome === 'COMPLETED' && this.switches.autoWebhooks) this.autoDeliver('PAYMENT.CAPTURE.REFUNDED', found.refund);
    return structuredClone(found.refund);
  }

  /**
   * A refund made by the merchant in PayPal's dashboard, outside the shop: `amount` minor units
   * (all that remains without it), completed at once, its PAYMENT.CAPTURE.REFUNDED webhook sent
   * (when automatic webhooks are on). Answers the refund resource.
   */
  refundFromDashboard(captureId: string, amount?: number): PaypalRefund {
    const found = this.captures.get(captureId);
    const currency = found?.capture.amount.currency_code ?? 'EUR';
    const body = amount === undefined ? undefined : JSON.stringify({ amount: { currency_code: currency, value: toDecimalString(amount, currency) } });
    const answer = this.refund(captureId, { method: 'POST', path: `/v2/payments/captures/${captureId}/refund`, headers: {}, ...(body ? { body } : {}) });
    return JSON.parse(answer.body) as PaypalRefund;
  }

  /** How much of a capture has been refunded so far, in minor units (tests). */
  refundedOf(captureId: string): number | null {
    return this.captures.get(captureId)?.refunded ?? null;
  }

  private verifyWebhook(request: TransportRequest): TransportResponse {
    return { status: 200, body: JSON.stringify({ verification_status: verificationOf(this.parseBody(request)) }) };
  }

  // ---------- the buyer's side and the switches ----------

  /** What the approval dialog shows; null for an unknown id. */
  publicOrder(id: string): { id: string; status: string; amount: { currency_code: string; value: string }; description: string | null } | null {
    const sim = this.orders.get(id);
    if (!sim) return null;
    const unit = sim.order.purchase_units[0]!;
    return { id, status: sim.order.status, amount: { currency_code: unit.amount.currency_code, value: unit.amount.value }, description: (unit as { description?: string }).description ?? null };
  }

  /**
   * The buyer approves in "their PayPal window". `decline` approves with a card that the capture
   * will decline. False when the order is unknown or not waiting for approval.
   */
  approve(id: string, options: { decline?: boolean; payerName?: string; payerEmail?: string } = {}): boolean {
    const sim = this.orders.get(id);
    if (!sim || sim.order.status !== 'CREATED') return false;
    const [given = 'Sam', surname = 'Buyer'] = (options.payerName ?? 'Sam Buyer').split(' ');
    sim.order.status = 'APPROVED';
    sim.order.payer = { name: { given_name: given, surname }, email_address: options.payerEmail ?? 'buyer@paypal-sim.example' };
    sim.declineNext = Boolean(options.decline);
    return true;
  }

  /** The capture resource (a copy), for tests and for building webhook events. */
  captureOf(paypalOrderId: string): PaypalCapture | null {
    const capture = this.orders.get(paypalOrderId)?.order.purchase_units[0]?.payments?.captures?.[0];
    return capture ? structuredClone(capture) : null;
  }

  /** Settles a PENDING capture as PayPal eventually would: COMPLETED or DECLINED. */
  settlePendingCapture(captureId: string, outcome: 'COMPLETED' | 'DECLINED'): PaypalCapture | null {
    const found = this.captures.get(captureId);
    if (!found || found.capture.status !== 'PENDING') return null;
    found.capture.status = outcome;
    delete found.capture.status_details;
    found.capture.update_time = new Date().toISOString();
    if (this.switches.autoWebhooks) this.autoDeliver(outcome === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', found.capture);
    return structuredClone(found.capture);
  }
}

/** The capture was made, and the answer is a 500 anyway (the switch ERROR_AFTER_COMMIT). */
class CommittedThenFailed extends Error {
  readonly committed: TransportResponse;
  constructor(committed: TransportResponse) {
    super('committed, then failed');
    this.committed = committed;
  }
}


/** The client's transport to an in-process simulator: no network, the same requests and answers. */
export function simulatorTransport(simulator: PaypalSimulator) {
  return (request: TransportRequest): Promise<TransportResponse> => simulator.handle(structuredClone(request));
}
