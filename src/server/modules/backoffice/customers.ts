/**
 * The back office's customers: accounts searched by the start of their email or name, one account's detail (orders,
 * addresses, newsletter state), disabling and enabling (through StaffService.setStatus, the one
 * writer of an account's status), the export of everything the shop holds on one customer, and
 * erasure. Answers never carry a password hash: rows are read column by column, never `select *`
 * of users.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { normaliseEmail } from '../../../domain/account.model.ts';
import { CODES, type Page } from '../../../domain/api/envelope.ts';
import type { AdminCustomerDetail, AdminCustomerRow, CustomerDataExport, ErasureAnswer } from '../../../domain/people.model.ts';
import { isStaff } from '../../../domain/staff.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { fail, notFound } from '../../errors.ts';
import { erasedPseudonym, scrubberFor, type ErasureSubject } from '../../personal-data.ts';
import { addresses, deleteAccount, users } from '../accounts/index.ts';
import { AuditedDesk, pseudonymiseAudit, type AuditActor, type AuditSubjects } from '../audit/index.ts';
import { anonymiseRedemptions } from '../coupons/index.ts';
import { anonymiseOrders, orderItems, orders, scrubOrderNotes } from '../orders/index.ts';
import { forgetMail } from '../outbox/index.ts';
import { anonymisePayers, payments, scrubRefunds } from '../payments/index.ts';
import { forgetShopper, newsletterSubscriptions, productComments, wishlistItems } from '../shopper/index.ts';
import type { StaffService } from '../staff/index.ts';
import { prefixPattern } from './order-filter.ts';

/** What staff may see of an account: every column but the password hash. */
const accountColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  gender: users.gender,
  birthday: users.birthday,
  roles: users.roles,
  status: users.status,
  locale: users.locale,
  updateOrderEmail: users.updateOrderEmail,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

// Qualified by hand: drizzle leaves a lone table's columns unqualified, which inside the
// subquery would name the order's own id.
const orderCount = sql<number>`(select count(*)::int from ${orders} o where o.user_id = ${sql.raw('"users"."id"')})`;

/**
 * An email (has "@") by prefix, or else the start of an email, of the first name or "first last",
 * or of the last name; any case. By prefix, as the orders search, so migration 0011's indexes
 * answer it.
 */
function searchCondition(query: string): SQL {
  const pattern = prefixPattern(query.toLowerCase());
  if (query.includes('@')) return sql`lower(${users.email}) like ${pattern}`;
  return or(
    sql`lower(${users.email}) like ${pattern}`,
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
    sql`lower(${users.lastName}) like ${pattern}`,
  )!;
}

export class CustomerDesk extends AuditedDesk {
  private readonly staff: StaffService;

  constructor(db: Db, staff: StaffService) {
    super(db);
    this.staff = staff;
  }

