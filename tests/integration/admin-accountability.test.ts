/**
 * What the back office keeps of people (docs/accounts-and-security.md "Erasure", "Staff sessions",
 * "The audit log"): an erased customer's email and name are in no table afterwards (audit log and
 * mail outbox included); disabling a staff account or taking a role away ends its sessions, so
 * enabling it or granting the role again revives no old token; refused admin calls and failed
 * back-office sign-ins leave audit rows; the audit log refuses UPDATE, DELETE and TRUNCATE.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditApi } from '../../src/domain/api/admin/audit.ts';
import { adminCustomersApi } from '../../src/domain/api/admin/customers.ts';
import { adminNewsletterApi } from '../../src/domain/api/admin/newsletter.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import { auditLog, newsletterSubscriptions } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { bearer, call, createTestShop, newIp, signUp, type TestShop } from './harness.ts';
import { eventually } from '../support/eventually.ts';
import { findStock, guestOrder, placeOrder, plainLine, pay, type Stock } from './orders-support.ts';

let shop: TestShop;
let owner: Staff, admin: Staff;
let stock: Stock;

beforeAll(async () => {
  shop = await createTestShop();
  [owner, admin] = await Promise.all([staffAccount(shop, 'R_SUPER'), staffAccount(shop, 'R_ADMIN')]);
  stock = await findStock(shop, 10);
});
afterAll(async () => shop?.close());

/** Letters only, so a name is a word of its own wherever it is written. */
const word = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

/** The rows of a raw statement's answer (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every text, character, json and array column of every table of the shop. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const result = await shop.database.db.execute(sql`
    select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`);
  return rowsOf<{ table: string; column: string }>(result);
}

/** Where `needle` is still written (any case), as "table.column: rows". */
async function copiesOf(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    const result = await shop.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`);
    const n = rowsOf<{ n: number }>(result)[0]!.n;
    if (n > 0) found.push(`${table}.${column}: ${n}`);
  }
  return found;
}

describe('erasure reaches every copy', () => {
  it('leaves the email and the name in no table: audit log and mail outbox included, audit rows kept under a pseudonym', async () => {
    const firstName = word('Ottilie');
    const lastName = word('Quorn');
    const customer = await signUp(shop.app, { firstName, lastName, subscribe: true });
    const address = { firstName, lastName, address: `7 ${lastName} Lane`, country: 'GB', province: 'Kent', postalCode: 'CT1 2AA', phoneCode: '+44', city: 'Canterbury', phone: '1227 555 0199' };
    expect((await call(shop.app, '/demo/ironUserAddress/saveOrUpdateBatch', [address], customer.auth)).code).toBe('0000');
    const saved = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], customer.auth);
    const placed = await placeOrder(shop, customer, { source: { type: 'cart', cartItemIds: saved.data.ids }, currency: 'EUR', email: customer.email, address, shippingMethod: 'standard', acceptPersonalisedTerms: true });
    expect(placed.code, placed.msg).toBe('0000');
    await pay(shop, placed.data);
    const orderNo = placed.data.orderNo;
    // Staff write about them: a note and a move naming them, and the newsletter row unsubscribed
    // (its audit row holds the email) before they sign up again.
    expect((await callEntry(shop, adminOrdersApi.addNote, { orderNo, text: `Called ${firstName} ${lastName} (${customer.email.toUpperCase()}) about the size` }, admin)).code).toBe('0000');
    expect((await callEntry(shop, adminOrdersApi.moveOrder, { orderNo, to: 'processing', note: `${lastName} asked for it fast` }, admin)).code).toBe('0000');
    const [subscription] = await shop.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, customer.email));
    expect((await callEntry(shop, adminNewsletterApi.unsubscribe, { id: subscription!.id }, admin)).code).toBe('0000');
    expect((await call(shop.app, '/demo/ironSubscribe/saveOrUpdateBatch', { email: customer.email }, customer.auth)).code).toBe('0000');
    // An order they placed as a guest before signing up, the email typed in capitals: theirs too.
    await guestOrder(shop, [plainLine(stock)], { email: customer.email.toUpperCase(), address });
    // Before: copies in the audit log and the outbox (the order's mails, the merchant's notice).
    const before = await copiesOf(customer.email);
    expect(before).toEqual(expect.arrayContaining([expect.stringMatching(/^audit_log\./), expect.stringMatching(/^mail_outbox\./)]));
    const aboutThem = await shop.database.db.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.entityId} = ${orderNo} or (${auditLog.entity} = 'newsletter_subscription' and ${auditLog.entityId} = ${String(subscription!.id)})`);
    expect(aboutThem.length).toBeGreaterThanOrEqual(3);

    const erased = await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: customer.userId, confirmEmail: customer.email }, owner);
    expect(erased).toMatchObject({ code: '0000', data: { userId: customer.userId, ordersAnonymised: 2 } });

    // Issued invoices keep their buyer whole (tax law keeps them for years: docs/accounts-and-security.md
    // "Erasure"); nothing else keeps the email or the names.
    expect(await copiesOf(customer.email)).toEqual(['tax_documents.buyer: 1']);
    expect(await copiesOf(lastName)).toEqual(['tax_documents.buyer: 1']);
    expect(await copiesOf(firstName)).toEqual(['tax_documents.buyer: 1']);
    // The audit rows stay (who did what, when), under a pseudonym of the account.
    const kept = await shop.database.db.select().from(auditLog).where(sql`${auditLog.id} in ${aboutThem.map((row) => row.id)}`);
    expect(kept).toHaveLength(aboutThem.length);
    const unsubscribed = kept.find((row) => row.action === 'newsletter.unsubscribe');
    expect(unsubscribed).toMatchObject({ actorId: admin.userId, before: { email: `erased-user-${customer.userId}` } });
    expect(kept.find((row) => row.action === 'order.note')?.after).toMatchObject({ text: `Called erased (erased-user-${customer.userId}) about the size` });
    const [erasure] = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'customer.erase')).orderBy(desc(auditLog.id)).limit(1);
    expect(erasure).toMatchObject({ entityId: String(customer.userId), after: { erased: true, ordersAnonymised: 2, mailsDeleted: expect.any(Number), auditRowsPseudonymised: expect.any(Number) } });
    expect((erasure!.after as { mailsDeleted: number }).mailsDeleted).toBeGreaterThanOrEqual(2);
  });

  it('an erased former staff member: their own audit rows keep what they did under the pseudonym', async () => {
    const former = await signUp(shop.app, { firstName: word('Bartholomew'), lastName: word('Vance') });
    expect((await callEntry(shop, adminStaffApi.grantRole, { email: former.email, role: 'R_ADMIN' }, owner)).code).toBe('0000');
    const asStaff = await callEntry(shop, adminOrdersApi.addNote, { orderNo: (await anyOrderNo()), text: 'Checked the print file' }, { auth: bearer((await login(former.email, former.password)).token) });
    expect(asStaff.code).toBe('0000');
    expect((await callEntry(shop, adminStaffApi.revokeRole, { email: former.email, role: 'R_ADMIN' }, owner)).code).toBe('0000');
    const erased = await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: former.userId, confirmEmail: former.email }, owner);
    expect(erased.code, erased.msg).toBe('0000');
    expect(await copiesOf(former.email)).toEqual([]);
    expect(await copiesOf(former.lastName)).toEqual([]);
    const [note] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.note'), eq(auditLog.actorEmail, `erased-user-${former.userId}`)));
    expect(note).toMatchObject({ actorId: null, after: { text: 'Checked the print file' } });
  });
});

