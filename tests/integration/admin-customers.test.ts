/**
 * The back office's customers (`customer:view`, `customer:edit`, `customer:erase`), review
 * moderation (`review:moderate`) and newsletter (`newsletter:manage`): roles refused, bad input
 * answered in the envelope with nothing changed, never a password hash, the disabled customer's
 * 7777, erasure keeping order totals and removing personal data, a hidden review gone from the
 * product API with its count and average.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCustomersApi } from '../../src/domain/api/admin/customers.ts';
import { adminNewsletterApi } from '../../src/domain/api/admin/newsletter.ts';
import { adminReviewsApi } from '../../src/domain/api/admin/reviews.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import type { AdminCustomerDetail } from '../../src/domain/back-office/customers.model.ts';
import type { AdminReviewRow } from '../../src/domain/back-office/reviews.model.ts';
import { addresses, auditLog, couponRedemptions, newsletterSubscriptions, orderItems, orders, payments, productComments, returnPhotos, returnRequests, sessions, teamRosters, users } from '../../src/server/db/schema.ts';
import sharp from 'sharp';
import { auditCount, auditRows, callEntry, siteChangeMark, staffAccount, type Staff, staffTrio } from './admin-support.ts';
import { call, createTestShop, newEmail, type TestShop } from './harness.ts';
import { findStock, makeCoupon, placeOrder, plainLine, ukAddress, pay, type Stock } from './orders-support.ts';

let shop: TestShop;
let owner: Staff, admin: Staff;
let stock: Stock;

beforeAll(async () => {
  shop = await createTestShop();
  ({ owner, admin } = await staffTrio(shop));
  stock = await findStock(shop, 30);
});
afterAll(async () => shop?.close());

/** A signed-in customer with an address, a paid order, a review and a newsletter sign-up. */
async function busyCustomer(): Promise<Staff & { orderNo: string; total: number }> {
  const customer = await staffAccount(shop, 'R_CUSTOMER');
  const couponCode = await makeCoupon(shop, { kind: 'percent', percent: 10 });
  expect((await call(shop.app, '/demo/ironUserAddress/saveOrUpdateBatch', [ukAddress], customer.auth)).code).toBe('0000');
  const saved = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], customer.auth);
  expect(saved.code, saved.msg).toBe('0000');
  const placed = await placeOrder(shop, customer, {
    source: { type: 'cart', cartItemIds: saved.data.ids },
    currency: 'EUR',
    email: customer.email,
    address: ukAddress,
    shippingMethod: 'standard',
    acceptPersonalisedTerms: true,
    couponCode,
  });
  expect(placed.code, placed.msg).toBe('0000');
  await pay(shop, placed.data);
  expect((await call(shop.app, '/demo/ironProductComment/save', { productId: stock.productId, rating: 5, content: `Great shirt, true to size (${customer.userId})` }, customer.auth)).code).toBe('0000');
  expect((await call(shop.app, '/demo/ironSubscribe/saveOrUpdateBatch', { email: customer.email }, customer.auth)).code).toBe('0000');
  const [order] = await shop.database.db.select({ total: orders.total }).from(orders).where(eq(orders.orderNo, placed.data.orderNo));
  return { ...customer, orderNo: placed.data.orderNo, total: order!.total };
}

