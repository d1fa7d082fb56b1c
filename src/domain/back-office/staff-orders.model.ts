/** What the staff order calls answer (docs/back-office.md "Manual orders"); the requests are staff-orders.schema.ts. */
import type { OrderStatus } from '../orders.model.ts';

export type StaffOrderPaymentKind = 'link' | 'offline' | 'replacement';

export interface StaffOrderAnswer {
  orderNo: string;
  status: OrderStatus;
  currency: string;
  total: number;
  kind: StaffOrderPaymentKind;
  /** The payment link's expiry (kind link), when the order is cancelled unpaid. */
  payBefore: string | null;
  /** True when the idempotency key had made this order already. */
  replayed: boolean;
}
