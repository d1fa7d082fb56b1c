/**
 * PayPal's REST API (Orders v2, Payments v2, webhook verification), the parts the shop uses
 * (docs/checkout-and-payments.md). One client for the real sandbox or live API and for
 * the local simulator: only the transport differs.
 *
 * The OAuth token is cached until shortly before it expires. Every call has a time limit; when it
 * passes, the outcome is unknown (PayPal may have done it), which callers learn from a
 * PaypalUnknownOutcome error and settle by asking PayPal, or by repeating the call with the same
 * PayPal-Request-Id.
 */
import type { Clock } from '../../clock.ts';
import type { PaypalPurchaseUnit } from '../../../domain/checkout.model.ts';


/** PayPal's issues after which the buyer can try again with another card or account. */
export const RETRYABLE_DECLINES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_ACTION_REQUIRED', 'PAYER_CANNOT_PAY', 'DECLINED', 'FAILED']);

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** "/v2/checkout/orders", with query if any. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  body: string;
}

export type PaypalTransport = (request: TransportRequest, signal: AbortSignal) => Promise<TransportResponse>;

/** The network transport: fetch against the sandbox or live base URL. */
export function fetchTransport(baseUrl: string): PaypalTransport {
  return async (request, signal) => {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
    });
    return { status: response.status, body: await response.text() };
  };
}

export interface PaypalMoneyAnswer {
  currency_code: string;
  value: string;
}

export interface PaypalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
  status_details?: { reason?: string };
  amount: PaypalMoneyAnswer;
  custom_id?: string;
  invoice_id?: string;
  final_capture?: boolean;
  create_time?: string;
  update_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PaypalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  intent?: string;
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount: PaypalMoneyAnswer;
    payments?: { captures?: PaypalCapture[] };
  }[];
  payer?: { name?: { given_name?: string; surname?: string }; email_address?: string };
  links?: { href: string; rel: string; method?: string }[];
}

export interface PaypalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  amount?: PaypalMoneyAnswer;
}

/** PayPal answered with an error: its name (UNPROCESSABLE_ENTITY...) and first issue (INSTRUMENT_DECLINED...). */
export class PaypalError extends Error {
  readonly status: number;
  readonly errorName: string;
  readonly issue: string | null;
  readonly debugId: string | null;
  constructor(status: number, errorName: string, issue: string | null, debugId: string | null, message: string) {
    super(message);
    this.name = 'PaypalError';
    this.status = status;
    this.errorName = errorName;
    this.issue = issue;
    this.debugId = debugId;
  }
}

/** No answer in time, or a 5xx: PayPal may or may not have done what was asked. */
export class PaypalUnknownOutcome extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaypalUnknownOutcome';
  }
}

export interface WebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  transport: PaypalTransport;
  /** Per call, in milliseconds. */
  timeoutMs: number;
  clock: Clock;
}

/** Seconds before the token's expiry at which a new one is fetched. */
const TOKEN_MARGIN_SECONDS = 60;

export class PaypalClient {
  private readonly options: PaypalClientOptions;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(options: PaypalClientOptions) {
    this.options = options;
  }

