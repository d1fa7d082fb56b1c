/**
 * What the back office's calls answer (docs/back-office.md). Amounts are integer minor units: in
 * EUR where named so, else in the order's currency. Dates are ISO 8601 strings.
 */
import type { AccountStatus, Role } from '../account.model.ts';
import type { AdminRoute } from './routes.model.ts';
import type { CurrencyCode } from '../money.model.ts';
import type { OrderDetail, OrderStatus } from '../orders.model.ts';
import type { LetteringPart, PremiumOption } from '../personalisation.ts';

// ---------- sign-in and routes ----------

/** The login page's quick picks: only while the demo data is seeded, never in production. */
export interface DemoAccount {
  role: Role;
  /** Key of its label in the `admin` namespace (login.demo.super, .admin, .user). */
  labelKey: string;
  email: string;
  password: string;
}

export interface LoginOptions {
  demoAccounts: DemoAccount[];
}

export interface UserRoutes {
  routes: AdminRoute[];
  /** The route name a user lands on. */
  home: string;
}

// ---------- orders ----------

export const PAYMENT_STATES = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const;
/**
 * What staff see of an order's money (orders.payment_state, kept from its payment's status by
 * migration 0008's trigger): captured is paid, the refund states stay as they are, the rest
 * (created, approved, pending, declined, voided..., or no payment) is unpaid.
 */
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const ORDER_SORT_FIELDS = ['createdAt', 'total', 'orderNo', 'status'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** One row of the orders table. */
export interface AdminOrderRow {
  orderNo: string;
  status: OrderStatus;
  paymentState: PaymentState;
  createdAt: string;
  paidAt: string | null;
  email: string;
  /** The ship-to name. */
  customerName: string;
  country: string;
  currency: CurrencyCode;
  total: number;
  totalEur: number;
  itemCount: number;
  personalised: boolean;
}

export interface AdminNote {
  id: number;
  at: string;
  authorEmail: string;
  text: string;
}

export interface AdminPayment {
  provider: 'paypal' | 'none';
  status: string;
  amount: number;
  currency: CurrencyCode;
  paypalOrderId: string | null;
  captureId: string | null;
  payerName: string | null;
  payerEmail: string | null;
}

export interface AdminRefund {
  id: number;
  at: string;
  amount: number;
  currency: CurrencyCode;
  paypalRefundId: string | null;
  status: 'pending' | 'completed' | 'failed';
  reason: string;
  byEmail: string;
  /** The lines it paid back, with quantities; empty for an amount-only refund. */
  lines: { orderItemId: number; quantity: number }[];
  restocked: boolean;
}

/** The order as staff see it: the shopper's view and what only staff see. */
export interface AdminOrderDetail extends OrderDetail {
  paymentState: PaymentState;
  customer: { userId: number | null; email: string; name: string; locale: string };
  payments: AdminPayment[];
  refunds: AdminRefund[];
  /** What may still be refunded, in the order's currency. */
  refundable: number;
  /**
   * Each goods line's own tax where it was added to the prices (Canada, US states; by line id),
   * which a refund of the line pays back with it (the refund dialog's estimate); empty where the
   * prices include the tax or there is none.
   */
  lineTax: { id: number; tax: number }[];
  notes: AdminNote[];
  /** The moves the caller may make now (their codes and the order's state allowing). */
  nextStatuses: OrderStatus[];
}

export interface BulkMoveAnswer {
  moved: string[];
  failed: { orderNo: string; msg: string }[];
}

/** Why an order chosen for a bulk move would not move (the screen words it in the user's language). */
export type BulkMoveBlock = 'not-found' | 'already-there' | 'not-allowed' | 'refund-under-way';

/**
 * What a bulk move would do now, before anything moves (`bulkMovePreview`): the orders it would
 * move (each one's shopper is mailed) and the others with why, in the order they were chosen.
 */
export interface BulkMovePreview {
  to: 'processing' | 'delivered';
  movable: { orderNo: string; status: OrderStatus; email: string }[];
  blocked: { orderNo: string; status: OrderStatus | null; reason: BulkMoveBlock }[];
}

export interface OrderExport {
  fileName: string;
  /** RFC 4180, UTF-8 with a byte-order mark so spreadsheets read Chinese names right. */
  csv: string;
  rows: number;
}

// ---------- production sheet ----------

/** The sheet's name of a lettering part's premium option: `premiumName` for the name. */
export type SheetLetteringKey = `premium${Capitalize<LetteringPart>}`;
export function sheetLetteringKey(part: LetteringPart): SheetLetteringKey {
  return `premium${part.charAt(0).toUpperCase()}${part.slice(1)}` as SheetLetteringKey;
}

export interface SheetShirt {
  orderItemId: number;
  team: string;
  product: string;
  size: string;
  quantity: number;
  /** What to print: a player, or the shopper's name and number, with the premium option of each lettering part (`premiumName`, `premiumNumber`...: sheetLetteringKey). */
  print: ({ kind: 'blank' | 'player' | 'custom'; name: string | null; number: string | null } & Record<SheetLetteringKey, PremiumOption>) | null;
  patches: string[];
}

export interface SheetOrder {
  orderNo: string;
  createdAt: string;
  status: OrderStatus;
  shipTo: { name: string; city: string; country: string };
  shippingMethod: string;
  shirts: SheetShirt[];
  /** Everything that goes in the parcel, add-ons included. */
  packing: { title: string; size: string | null; quantity: number }[];
  notes: string[];
}

export interface ProductionSheet {
  generatedAt: string;
  orders: SheetOrder[];
}

// ---------- dashboard ----------

export interface RevenueFigure {
  orders: number;
  revenueEur: number;
  byCurrency: { currency: CurrencyCode; amount: number }[];
}

export interface Dashboard {
  revenue: { today: RevenueFigure; days7: RevenueFigure; days30: RevenueFigure };
  statusCounts: { status: OrderStatus; count: number }[];
  /** The last 30 days, oldest first, every day present. */
  daily: { date: string; orders: number; revenueEur: number }[];
  topProducts: { productId: number | null; title: string; quantity: number; revenueEur: number }[];
  lowStock: { productId: number; title: string; size: string; stock: number }[];
  latest: AdminOrderRow[];
}

// ---------- staff and audit ----------

export interface StaffMember {
  userId: number;
  email: string;
  name: string;
  roles: Role[];
  status: AccountStatus;
  createdAt: string;
}

export interface AuditRow {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}
