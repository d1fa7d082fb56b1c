/**
 * The back office's customers: accounts and guests (docs/back-office.md "Teams, navigation,
 * customers, reviews and the newsletter"): what its calls answer. The requests are in
 * customers.schema.ts.
 */
import type { AccountStatus } from '../account.model.ts';

/** What the customers list shows of anyone's orders. */
export interface CustomerFigures {
  /** Every order, whatever its state (an account's include those it placed as a guest with its email). */
  orders: number;
  /** The totals of its paid orders (paid, in production, shipped, delivered) in EUR minor units at each order's locked rate, refunds not taken off. */
  spentEur: number;
  lastOrderAt: string | null;
}

export const CUSTOMER_KINDS = ['registered', 'guest'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** An account. */
export interface AdminCustomerRow extends CustomerFigures {
  kind: 'registered';
  userId: number;
  email: string;
  name: string;
  roles: string[];
  status: AccountStatus;
  createdAt: string;
}

/**
 * A guest: an email that placed orders without an account (lower-cased), named as on its latest
 * order. An email that has an account is that account's row, never a guest's.
 */
export interface AdminGuestRow extends CustomerFigures {
  kind: 'guest';
  userId: null;
  email: string;
  name: string;
  /** Its first order. */
  createdAt: string;
}

export type AdminCustomerListRow = AdminCustomerRow | AdminGuestRow;

/** A guest's orders (the customers screen's guest detail), newest first. */
export interface AdminGuestDetail extends AdminGuestRow {
  newsletter: boolean;
  orderList: AdminCustomerOrder[];
}

export interface AdminCustomerOrder {
  orderNo: string;
  status: string;
  paymentState: string;
  currency: string;
  total: number;
  createdAt: string;
}

export interface AdminCustomerAddress {
  id: number;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
  isDefault: boolean;
}

export interface AdminCustomerDetail extends AdminCustomerRow {
  locale: string;
  newsletter: boolean;
  addresses: AdminCustomerAddress[];
  orderList: AdminCustomerOrder[];
}

/** Everything the shop holds on one customer (the data export); never a password hash. */
export interface CustomerDataExport {
  exportedAt: string;
  account: Record<string, unknown>;
  addresses: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  reviews: Record<string, unknown>[];
  wishlist: Record<string, unknown>[];
  newsletter: Record<string, unknown> | null;
}

export interface ErasureAnswer {
  userId: number;
  ordersAnonymised: number;
}
