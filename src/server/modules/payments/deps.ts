/** What the payment service and its webhooks are built with (app.ts). */
import type { Clock } from '../../clock.ts';
import type { PaypalConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuditLog } from '../audit/index.ts';
import type { OrderService } from '../orders/index.ts';
import type { PaymentLedger } from './ledger.ts';
import type { PaypalClient } from './paypal-client.ts';
import type { CreditNotes } from './refund-book.ts';
import type { RequestPayments } from './pay-requests.ts';

export interface PaymentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PaymentDeps {
  db: Db;
  paypal: PaypalClient;
  config: PaypalConfig;
  orders: OrderService;
  /** For the refunds PayPal settles or makes itself (refund-book.ts). */
  audit: AuditLog;
  ledger: PaymentLedger;
  /** Credit notes for refunds and reversals (the invoices module). */
  invoices: CreditNotes;
  clock: Clock;
  log: PaymentLog;
  /** Payment requests' captures, which PayPal's webhook and the reconciler also settle (pay-requests.ts). */
  requests?: RequestPayments;
}
