/**
 * The PayPal simulator's webhooks (docs/paypal-simulator.md): events about its captures and
 * refunds, signed as PayPal signs deliveries (with the simulator's own key), delivered to the
 * shop's receiver, and the verification call's answer.
 */
import { createSign, createVerify, randomUUID } from 'node:crypto';
import { SIM_WEBHOOK_ID } from '../../config.ts';
import { invalidRequest, keys, paypalId, signedText, sleep, type WebhookDelivery, type WebhookEvent, type WebhookSink } from './simulator-protocol.ts';

/** The verify-webhook-signature call's verdict on its request body (throws PayPal's 400 on a missing field). */
export function verificationOf(body: Record<string, any>): 'SUCCESS' | 'FAILURE' {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
    for (const field of fields) if (typeof body[field] !== 'string') throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', `/${field}`);
    if (!body.webhook_event || typeof body.webhook_event !== 'object') throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/webhook_event');
    let valid = false;
    if (body.webhook_id === SIM_WEBHOOK_ID && body.auth_algo === 'SHA256withRSA') {
      const verifier = createVerify('RSA-SHA256');
      verifier.update(signedText(body.transmission_id as string, body.transmission_time as string, SIM_WEBHOOK_ID, JSON.stringify(body.webhook_event)));
      try {
        valid = verifier.verify(keys().publicKey, body.transmission_sig as string, 'base64');
      } catch {
        valid = false;
      }
    }
    return valid ? 'SUCCESS' : 'FAILURE';
}

export class SimulatorWebhooks {
  /** Where links in answers point: the shop's origin + SIM_PREFIX, or a placeholder in process. */
  baseUrl: string;
  webhookSink: WebhookSink | null = null;
  private readonly pendingDeliveries = new Set<Promise<unknown>>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** A webhook event about a capture or refund resource, as PayPal would send it. */
  event(eventType: string, resource: object): WebhookEvent {
    const isRefund = eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED';
    return {
      id: `WH-${paypalId(8)}-${paypalId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: eventType.startsWith('CHECKOUT.') ? 'checkout-order' : isRefund ? 'refund' : 'capture',
      event_type: eventType,
      summary: `${eventType} (simulator)`,
      resource: structuredClone(resource) as Record<string, unknown>,
    };
  }

  /** Signs an event as PayPal signs deliveries: SHA256withRSA over id|time|webhook id|crc32(body). */
  sign(event: WebhookEvent, options: { tamper?: boolean } = {}): WebhookDelivery {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const signer = createSign('RSA-SHA256');
    signer.update(signedText(transmissionId, time, SIM_WEBHOOK_ID, body));
    let signature = signer.sign(keys().privateKey, 'base64');
    if (options.tamper) signature = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${this.baseUrl}/certs/simulator.pem`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  /** Delivers one event `times` times, all at once (PayPal delivers at least once); answers the statuses. */
  async deliver(event: WebhookEvent, times = 1): Promise<number[]> {
    const sink = this.webhookSink;
    if (!sink) throw new Error('the simulator has no webhook receiver');
    return Promise.all(Array.from({ length: times }, () => sink(this.sign(event))));
  }

  /** PEM of the public key, served at cert_url. */
  certificate(): string {
    return keys().publicKey.export({ type: 'spki', format: 'pem' }) as string;
  }

  /** Resolves once every automatic delivery has been answered (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.pendingDeliveries.size > 0) await Promise.allSettled([...this.pendingDeliveries]);
  }

  protected autoDeliver(eventType: string, resource: object): void {
    if (!this.webhookSink) return;
    const event = this.event(eventType, resource);
    // After the API answer, as PayPal's deliveries come separately from it.
    const task = sleep(25)
      .then(() => this.deliver(event))
      .catch(() => undefined);
    this.pendingDeliveries.add(task);
    void task.finally(() => this.pendingDeliveries.delete(task));
  }
}
