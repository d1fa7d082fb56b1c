/**
 * Grants (docs/back-office.md "Roles and permission codes"): an owner gives a staff member a code
 * beyond their role, one code at a time, audited with the grants before and after. Every check of
 * a code weighs them: the route's guard, the desk's own (an override with a refund), the order's
 * next moves and getUserInfo's buttons; taking a grant away counts from the
 * member's next call. Refused with the envelope's error and nothing changed: a code that cannot
 * be granted, one's own grants, a customer, a code the role holds already, a caller without
 * staff:manage.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import type { AdminOrderDetail } from '../../src/domain/back-office/orders.model.ts';
import { users } from '../../src/server/db/schema.ts';
import { auditCount, auditRows, callEntry, staffAccount, type Staff } from './admin-support.ts';
import type { TestShop } from './harness.ts';
import { guestOrder, pay, plainLine, setStock, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let stock: Stock;

useOrderShop({}, {}, 5, (env) => ({ shop, stock } = env));

const grantsOf = async (userId: number) => (await shop.database.db.select({ grants: users.grants }).from(users).where(eq(users.id, userId)))[0]!.grants;

describe('grants', () => {
  let owner: Staff;
  beforeAll(async () => {
    owner = await staffAccount(shop, 'R_SUPER');
    await setStock(shop, stock, 100);
  });

  async function paidOrder(quantity = 2): Promise<AdminOrderDetail> {
    const placed = (await guestOrder(shop, [plainLine(stock, quantity)])).order;
    await pay(shop, placed);
    const detail = await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: placed.orderNo }, owner);
    expect(detail.code, detail.msg).toBe('0000');
    return detail.data;
  }
  const refundOne = (order: AdminOrderDetail, by: Staff, key: string) =>
    callEntry<AdminOrderDetail>(shop, adminOrdersApi.refund, { orderNo: order.orderNo, idempotencyKey: `grants-${key}`, lines: [{ orderItemId: order.lines[0]!.id, quantity: 1 }], reason: 'returned unworn' }, by);
  const setGrant = (userId: number, code: string, granted: boolean, by: Staff = owner, headers: Record<string, string> = {}) =>
    callEntry(shop, adminStaffApi.setGrant, { userId, code, granted }, by, headers);

  it('an admin granted order:refund refunds, sees the move to refunded and the code in buttons; taken away, the next call is refused', async () => {
    const admin = await staffAccount(shop, 'R_ADMIN');
    const order = await paidOrder();

    // Without the grant: the route refuses, nothing was refunded, and the order offers no refund move.
    const refused = await refundOne(order, admin, 'before');
    expect(refused).toMatchObject({ status: 403, code: '1403' });
    const seen = await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: order.orderNo }, admin);
    expect(seen.data.refunds).toEqual([]);
    expect(seen.data.nextStatuses).not.toContain('refunded');

    const before = await auditCount(shop);
    const granted = await setGrant(admin.userId, 'order:refund', true);
    expect(granted).toMatchObject({ code: '0000', data: { userId: admin.userId, grants: ['order:refund'], roles: ['R_ADMIN'] } });
    expect(await grantsOf(admin.userId)).toEqual(['order:refund']);
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({
      actorId: owner.userId,
      action: 'staff.grants',
      entity: 'user',
      entityId: String(admin.userId),
      before: { grants: [] },
      after: { grants: ['order:refund'], code: 'order:refund', granted: true },
    });
    // Giving it again changes nothing and records nothing.
    expect((await setGrant(admin.userId, 'order:refund', true)).data.grants).toEqual(['order:refund']);
    expect(await auditCount(shop)).toBe(before + 1);

    // The same session, its next call: the buttons, the order's moves, and the refund itself.
    const info = await callEntry(shop, accountsApi.userInfo, undefined, admin);
    expect(info.data.buttons).toContain('order:refund');
    expect(info.data.buttons).not.toContain('order:override');
    const withGrant = await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: order.orderNo }, admin);
    expect(withGrant.data.nextStatuses).toContain('refunded');
    const refunded = await refundOne(order, admin, 'with');
    expect(refunded.code, refunded.msg).toBe('0000');
    expect(refunded.data.refunds).toMatchObject([{ status: 'completed', byEmail: admin.email }]);
    // An override is a code of its own: refund's grant does not carry it (the desk checks it, past the route's guard).
    const override = await callEntry(shop, adminOrdersApi.refund, { orderNo: order.orderNo, idempotencyKey: 'grants-override', lines: [{ orderItemId: order.lines[0]!.id, quantity: 1 }], reason: 'x', override: true }, admin);
    expect(override).toMatchObject({ status: 403, code: '1403' });

    // Taken away: the member's very next call is refused, without signing in again.
    const removed = await setGrant(admin.userId, 'order:refund', false);
    expect(removed).toMatchObject({ code: '0000', data: { grants: [] } });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'staff.grants', before: { grants: ['order:refund'] }, after: { grants: [], code: 'order:refund', granted: false } });
    expect(await refundOne(order, admin, 'after')).toMatchObject({ status: 403, code: '1403' });
    expect((await callEntry(shop, accountsApi.userInfo, undefined, admin)).data.buttons).not.toContain('order:refund');
    const last = await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: order.orderNo }, owner);
    expect(last.data.refunds).toHaveLength(1);
  });

  it('refuses a code that cannot be granted with 1001 naming the codes that can, in both languages, and changes nothing', async () => {
    const admin = await staffAccount(shop, 'R_ADMIN');
    const before = await auditCount(shop);
    for (const code of ['staff:manage', 'settings:edit', 'order:refund ; drop', 'nope']) {
      const answer = await setGrant(admin.userId, code, true);
      expect(answer, code).toMatchObject({ status: 400, code: '1001' });
      expect(answer.msg).toContain('order:refund, order:override, order:price, order:pay-offline');
    }
    const zh = await setGrant(admin.userId, 'staff:manage', true, owner, { 'accept-language': 'zh-CN' });
    expect(zh.msg).toContain('不可授予');
    // Malformed bodies: the schema's 1001.
    for (const body of [{ userId: admin.userId, code: 'order:refund' }, { userId: 'x', code: 'order:refund', granted: true }, { userId: admin.userId, code: '', granted: true }, { userId: admin.userId, code: 'order:refund', granted: true, extra: 1 }]) {
      expect((await callEntry(shop, adminStaffApi.setGrant, body, owner)).code).toBe('1001');
    }
    expect(await grantsOf(admin.userId)).toEqual([]);
    expect(await auditCount(shop)).toBe(before);
  });

  it('customers hold no grants; nobody changes their own; a role that holds the code already is told so; an unknown account is not found', async () => {
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    const second = await staffAccount(shop, 'R_SUPER');
    const before = await auditCount(shop);
    expect(await setGrant(customer.userId, 'order:refund', true)).toMatchObject({ status: 409, code: '1409', msg: 'Only staff accounts hold grants; give the account a staff role first' });
    expect(await setGrant(owner.userId, 'order:refund', true)).toMatchObject({ status: 409, code: '1409', msg: 'You cannot change your own grants' });
    expect(await setGrant(second.userId, 'order:refund', true)).toMatchObject({ status: 409, code: '1409', msg: "This account's role already holds order:refund" });
    expect((await setGrant(customer.userId, 'order:refund', true, owner, { 'accept-language': 'zh-CN' })).msg).toBe('只有员工账户才能持有授权；请先授予该账户员工角色');
    expect(await setGrant(2_000_000_000, 'order:refund', true)).toMatchObject({ status: 404, code: '1404' });
    expect(await grantsOf(customer.userId)).toEqual([]);
    expect(await auditCount(shop)).toBe(before);
  });

  it('only staff:manage gives grants: an admin, even one holding every grant, is refused', async () => {
    const admin = await staffAccount(shop, 'R_ADMIN');
    const other = await staffAccount(shop, 'R_ADMIN');
    for (const code of ['order:refund', 'order:override', 'order:price', 'order:pay-offline']) expect((await setGrant(admin.userId, code, true)).code).toBe('0000');
    expect(await grantsOf(admin.userId)).toEqual(['order:refund', 'order:override', 'order:price', 'order:pay-offline']);
    expect(await setGrant(other.userId, 'order:refund', true, admin)).toMatchObject({ status: 403, code: '1403' });
    expect(await grantsOf(other.userId)).toEqual([]);
    // The staff list shows each member's grants.
    const list = await callEntry(shop, adminStaffApi.staffList, { current: 1, size: 20, query: admin.email }, owner);
    expect(list.data.records).toMatchObject([{ userId: admin.userId, grants: ['order:refund', 'order:override', 'order:price', 'order:pay-offline'] }]);
  });

  it('an account leaving the staff leaves its grants: made staff again, it starts with none', async () => {
    const admin = await staffAccount(shop, 'R_ADMIN');
    expect((await setGrant(admin.userId, 'order:pay-offline', true)).code).toBe('0000');
    const revoked = await callEntry(shop, adminStaffApi.revokeRole, { email: admin.email, role: 'R_ADMIN' }, owner);
    expect(revoked).toMatchObject({ code: '0000', data: { roles: [], grants: [] } });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'staff.revoke', before: { roles: ['R_ADMIN'], grants: ['order:pay-offline'] }, after: { roles: [], grants: [] } });
    expect((await callEntry(shop, adminStaffApi.grantRole, { email: admin.email, role: 'R_ADMIN' }, owner)).data.grants).toEqual([]);
  });
});