describe('customers', () => {
  it('refuses shoppers; erasure is refused to R_ADMIN', async () => {
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    expect((await callEntry(shop, adminCustomersApi.customerList, {}, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminCustomersApi.customer, { userId: shopper.userId }, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminCustomersApi.setCustomerStatus, { userId: shopper.userId, status: 'disabled' }, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: shopper.userId, confirmEmail: shopper.email }, admin)).code).toBe('1403');
    expect((await callEntry(shop, adminCustomersApi.exportCustomer, { userId: shopper.userId }, shopper)).code).toBe('1403');
    // Roles stay R_SUPER's, on the staff calls.
    expect((await callEntry(shop, adminStaffApi.grantRole, { email: shopper.email, role: 'R_ADMIN' }, admin)).code).toBe('1403');
    expect((await shop.database.db.select({ id: users.id }).from(users).where(eq(users.id, shopper.userId))).length).toBe(1);
  });

  it('searches by email or name with paging, and never answers a password or its hash', async () => {
    const customer = await busyCustomer();
    const byEmail = await callEntry(shop, adminCustomersApi.customerList, { query: customer.email.slice(0, 12).toUpperCase(), size: 5 }, admin);
    expect(byEmail.code).toBe('0000');
    expect(byEmail.data.records.map((row: { userId: number }) => row.userId)).toContain(customer.userId);
    expect(byEmail.data.records.find((row: { userId: number }) => row.userId === customer.userId)).toMatchObject({ orders: 1, status: 'active', roles: ['R_CUSTOMER'] });
    // By the start of the name, "first last" or the last name, any case; not by a middle part.
    const ids = async (query: string) => (await callEntry(shop, adminCustomersApi.customerList, { query, size: 100 }, admin)).data.records.map((row: { userId: number }) => row.userId);
    expect(await ids(`${customer.firstName.toLowerCase()} TES`)).toContain(customer.userId);
    expect(await ids('TESTER')).toContain(customer.userId);
    expect(await ids(customer.email.slice(3, 12))).not.toContain(customer.userId);
    expect(await ids('%')).toEqual([]);
    const paged = await callEntry(shop, adminCustomersApi.customerList, { size: 2, current: 2 }, admin);
    expect(paged.data).toMatchObject({ current: 2, size: 2 });
    expect(paged.data.records.length).toBeLessThanOrEqual(2);
    const detail = await callEntry<AdminCustomerDetail>(shop, adminCustomersApi.customer, { userId: customer.userId }, admin);
    expect(detail.data).toMatchObject({ email: customer.email, newsletter: true, orders: 1 });
    expect(detail.data.orderList[0]).toMatchObject({ orderNo: customer.orderNo, total: customer.total });
    expect(detail.data.addresses[0]).toMatchObject({ city: 'London', country: 'GB' });
    const exported = await callEntry(shop, adminCustomersApi.exportCustomer, { userId: customer.userId }, admin);
    expect(exported.data.orders[0]).toMatchObject({ orderNo: customer.orderNo, total: customer.total });
    expect(exported.data.reviews).toHaveLength(1);
    expect(exported.data.newsletter).toMatchObject({ source: expect.any(String) });
    const [hash] = await shop.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, customer.userId));
    for (const answer of [byEmail, detail, exported]) {
      const text = JSON.stringify(answer);
      expect(text).not.toMatch(/password/i);
      expect(text).not.toContain(hash!.passwordHash);
      expect(text).not.toContain(customer.password);
    }
  });

  it('disables a customer, who gets 7777 on the next call, and enables them again (their old session stays ended); each audited', async () => {
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    const userInfo = () => call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...customer.auth });
    expect((await userInfo()).code).toBe('0000');
    const before = await auditCount(shop);
    const disabled = await callEntry(shop, adminCustomersApi.setCustomerStatus, { userId: customer.userId, status: 'disabled' }, admin);
    expect(disabled).toMatchObject({ code: '0000', data: { status: 'disabled' } });
    expect(await userInfo()).toMatchObject({ code: '7777' });
    expect((await auditRows(shop))[0]).toMatchObject({ actorId: admin.userId, action: 'customer.status', entityId: String(customer.userId), before: { status: 'active' }, after: { status: 'disabled' } });
    expect((await callEntry(shop, adminCustomersApi.setCustomerStatus, { userId: customer.userId, status: 'active' }, admin)).data.status).toBe('active');
    // Disabling ended the session: enabling the account again does not revive its token.
    expect((await userInfo()).code).toBe('8888');
    expect(await auditCount(shop)).toBe(before + 2);
  });

  it("leaves staff accounts to the staff screen, and answers bad input in the envelope, changing nothing", async () => {
    const before = await auditCount(shop);
    const staffTarget = await callEntry(shop, adminCustomersApi.setCustomerStatus, { userId: owner.userId, status: 'disabled' }, admin);
    expect(staffTarget).toMatchObject({ code: '1409', msg: 'This is a staff account: manage it on the staff screen' });
    for (const body of [{ userId: admin.userId, status: 'gone' }, { userId: 'x', status: 'disabled' }, { userId: admin.userId }, { userId: admin.userId, status: 'active', extra: 1 }]) {
      expect((await callEntry(shop, adminCustomersApi.setCustomerStatus, body, admin)).code, JSON.stringify(body)).toBe('1001');
    }
    expect((await callEntry(shop, adminCustomersApi.customer, { userId: 999_999 }, admin)).code).toBe('1404');
    expect((await callEntry(shop, adminCustomersApi.customerList, { size: 1000 }, admin)).code).toBe('1001');
    const [row] = await shop.database.db.select({ status: users.status }).from(users).where(eq(users.id, owner.userId));
    expect(row!.status).toBe('active');
    expect(await auditCount(shop)).toBe(before);
  });

  it('erases a customer: orders kept with totals intact and personal fields anonymised, everything else gone, sessions ended', async () => {
    const customer = await busyCustomer();
    const [orderBefore] = await shop.database.db.select().from(orders).where(eq(orders.orderNo, customer.orderNo));
    // A misprint claim of theirs, with their words, a photo and staff's instructions naming them.
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderBefore!.id));
    const claim = await call<{ returnNo: string }>(shop.app, '/orders/returns/create', { orderNo: customer.orderNo, kind: 'claim', description: `Ada Lovelace here (${customer.email}): the print is smudged`, lines: [{ orderItemId: item!.id, quantity: 1 }] }, customer.auth);
    expect(claim.code, claim.msg).toBe('0000');
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#884422' } }).png().toBuffer();
    expect((await call(shop.app, '/orders/returns/photo', { orderNo: customer.orderNo, returnNo: claim.data.returnNo, data: photo.toString('base64') }, customer.auth)).code).toBe('0000');
    expect((await call(shop.app, '/admin/returns/approve', { returnNo: claim.data.returnNo, instructions: 'Dear Lovelace, keep the shirt' }, owner.auth)).code).toBe('0000');
    // A saved team roster: its players' names are personal data too.
    const roster = { productId: item!.productId, teamName: 'Lovelace Lions', rows: [{ name: 'BYRON', number: '7', size: 'M', quantity: 1 }] };
    expect((await call(shop.app, '/roster/saved/save', { roster }, customer.auth)).code).toBe('0000');
    // A wrong confirmation erases nothing.
    const mismatch = await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: customer.userId, confirmEmail: 'someone@else.example' }, owner);
    expect(mismatch).toMatchObject({ code: '1409', msg: 'The email typed does not match the account; nothing was erased' });
    expect((await shop.database.db.select().from(users).where(eq(users.id, customer.userId))).length).toBe(1);
    const before = await auditCount(shop);
    const erased = await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: customer.userId, confirmEmail: ` ${customer.email.toUpperCase()} ` }, owner);
    expect(erased).toMatchObject({ code: '0000', data: { userId: customer.userId, ordersAnonymised: 1 } });
    const db = shop.database.db;
    expect(await db.select().from(users).where(eq(users.id, customer.userId))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.userId, customer.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toEqual([]);
    expect(await db.select().from(teamRosters).where(eq(teamRosters.userId, customer.userId))).toEqual([]);
    expect(await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, customer.email))).toEqual([]);
    expect(await db.select().from(productComments).where(eq(productComments.content, `Great shirt, true to size (${customer.userId})`))).toEqual([]);
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, customer.orderNo));
    expect(orderBefore!.couponDiscount).toBeGreaterThan(0);
    expect(order).toMatchObject({ total: orderBefore!.total, itemsTotal: orderBefore!.itemsTotal, couponDiscount: orderBefore!.couponDiscount, shippingAmount: orderBefore!.shippingAmount, status: orderBefore!.status, currency: orderBefore!.currency, userId: null });
    const [redemption] = await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order!.id));
    expect(redemption).toMatchObject({ userId: null, email: order!.email });
    expect(order!.email).toMatch(/@erased\.invalid$/);
    expect(order!.shippingAddress).toMatchObject({ firstName: 'erased', lastName: '', address: 'erased', phone: '', postalCode: '', city: 'erased', country: 'GB' });
    const orderText = JSON.stringify(order);
    for (const personal of [customer.email, 'Lovelace', 'St James', '7946', 'SW1Y']) expect(orderText).not.toContain(personal);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({ payerEmail: null, payerName: null, amount: orderBefore!.total });
    // The claim stays (its number, state and lines) without their words or photos.
    const [request] = await db.select().from(returnRequests).where(eq(returnRequests.returnNo, claim.data.returnNo));
    expect(request).toMatchObject({ description: 'erased', status: 'approved', kind: 'claim' });
    expect(request!.decisionNote).not.toContain('Lovelace');
    expect(await db.select().from(returnPhotos).where(eq(returnPhotos.requestId, request!.id))).toEqual([]);
    const claimAudit = await db.select().from(auditLog).where(eq(auditLog.entityId, claim.data.returnNo));
    expect(claimAudit).toHaveLength(1);
    expect(JSON.stringify(claimAudit)).not.toContain('Lovelace');
    // Their token no longer works.
    expect((await call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...customer.auth })).status).toBe(401);
    // One audit row, without the erased data.
    expect(await auditCount(shop)).toBe(before + 1);
    const [row] = await auditRows(shop);
    expect(row).toMatchObject({ actorId: owner.userId, action: 'customer.erase', entity: 'user', entityId: String(customer.userId) });
    expect(JSON.stringify(row)).not.toContain(customer.email);
    expect(JSON.stringify(row)).not.toContain('Lovelace');
  });

  it('refuses erasing a staff account or oneself, and bad input', async () => {
    expect((await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: admin.userId, confirmEmail: admin.email }, owner)).code).toBe('1409');
    expect((await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: owner.userId, confirmEmail: owner.email }, owner)).code).toBe('1409');
    expect((await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: admin.userId }, owner)).code).toBe('1001');
    expect((await shop.database.db.select().from(users).where(eq(users.id, admin.userId))).length).toBe(1);
  });
});