async function anyOrderNo(): Promise<string> {
  const result = await shop.database.db.execute(sql`select order_no from orders order by id desc limit 1`);
  return rowsOf<{ order_no: string }>(result)[0]!.order_no;
}

async function login(email: string, password: string, ip = newIp()) {
  const answer = await call<{ token: string; refreshToken: string }>(shop.app, '/demo/permissionAuth/doLogin', { username: email, password }, { ip });
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

/** The database's words when a statement fails (drizzle wraps them as the error's cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from any code with a connection', async () => {
    const db = shop.database.db;
    const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toBeDefined();
    expect(await refusal(db.execute(sql`update audit_log set action = 'x' where id = ${row!.id}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`update audit_log set actor_email = 'someone@else.example' where id = ${row!.id}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from audit_log where id = ${row!.id}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    // The erasure's switch opens only the personal columns, and never a delete.
    const underErasure = (statement: ReturnType<typeof sql>) =>
      refusal(
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('app.audit_erasure', 'on', true)`);
          await tx.execute(statement);
        }),
      );
    expect(await underErasure(sql`update audit_log set action = 'x', at = now() where id = ${row!.id}`)).toMatch(/append-only/);
    // Under it, an actor can be taken away (set to null) but never given to another account.
    const [byOwner] = await db.select().from(auditLog).where(eq(auditLog.actorId, owner.userId)).limit(1);
    expect(await underErasure(sql`update audit_log set actor_id = ${admin.userId} where id = ${byOwner!.id}`)).toMatch(/append-only/);
    expect(await underErasure(sql`delete from audit_log where id = ${row!.id}`)).toMatch(/append-only/);
    // The switch is the transaction's own: the next statement outside it is refused again.
    expect(await refusal(db.execute(sql`update audit_log set actor_email = actor_email where id = ${row!.id}`))).toMatch(/append-only/);
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });
});

describe('refused calls and failed sign-ins are recorded', () => {
  const refusals = (userId: number) => shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, userId)));

  it('records a refused admin call (who, which route and permission) once per account and route in ten minutes; not an anonymous 401', async () => {
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    for (let i = 0; i < 5; i++) expect((await callEntry(shop, adminStaffApi.staffList, {}, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminAuditApi.auditList, {}, admin)).code).toBe('1403');
    expect(await refusals(shopper.userId)).toEqual([expect.objectContaining({ actorEmail: shopper.email, entity: 'route', entityId: `POST /api${adminStaffApi.staffList.path}`, after: { permission: 'staff:manage', roles: ['R_CUSTOMER'] } })]);
    expect(await refusals(admin.userId)).toEqual([expect.objectContaining({ entityId: `POST /api${adminAuditApi.auditList.path}`, after: { permission: 'audit:view', roles: ['R_ADMIN'] } })]);
    const count = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, 'access.refused')))[0]!.n;
    const total = await count();
    expect((await callEntry(shop, adminStaffApi.staffList, {}, null)).code).toBe('8888');
    expect(await count()).toBe(total);
  });

  it('records a failed back-office sign-in: the email tried, the reason and the client address', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const ip = newIp();
    const failed = await call(shop.app, '/demo/permissionAuth/doLogin', { username: staff.email, password: 'not-the-password' }, { ip });
    expect(failed.code).not.toBe('0000');
    const failures = () => shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'access.signInFailed'), eq(auditLog.entityId, String(staff.userId)))).orderBy(desc(auditLog.id));
    // Recorded after the answer, so that the answer's timing tells nothing.
    await eventually(async () => expect(await failures()).toEqual([expect.objectContaining({ actorId: null, actorEmail: staff.email, entity: 'user', after: { reason: 'password', ip } })]));
    // A disabled staff account's right password is a failed sign-in too.
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: staff.userId, status: 'disabled' }, owner)).code).toBe('0000');
    expect((await call(shop.app, '/demo/permissionAuth/doLogin', { username: staff.email, password: staff.password }, { ip })).code).not.toBe('0000');
    await eventually(async () => expect((await failures())[0]).toMatchObject({ after: { reason: 'disabled', ip } }));
    // A shopper's mistyped password is the storefront's business: no audit row.
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    expect((await call(shop.app, '/demo/permissionAuth/doLogin', { username: shopper.email, password: 'wrong-one' }, { ip: newIp() })).code).not.toBe('0000');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'access.signInFailed'), eq(auditLog.actorEmail, shopper.email)))).toEqual([]);
  });
});

describe('staff sessions end at the change', () => {
  const info = (token: string) => call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...bearer(token) });
  const refresh = (refreshToken: string) => call(shop.app, '/auth/refreshToken', { refreshToken });

  it('disabling then enabling again: the old access and refresh tokens stay refused', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const old = await login(staff.email, staff.password);
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, { auth: bearer(old.token) })).code).toBe('0000');
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: staff.userId, status: 'disabled' }, owner)).code).toBe('0000');
    // While disabled the answer says so (7777), as before.
    expect((await info(old.token)).code).toBe('7777');
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: staff.userId, status: 'active' }, owner)).code).toBe('0000');
    expect((await info(old.token)).code).toBe('8888');
    expect((await info(staff.token)).code).toBe('8888');
    expect((await refresh(old.refreshToken)).code).toBe('8888');
    expect((await refresh(staff.refreshToken)).code).toBe('8888');
    // Signing in again works.
    const fresh = await login(staff.email, staff.password);
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, { auth: bearer(fresh.token) })).code).toBe('0000');
  });

  it('taking a role away then granting it again: the old tokens stay refused', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const old = await login(staff.email, staff.password);
    expect((await callEntry(shop, adminStaffApi.revokeRole, { email: staff.email, role: 'R_ADMIN' }, owner)).code).toBe('0000');
    expect((await callEntry(shop, adminStaffApi.grantRole, { email: staff.email, role: 'R_ADMIN' }, owner)).code).toBe('0000');
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, { auth: bearer(old.token) })).code).toBe('8888');
    expect((await info(staff.token)).code).toBe('8888');
    expect((await refresh(old.refreshToken)).code).toBe('8888');
    const fresh = await login(staff.email, staff.password);
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, { auth: bearer(fresh.token) })).code).toBe('0000');
    // Granting a role ends the sessions too (docs/back-office.md "Custom roles"): the member signs in again to the new screens.
    expect((await callEntry(shop, adminStaffApi.grantRole, { email: staff.email, role: 'R_SUPER' }, owner)).code).toBe('0000');
    expect((await info(fresh.token)).code).toBe('8888');
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, { auth: bearer((await login(staff.email, staff.password)).token) })).code).toBe('0000');
  });

  it('a customer disabled and enabled from the customers screen: the old tokens stay refused', async () => {
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await callEntry(shop, adminCustomersApi.setCustomerStatus, { userId: customer.userId, status: 'disabled' }, admin)).code).toBe('0000');
    expect((await callEntry(shop, adminCustomersApi.setCustomerStatus, { userId: customer.userId, status: 'active' }, admin)).code).toBe('0000');
    expect((await info(customer.token)).code).toBe('8888');
    expect((await refresh(customer.refreshToken)).code).toBe('8888');
  });
});
