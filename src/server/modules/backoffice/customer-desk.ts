/**
 * The back office's customers: accounts searched by the start of their email or name, one account's detail (orders,
 * addresses, newsletter state), disabling and enabling (through StaffDesk.setStatus, the one
 * writer of an account's status), the export of everything the shop holds on one customer, and
 * erasure. Answers never carry a password hash: rows are read column by column, never `select *`
 * of users.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { normaliseEmail, type AccountStatus } from '../../../domain/account.model.ts';
import { CODES, type Page } from '../../../domain/api/envelope.ts';
import { PAID_STATUSES } from '../../../domain/orders.model.ts';
import type { AdminCustomerDetail, AdminCustomerListRow, AdminCustomerOrder, AdminGuestDetail, CustomerFigures, CustomerKind, ErasureAnswer, CustomerDataExport } from '../../../domain/back-office/customers.model.ts';
import { isStaff } from '../../../domain/back-office/staff.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageWindow, type PageRequest } from '../../db/paging.ts';
import { fail, notFound } from '../../errors.ts';
import { erasedPseudonym, scrubberFor, type ErasureSubject } from '../../personal-data.ts';
import { addresses, deleteAccount, users } from '../accounts/index.ts';
import { AuditedDesk, pseudonymiseAudit, type AuditActor, type AuditSubjects } from '../audit/index.ts';
import { anonymiseRedemptions } from '../coupons/index.ts';
import { anonymiseOrders, orderItems, orders, scrubOrderNotes } from '../orders/index.ts';
import { forgetMail } from '../outbox/index.ts';
import { anonymisePayers, payments, scrubRefunds } from '../payments/index.ts';
import { eraseReturns, returnRequests } from '../returns/index.ts';
import { forgetShopper, newsletterSubscriptions, productComments, wishlistItems } from '../shopper/index.ts';
import type { StaffDesk } from '../staff/index.ts';
import { prefixPattern } from '../../db/like.ts';
import { orderSearchCondition, shipToNameSql } from './order-filter.ts';

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

/**
 * An account's orders: those it placed, and those placed as a guest with its email (before it
 * registered, or signed out), as the export and erasure count them. Two conditions rather than
 * one `or`, so each walks its index (orders_user_idx, orders_email_prefix_idx).
 */
function accountOrders(userId: number | SQL, email: string | SQL): SQL {
  return sql`(${orders.userId} = ${userId} or (${orders.userId} is null and lower(${orders.email}) = ${email}))`;
}

/** Orders of no account: a guest's (erased orders keep an `@erased.invalid` address of their own, orders/erasure.ts, and are nobody's). */
const guestOrder = sql`${orders.userId} is null and lower(${orders.email}) not like '%@erased.invalid' and not exists (select 1 from ${users} u where u.email = lower(${sql.raw('"orders"."email"')}))`;

/** A lower-cased email of orders of no account that is a guest's: it has no account, and is not an erased order's. */
const isGuestEmail = (email: SQL.Aliased | SQL) => sql`${email} not like '%@erased.invalid' and not exists (select 1 from ${users} u where u.email = ${email})`;