  private async send(request: TransportRequest): Promise<TransportResponse> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new PaypalUnknownOutcome(`PayPal did not answer ${request.method} ${request.path.split('?')[0]} within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
    });
    try {
      return await Promise.race([this.options.transport(request, controller.signal), timeout]);
    } catch (error) {
      if (error instanceof PaypalUnknownOutcome) throw error;
      throw new PaypalUnknownOutcome(`PayPal could not be reached for ${request.method} ${request.path.split('?')[0]}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private async accessToken(): Promise<string> {
    const now = this.options.clock().getTime();
    if (this.token && this.token.expiresAt > now) return this.token.value;
    // One token request at a time: concurrent callers share it.
    this.tokenRequest ??= (async () => {
      const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
      const answer = await this.send({
        method: 'POST',
        path: '/v1/oauth2/token',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
      });
      const json = parseJson(answer.body) as { access_token?: string; expires_in?: number } | null;
      if (answer.status !== 200 || !json?.access_token) throw errorFrom(answer, 'could not get a PayPal access token');
      const lifetime = Math.max(0, (json.expires_in ?? 0) - TOKEN_MARGIN_SECONDS);
      this.token = { value: json.access_token, expiresAt: this.options.clock().getTime() + lifetime * 1000 };
      return json.access_token;
    })().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  /** An authorised call; a 401 (token revoked or expired early) gets one retry with a new token. */
  private async call<T>(method: 'GET' | 'POST', path: string, body: unknown, requestId?: string): Promise<{ status: number; json: T }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json', prefer: 'return=representation' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const answer = await this.send({ method, path, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      if (answer.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (answer.status >= 500) throw new PaypalUnknownOutcome(`PayPal answered ${answer.status} to ${method} ${path.split('?')[0]}`);
      if (answer.status >= 400) throw errorFrom(answer, `PayPal refused ${method} ${path.split('?')[0]}`);
      const json = parseJson(answer.body);
      if (json === null) throw new PaypalUnknownOutcome(`PayPal answered ${method} ${path.split('?')[0]} with something that is not JSON`);
      return { status: answer.status, json: json as T };
    }
  }

  /** Creates (or, with the same request id, finds again) a PayPal order for one purchase unit. */
  async createOrder(unit: PaypalPurchaseUnit, requestId: string): Promise<PaypalOrder> {
    const { json } = await this.call<PaypalOrder>('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: [unit] }, requestId);
    return json;
  }

  async getOrder(paypalOrderId: string): Promise<PaypalOrder> {
    const { json } = await this.call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, undefined);
    return json;
  }

  /** Captures an approved order; `replayed` when PayPal answered an earlier capture with this request id (200). */
  async captureOrder(paypalOrderId: string, requestId: string): Promise<{ order: PaypalOrder; replayed: boolean }> {
    const { status, json } = await this.call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`, {}, requestId);
    return { order: json, replayed: status === 200 };
  }

  /** Refunds `amount` of a capture, or all that remains of it without one. */
  async refundCapture(captureId: string, requestId: string, refund: { amount?: PaypalMoneyAnswer; noteToPayer?: string } = {}): Promise<PaypalRefund> {
    const body = { ...(refund.amount ? { amount: refund.amount } : {}), ...(refund.noteToPayer ? { note_to_payer: refund.noteToPayer } : {}) };
    const { json } = await this.call<PaypalRefund>('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, requestId);
    return json;
  }

  /** A refund as PayPal holds it now (a PENDING one turns COMPLETED or FAILED later). */
  async getRefund(refundId: string): Promise<PaypalRefund> {
    const { json } = await this.call<PaypalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`, undefined);
    return json;
  }

  /** Asks PayPal whether a webhook delivery is genuine; false for anything but SUCCESS. */
  async verifyWebhookSignature(headers: WebhookHeaders, webhookId: string, event: unknown): Promise<boolean> {
    const { json } = await this.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: headers.authAlgo,
      cert_url: headers.certUrl,
      transmission_id: headers.transmissionId,
      transmission_sig: headers.transmissionSig,
      transmission_time: headers.transmissionTime,
      webhook_id: webhookId,
      webhook_event: event,
    });
    return json.verification_status === 'SUCCESS';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorFrom(answer: TransportResponse, fallback: string): PaypalError {
  const json = parseJson(answer.body) as { name?: string; error?: string; message?: string; debug_id?: string; details?: { issue?: string }[] } | null;
  const name = json?.name ?? json?.error ?? `HTTP_${answer.status}`;
  const issue = json?.details?.[0]?.issue ?? null;
  return new PaypalError(answer.status, name, issue, json?.debug_id ?? null, `${fallback}: ${issue ?? name}`);
}

/** The first capture of a PayPal order, if it has one. */
export function firstCapture(order: PaypalOrder): PaypalCapture | null {
  return order.purchase_units[0]?.payments?.captures?.[0] ?? null;
}