describe('review moderation', () => {
  const publicReviews = (productId: number) => call<{ records: { id: number }[]; total: number; averageRating: number | null }>(shop.app, '/demo/ironProductComment/queryList', { productId, size: 50 });

  it('hides a review with a reason: gone from the product API, its count and average at once; shows it again', async () => {
    const product = (await findStock(shop, 5, 7)).productId;
    const writer = await staffAccount(shop, 'R_CUSTOMER');
    const posted = await call<{ id: number }>(shop.app, '/demo/ironProductComment/save', { productId: product, rating: 1, content: 'Spam spam spam' }, writer.auth);
    const shown = await publicReviews(product);
    expect(shown.data.records.map((r) => r.id)).toContain(posted.data.id);
    const stamp = await siteChangeMark(shop);
    const listed = await callEntry(shop, adminReviewsApi.reviewList, { productId: product, state: 'visible' }, admin);
    expect(listed.data.records.find((r: AdminReviewRow) => r.id === posted.data.id)).toMatchObject({ rating: 1, authorName: expect.any(String), productTitle: expect.any(String), state: 'visible' });
    const hidden = await callEntry<AdminReviewRow>(shop, adminReviewsApi.moderateReview, { id: posted.data.id, state: 'hidden', reason: 'Spam' }, admin);
    expect(hidden.data).toMatchObject({ state: 'hidden', reason: 'Spam' });
    const after = await publicReviews(product);
    expect(after.data.records.map((r) => r.id)).not.toContain(posted.data.id);
    expect(after.data.total).toBe(shown.data.total - 1);
    // The 1-star review no longer drags the average down.
    expect(shown.data.averageRating).not.toBeNull();
    if (after.data.total > 0) expect(after.data.averageRating!).toBeGreaterThan(shown.data.averageRating!);
    // The product's pages are queued for a rebuild (their reviews and rating changed).
    expect(await siteChangeMark(shop)).toBeGreaterThan(stamp);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'review.hide', entity: 'review', entityId: String(posted.data.id), before: { state: 'visible' }, after: { state: 'hidden', reason: 'Spam' } });
    expect((await callEntry(shop, adminReviewsApi.reviewList, { productId: product, state: 'hidden' }, admin)).data.records.map((r: AdminReviewRow) => r.id)).toEqual([posted.data.id]);
    await callEntry(shop, adminReviewsApi.moderateReview, { id: posted.data.id, state: 'visible' }, admin);
    expect((await publicReviews(product)).data.total).toBe(shown.data.total);
  });

  it('needs a reason to hide, refuses shoppers and unknown reviews, changing nothing', async () => {
    const [review] = await shop.database.db.select().from(productComments).where(eq(productComments.visible, true)).limit(1);
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    const before = await auditCount(shop);
    const noReason = await callEntry(shop, adminReviewsApi.moderateReview, { id: review!.id, state: 'hidden' }, admin);
    expect(noReason.code).toBe('1001');
    expect(noReason.msg).toMatch(/reason/);
    expect((await callEntry(shop, adminReviewsApi.moderateReview, { id: review!.id, state: 'hidden', reason: '   ' }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminReviewsApi.moderateReview, { id: review!.id, state: 'gone', reason: 'x' }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminReviewsApi.moderateReview, { id: review!.id, state: 'hidden', reason: 'x' }, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminReviewsApi.moderateReview, { id: 999_999_9, state: 'hidden', reason: 'x' }, admin)).code).toBe('1404');
    const [still] = await shop.database.db.select().from(productComments).where(eq(productComments.id, review!.id));
    expect(still!.visible).toBe(true);
    expect(await auditCount(shop)).toBe(before);
  });
});