/** Count, paid total in EUR and last order of a set of orders (the caller's FROM and WHERE). */
const figureColumns = {
  orders: sql<number>`count(*)::int`,
  spentEur: sql<number>`coalesce(sum(${orders.totalEur}) filter (where ${orders.status} in (${sql.join(
    PAID_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})), 0)::bigint`,
  lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`,
};

function figuresOf(row: { orders: number; spentEur: number | string; lastOrderAt: Date | string | null }): CustomerFigures {
  return { orders: Number(row.orders), spentEur: Number(row.spentEur), lastOrderAt: row.lastOrderAt === null ? null : new Date(row.lastOrderAt).toISOString() };
}

const customerOrderColumns = { orderNo: orders.orderNo, status: orders.status, paymentState: orders.paymentState, currency: orders.currency, total: orders.total, createdAt: orders.createdAt };
// Qualified by hand: drizzle leaves a lone table's columns unqualified, which inside a subquery
// over orders would name the order's own id and email.
const outerUser = { id: sql.raw('"users"."id"'), email: sql.raw('"users"."email"') };
const NO_FIGURES: CustomerFigures = { orders: 0, spentEur: 0, lastOrderAt: null };

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

function customerOrder(row: Omit<AdminCustomerOrder, 'createdAt'> & { createdAt: Date }): AdminCustomerOrder {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export class CustomerDesk extends AuditedDesk {
  private readonly staff: StaffDesk;

  constructor(db: Db, staff: StaffDesk) {
    super(db);
    this.staff = staff;
  }

  /**
   * Accounts and guests (emails that ordered without an account), newest first: an account by
   * its creation, a guest by its first order. `query` matches the start of the email, the name or
   * the last name (a guest's also an order number, as the orders search); `status` is an
   * account's, so it leaves guests out; `kind` keeps one of the two.
   */
  async list(filter: { query?: string | undefined; status?: AccountStatus | undefined; kind?: CustomerKind | undefined }, page: PageRequest): Promise<Page<AdminCustomerListRow>> {
    const accountWhere: SQL[] = [];
    if (filter.query) accountWhere.push(searchCondition(filter.query));
    if (filter.status) accountWhere.push(eq(users.status, filter.status));
    const accountCondition = accountWhere.length ? and(...accountWhere) : undefined;
    const withAccounts = filter.kind !== 'guest';
    // A status is an account's: it leaves guests out.
    const withGuests = filter.kind !== 'registered' && !filter.status;
    if (!withAccounts && !withGuests) return pageOf([], 0, page);
    const noAccountOrders = and(sql`${orders.userId} is null`, filter.query ? orderSearchCondition(filter.query) : undefined);

    const { offset, limit } = pageWindow(page);
    // Each side cut to the rows the page could take from it, in the page's order, so PostgreSQL
    // walks each in order and stops (else it finds every guest before sorting).
    const upTo = offset + limit;
    const accountRows = this.db
      .select({ kind: sql<CustomerKind>`'registered'`.as('kind'), userId: sql<number | null>`${users.id}`.as('user_id'), email: sql<string>`${users.email}`.as('email'), since: sql<Date | string>`${users.createdAt}`.as('since') })
      .from(users)
      .where(accountCondition)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(upTo);
    const guestRows = filter.query ? this.searchedGuests(noAccountOrders, upTo) : this.guestsByFirstOrder(upTo);
    const union = withAccounts && withGuests ? accountRows.unionAll(guestRows).as('c') : withAccounts ? accountRows.as('c') : guestRows.as('c');
    // The page and the total apart: with the total in the same query (`count(*) over ()`) every
    // guest had to be found for the first page; apart, the page stops at its last row.
    const [picked, total] = await Promise.all([
      this.db.select({ kind: union.kind, userId: union.userId, email: union.email }).from(union).orderBy(sql`since desc`, sql`user_id desc nulls last`, sql`email`).limit(limit).offset(offset),
      this.total(withAccounts, accountCondition, withGuests, noAccountOrders),
    ]);
    const records = await this.rowsOf(picked.map((row) => ({ kind: row.kind, userId: row.userId, email: row.email })));
    return pageOf(records, total, page);
  }

  /**
   * Every guest, newest first, as the first order of each email: the orders of no account walked
   * newest first, each kept when no earlier order of no account has its email (migration 0017's
   * orders_guest_email_idx, index-only) and no account has it, so a page reads about as many
   * orders as it shows rather than every guest's (docs/back-office.md "Guests" has the figures).
   */
  private guestsByFirstOrder(upTo: number) {
    // Qualified by hand: drizzle leaves them unqualified, which inside the subquery would name e's.
    const email = sql.raw('lower("orders"."email")');
    const firstOfEmail = sql`not exists (select 1 from ${orders} e where e.user_id is null and lower(e.email) = ${email} and (e.created_at, e.id) < (${sql.raw('"orders"."created_at", "orders"."id"')}))`;
    return this.db
      .select({ kind: sql<CustomerKind>`'guest'`.as('kind'), userId: sql<number | null>`null::int`.as('user_id'), email: sql<string>`${email}`.as('email'), since: sql<Date | string>`${orders.createdAt}`.as('since') })
      .from(orders)
      .where(and(sql`${orders.userId} is null`, firstOfEmail, isGuestEmail(email)))
      .orderBy(desc(orders.createdAt), email)
      .limit(upTo);
  }

  /** Guests of a search: each email of the matching orders of no account once, with its first matching order. */
  private searchedGuests(noAccountOrders: SQL | undefined, upTo: number) {
    // Checked per email rather than per order (a search matches few orders, so grouping is cheap).
    const emails = this.emailsOfNoAccount(noAccountOrders);
    return this.db
      .select({ kind: sql<CustomerKind>`'guest'`.as('kind'), userId: sql<number | null>`null::int`.as('user_id'), email: sql<string>`${emails.email}`.as('email'), since: sql<Date | string>`${emails.firstAt}`.as('since') })
      .from(emails)
      .where(isGuestEmail(sql`${emails.email}`))
      .orderBy(desc(emails.firstAt), emails.email)
      .limit(upTo);
  }

  /** Each lower-cased email of the orders of no account (matching the condition), with its first order. */
  private emailsOfNoAccount(condition: SQL | undefined) {
    const guestEmail = sql`lower(${orders.email})`;
    return this.db
      .select({ email: sql<string>`${guestEmail}`.as('guest_email'), firstAt: sql<Date | string>`min(${orders.createdAt})`.as('first_at') })
      .from(orders)
      .where(condition)
      .groupBy(guestEmail)
      .as('g');
  }

  private async total(withAccounts: boolean, accountCondition: SQL | undefined, withGuests: boolean, noAccountOrders: SQL | undefined): Promise<number> {
    const emails = this.emailsOfNoAccount(noAccountOrders);
    const [accounts, guests] = await Promise.all([
      withAccounts ? this.db.select({ n: count() }).from(users).where(accountCondition) : [{ n: 0 }],
      withGuests ? this.db.select({ n: sql<number>`count(*)::int` }).from(emails).where(isGuestEmail(sql`${emails.email}`)) : [{ n: 0 }],
    ]);
    return Number(accounts[0]?.n ?? 0) + Number(guests[0]?.n ?? 0);
  }

  /** The page's rows with their names and order figures: each a handful of indexed reads. */
  private async rowsOf(picked: { kind: CustomerKind; userId: number | null; email: string }[]): Promise<AdminCustomerListRow[]> {
    const userIds = picked.flatMap((row) => (row.userId === null ? [] : [row.userId]));
    const guestEmails = picked.flatMap((row) => (row.userId === null ? [row.email] : []));
    const guestEmail = sql`lower(${orders.email})`;
    const [accounts, guests] = await Promise.all([
      userIds.length
        ? this.db
            .select({
              userId: users.id,
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
              roles: users.roles,
              status: users.status,
              createdAt: users.createdAt,
              figures: sql<{ orders: number; spentEur: number; lastOrderAt: string | null }>`(select json_build_object('orders', count(*), 'spentEur', coalesce(sum(o.total_eur) filter (where o.status in (${sql.join(
                PAID_STATUSES.map((status) => sql`${status}`),
                sql`, `,
              )})), 0), 'lastOrderAt', max(o.created_at)) from ${orders} o where o.user_id = ${outerUser.id} or (o.user_id is null and lower(o.email) = ${outerUser.email}))`,
            })
            .from(users)
            .where(inArray(users.id, userIds))
        : [],
      guestEmails.length
        ? this.db
            .select({ email: sql<string>`${guestEmail}`, name: sql<string>`(array_agg(${shipToNameSql} order by ${orders.createdAt} desc))[1]`, since: sql<Date | string>`min(${orders.createdAt})`, ...figureColumns })
            .from(orders)
            .where(and(guestOrder, inArray(guestEmail, guestEmails)))
            .groupBy(guestEmail)
        : [],
    ]);
    const accountById = new Map(accounts.map((row) => [row.userId, row]));
    const guestByEmail = new Map(guests.map((row) => [row.email, row]));
    return picked.flatMap((row): AdminCustomerListRow[] => {
      if (row.userId !== null) {
        const account = accountById.get(row.userId);
        if (!account) return [];
        const { firstName, lastName, createdAt, figures, ...rest } = account;
        return [{ kind: 'registered', ...rest, name: `${firstName} ${lastName}`.trim(), createdAt: createdAt.toISOString(), ...figuresOf(figures) }];
      }
      const guest = guestByEmail.get(row.email);
      if (!guest) return [];
      return [{ kind: 'guest', userId: null, email: guest.email, name: guest.name.trim(), createdAt: new Date(guest.since).toISOString(), ...figuresOf(guest) }];
    });
  }

  /** A guest's orders (no account has the email), newest first; 1404 when the email has none. */
  async guest(email: string): Promise<AdminGuestDetail> {
    const address = normaliseEmail(email);
    const where = and(guestOrder, sql`lower(${orders.email}) = ${address}`);
    const [[row], orderRows, [subscribed]] = await Promise.all([
      this.db.select({ name: sql<string | null>`(array_agg(${shipToNameSql} order by ${orders.createdAt} desc))[1]`, since: sql<Date | string | null>`min(${orders.createdAt})`, ...figureColumns }).from(orders).where(where),
      this.db.select(customerOrderColumns).from(orders).where(where).orderBy(desc(orders.createdAt)).limit(100),
      this.db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, address)),
    ]);
    if (!row || Number(row.orders) === 0 || row.since === null) throw notFound('guest');
    return {
      kind: 'guest',
      userId: null,
      email: address,
      name: (row.name ?? '').trim(),
      createdAt: new Date(row.since).toISOString(),
      ...figuresOf(row),
      newsletter: Boolean(subscribed),
      orderList: orderRows.map(customerOrder),
    };
  }

  async detail(userId: number): Promise<AdminCustomerDetail> {
    const [row] = await this.db.select(accountColumns).from(users).where(eq(users.id, userId));
    if (!row) throw notFound('user');
    const theirs = accountOrders(userId, row.email);
    const [addressRows, orderRows, [figures], [subscribed]] = await Promise.all([
      this.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
      this.db.select(customerOrderColumns).from(orders).where(theirs).orderBy(desc(orders.createdAt)).limit(100),
      this.db.select(figureColumns).from(orders).where(theirs),
      this.db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, row.email)),
    ]);
    return {
      kind: 'registered',
      userId: row.userId,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      roles: row.roles,
      status: row.status,
      ...(figures ? figuresOf(figures) : NO_FIGURES),
      createdAt: row.createdAt.toISOString(),
      locale: row.locale,
      newsletter: Boolean(subscribed),
      addresses: addressRows.map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, address: [a.address, a.address2].filter(Boolean).join(', '), city: a.city, postalCode: a.postalCode, country: a.countryCode, phone: `${a.phoneCode} ${a.phone}`.trim(), isDefault: a.isDefault })),
      orderList: orderRows.map(customerOrder),
    };
  }

  /**
   * Disables or enables a customer account: a disabled one gets 7777 on its next call. Staff
   * accounts are the staff screen's (R_SUPER): refused here, so `customer:edit` never reaches them.
   */
  async setStatus(actor: AuditActor, userId: number, status: AccountStatus): Promise<AdminCustomerDetail> {
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
   * goes too: their returns' and claims' descriptions and photos, mail to or about them leaves the outbox, and staff's notes, refund reasons and the
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
      // Their returns' and claims' words and photos (returns/erasure.ts).
      await eraseReturns(tx, orderIds, subject);
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
    const claims = orderIds.length ? await tx.select({ returnNo: returnRequests.returnNo }).from(returnRequests).where(inArray(returnRequests.orderId, orderIds)) : [];
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
        // Their returns' audit rows (staff's instructions and reasons may name them).
        { entity: 'return', ids: claims.map((claim) => claim.returnNo) },
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