  /** Every account, newest first; `query` matches the start of the email, the name or the last name. */
  async list(filter: { query?: string | undefined; status?: 'active' | 'disabled' | undefined }, page: PageRequest): Promise<Page<AdminCustomerRow>> {
    const where: SQL[] = [];
    if (filter.query) where.push(searchCondition(filter.query));
    if (filter.status) where.push(eq(users.status, filter.status));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      onePage(
        this.db
          .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, roles: users.roles, status: users.status, orders: orderCount, createdAt: users.createdAt })
          .from(users)
          .where(condition)
          .orderBy(desc(users.id))
          .$dynamic(),
        page,
      ),
      this.db.select({ n: count() }).from(users).where(condition),
    ]);
    return pageOf(
      rows.map(({ firstName, lastName, createdAt, ...row }) => ({ ...row, name: `${firstName} ${lastName}`.trim(), createdAt: createdAt.toISOString() })),
      total?.n ?? 0,
      page,
    );
  }

  async detail(userId: number): Promise<AdminCustomerDetail> {
    const [row] = await this.db.select({ ...accountColumns, orders: orderCount }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound('user');
    const [addressRows, orderRows, [subscribed]] = await Promise.all([
      this.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
      this.db
        .select({ orderNo: orders.orderNo, status: orders.status, paymentState: orders.paymentState, currency: orders.currency, total: orders.total, createdAt: orders.createdAt })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
        .limit(100),
      this.db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, row.email)),
    ]);
    return {
      userId: row.userId,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      roles: row.roles,
      status: row.status,
      orders: row.orders,
      createdAt: row.createdAt.toISOString(),
      locale: row.locale,
      newsletter: Boolean(subscribed),
      addresses: addressRows.map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, address: [a.address, a.address2].filter(Boolean).join(', '), city: a.city, postalCode: a.postalCode, country: a.countryCode, phone: `${a.phoneCode} ${a.phone}`.trim(), isDefault: a.isDefault })),
      orderList: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    };
  }

  /**
   * Disables or enables a customer account: a disabled one gets 7777 on its next call. Staff
   * accounts are the staff screen's (R_SUPER): refused here, so `customer:edit` never reaches them.
   */
  async setStatus(actor: AuditActor, userId: number, status: 'active' | 'disabled'): Promise<AdminCustomerDetail> {
    await this.requireCustomer(this.db, userId);
    await this.staff.setStatus(actor, userId, status, 'customer.status');
    return this.detail(userId);
  }

  /** Everything the shop holds on the customer, as one JSON document. */
  async export(userId: number, now: Date): Promise<CustomerDataExport> {
    const [account] = await this.db.select(accountColumns).from(users).where(eq(users.id, userId));
    if (!account) throw notFound('user');
    const [addressRows, orderRows, reviewRows, wishlistRows, [subscription]] = await Promise.all([
      this.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
      this.db
        .select({
          id: orders.id,
          orderNo: orders.orderNo,
          createdAt: orders.createdAt,
          status: orders.status,
          email: orders.email,
          currency: orders.currency,
          itemsTotal: orders.itemsTotal,
          couponCode: orders.couponCode,
          shippingMethod: orders.shippingMethod,
          shippingAmount: orders.shippingAmount,
          total: orders.total,
          shippingAddress: orders.shippingAddress,
        })
        .from(orders)
        .where(or(eq(orders.userId, userId), eq(orders.email, account.email)))
        .orderBy(asc(orders.id)),
      this.db.select({ productId: productComments.productId, rating: productComments.rating, content: productComments.content, createdAt: productComments.createdAt }).from(productComments).where(eq(productComments.userId, userId)),
      this.db.select({ productId: wishlistItems.productId, createdAt: wishlistItems.createdAt }).from(wishlistItems).where(eq(wishlistItems.userId, userId)),
      this.db.select({ source: newsletterSubscriptions.source, createdAt: newsletterSubscriptions.createdAt }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, account.email)),
    ]);
    const items = orderRows.length
      ? await this.db
          .select({ orderId: orderItems.orderId, title: orderItems.title, size: orderItems.size, customName: orderItems.customName, customNumber: orderItems.customNumber, quantity: orderItems.quantity, lineTotal: orderItems.lineTotal })
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderRows.map((o) => o.id)))
      : [];
    return {
      exportedAt: now.toISOString(),
      account,
      addresses: addressRows.map(({ userId: _user, ...address }) => address),
      orders: orderRows.map(({ id, ...order }) => ({ ...order, items: items.filter((item) => item.orderId === id).map(({ orderId: _order, ...item }) => item) })),
      reviews: reviewRows,
      wishlist: wishlistRows,
      newsletter: subscription ?? null,
    };
  }

  /**
   * Erases a customer: orders stay for accounting with their personal fields overwritten and
   * their amounts untouched, payers' names and coupon uses' emails go, reviews, wishlist and newsletter sign-up go, and
   * the account goes with its sessions (every device signed out) and addresses. Every other copy
   * goes too: mail to or about them leaves the outbox, and staff's notes, refund reasons and the
   * audit log keep their rows with the customer's email replaced by a pseudonym and their names
   * by "erased" (docs/accounts-and-security.md "Erasure"). `confirmEmail` must repeat the
   * account's email. The audit row names the account's id and counts, never the erased data.
   */
  async erase(actor: AuditActor, userId: number, confirmEmail: string): Promise<ErasureAnswer> {
    if (actor.id === userId) throw fail(CODES.CONFLICT, 'customer.eraseSelf');
    return this.db.transaction(async (tx) => {
      const account = await this.requireCustomer(tx, userId, true);
      if (normaliseEmail(confirmEmail) !== account.email) throw fail(CODES.CONFLICT, 'customer.confirmMismatch');
      const { subject, about, orderIds } = await this.tracesOf(tx, userId, account);
      // The audit rows first, while the account's id still names the rows it wrote.
      const auditRowsPseudonymised = await pseudonymiseAudit(tx, subject, about);
      await scrubOrderNotes(tx, orderIds, subject);
      await scrubRefunds(tx, orderIds, subject);
      await anonymiseOrders(tx, { userId, email: account.email });
      await anonymisePayers(tx, orderIds);
      await anonymiseRedemptions(tx, orderIds);
      await forgetShopper(tx, { userId, email: account.email });
      const mailsDeleted = await forgetMail(tx, subject);
      await deleteAccount(tx, userId);
      await this.audit.record(tx, { actor, action: 'customer.erase', entity: 'user', entityId: userId, before: null, after: { erased: true, ordersAnonymised: orderIds.length, mailsDeleted, auditRowsPseudonymised } });
      return { userId, ordersAnonymised: orderIds.length };
    });
  }

  /**
   * Every email and name the customer is known by (account, address book, their orders' addresses,
   * PayPal's payer), and the audit log's entities about them, read before anything is erased.
   */
  private async tracesOf(tx: Tx, userId: number, account: { email: string; firstName: string; lastName: string }): Promise<{ subject: ErasureSubject; about: AuditSubjects[]; orderIds: number[] }> {
    const orderRows = await tx
      .select({ id: orders.id, orderNo: orders.orderNo, email: orders.email, firstName: sql<string | null>`${orders.shippingAddress}->>'firstName'`, lastName: sql<string | null>`${orders.shippingAddress}->>'lastName'` })
      .from(orders)
      .where(or(eq(orders.userId, userId), eq(orders.email, account.email)));
    const orderIds = orderRows.map((order) => order.id);
    const payers = orderIds.length ? await tx.select({ email: payments.payerEmail, name: payments.payerName }).from(payments).where(inArray(payments.orderId, orderIds)) : [];
    const book = await tx.select({ firstName: addresses.firstName, lastName: addresses.lastName }).from(addresses).where(eq(addresses.userId, userId));
    const reviews = await tx.select({ id: productComments.id }).from(productComments).where(eq(productComments.userId, userId));
    const emails = [...new Set([account.email, ...orderRows.map((order) => order.email), ...payers.map((payer) => payer.email)].filter((email): email is string => Boolean(email)).map((email) => email.toLowerCase()))];
    const subscriptions = await tx.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, emails));
    const names = [account, ...book, ...orderRows].flatMap((person) => [`${person.firstName ?? ''} ${person.lastName ?? ''}`, person.firstName, person.lastName]);
    const traces = { emails, names: [...names, ...payers.map((payer) => payer.name)].filter((name): name is string => Boolean(name)) };
    const pseudonym = erasedPseudonym(userId);
    return {
      subject: { userId, pseudonym, emails, scrub: scrubberFor(traces, pseudonym) },
      about: [
        { entity: 'user', ids: [String(userId)] },
        { entity: 'order', ids: orderRows.map((order) => order.orderNo) },
        { entity: 'review', ids: reviews.map((review) => String(review.id)) },
        { entity: 'newsletter_subscription', ids: subscriptions.map((row) => String(row.id)) },
      ],
      orderIds,
    };
  }

  private async requireCustomer(db: Db | Tx, userId: number, lock = false): Promise<{ email: string; firstName: string; lastName: string }> {
    const query = db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, roles: users.roles }).from(users).where(eq(users.id, userId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('user');
    if (isStaff(row.roles)) throw fail(CODES.CONFLICT, 'customer.isStaff');
    return row;
  }
}