describe('newsletter', () => {
  it('lists and searches subscribers, exports them as CSV, and unsubscribes one (audited)', async () => {
    const email = newEmail('news');
    expect((await call(shop.app, '/demo/ironSubscribe/saveOrUpdateBatch', { email })).code).toBe('0000');
    const found = await callEntry(shop, adminNewsletterApi.subscriberList, { query: email.slice(0, 10) }, admin);
    const row = found.data.records.find((r: { email: string }) => r.email === email);
    expect(row).toMatchObject({ source: 'footer', userId: null });
    const exported = await callEntry(shop, adminNewsletterApi.subscriberExport, { query: email }, admin);
    expect(exported.data.rows).toBe(1);
    expect(exported.data.csv).toContain(email);
    expect(exported.data.csv.split('\r\n')[0]).toBe('\uFEFFEmail,Source,Subscribed at,Account id');
    const zh = await callEntry(shop, adminNewsletterApi.subscriberExport, { query: email }, admin, { 'accept-language': 'zh-CN' });
    expect(zh.data.csv.split('\r\n')[0]).toBe('\uFEFF邮箱,来源,订阅时间,账户编号');
    const before = await auditCount(shop);
    expect((await callEntry(shop, adminNewsletterApi.unsubscribe, { id: row.id }, admin)).data).toEqual({ removed: 1 });
    expect(await shop.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))).toEqual([]);
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'newsletter.unsubscribe', before: { email } });
    expect((await callEntry(shop, adminNewsletterApi.unsubscribe, { id: row.id }, admin)).code).toBe('1404');
  });

  it('refuses shoppers and bad input', async () => {
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    expect((await callEntry(shop, adminNewsletterApi.subscriberList, {}, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminNewsletterApi.subscriberExport, {}, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminNewsletterApi.unsubscribe, { id: 1 }, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminNewsletterApi.unsubscribe, { id: 'all' }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminNewsletterApi.subscriberList, { query: 'x'.repeat(101) }, admin)).code).toBe('1001');
  });
});
