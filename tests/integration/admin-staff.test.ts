/**
 * Staff management (R_SUPER, staff:manage) and the audit log it writes: every change is one
 * audit row with the values before and after; a change that changes nothing writes nothing; bad
 * input answers the envelope error and changes nothing; nobody revokes their own R_SUPER or
 * disables themselves, and the last active R_SUPER stays.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditApi } from '../../src/domain/api/admin/audit.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import { users } from '../../src/server/db/schema.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { auditCount, auditRows, callEntry, staffAccount, type Staff } from './admin-support.ts';

let shop: TestShop;
let owner: Staff;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffAccount(shop, 'R_SUPER');
});

afterAll(async () => {
  await shop?.close();
});

const rolesOf = async (userId: number) => (await shop.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)))[0]!.roles;

describe('granting and revoking roles', () => {
  it('grants a role once, with one audit row naming who, what and the roles before and after', async () => {
    const target = await staffAccount(shop, 'R_CUSTOMER');
    const before = await auditCount(shop);
    const granted = await callEntry(shop, adminStaffApi.grantRole, { email: target.email.toUpperCase(), role: 'R_ADMIN' }, owner);
    expect(granted).toMatchObject({ code: '0000', data: { userId: target.userId, email: target.email, roles: ['R_CUSTOMER', 'R_ADMIN'], status: 'active' } });
    expect(await rolesOf(target.userId)).toEqual(['R_CUSTOMER', 'R_ADMIN']);
    const [row] = await auditRows(shop);
    expect(await auditCount(shop)).toBe(before + 1);
    expect(row).toMatchObject({ actorId: owner.userId, actorEmail: owner.email, action: 'staff.grant', entity: 'user', entityId: String(target.userId), before: { roles: ['R_CUSTOMER'] }, after: { roles: ['R_CUSTOMER', 'R_ADMIN'] } });
    // Granting it again changes nothing and records nothing.
    expect((await callEntry(shop, adminStaffApi.grantRole, { email: target.email, role: 'R_ADMIN' }, owner)).data.roles).toEqual(['R_CUSTOMER', 'R_ADMIN']);
    expect(await auditCount(shop)).toBe(before + 1);
  });

  it('revokes a role with one audit row; the staff member loses the back office at once', async () => {
    const target = await staffAccount(shop, 'R_ADMIN');
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, target)).code).toBe('0000');
    const before = await auditCount(shop);
    const revoked = await callEntry(shop, adminStaffApi.revokeRole, { email: target.email, role: 'R_ADMIN' }, owner);
    expect(revoked).toMatchObject({ code: '0000', data: { roles: [] } });
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'staff.revoke', before: { roles: ['R_ADMIN'] }, after: { roles: [] } });
    // Revoking ended the sessions that held the role: the old token is refused everywhere.
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, target)).code).toBe('8888');
  });

  it('refuses revoking one’s own R_SUPER, and leaves the row and the log alone', async () => {
    const before = await auditCount(shop);
    const answer = await callEntry(shop, adminStaffApi.revokeRole, { email: owner.email, role: 'R_SUPER' }, owner);
    expect(answer).toMatchObject({ status: 409, code: '1409', msg: 'You cannot revoke your own R_SUPER role' });
    expect(await rolesOf(owner.userId)).toEqual(['R_SUPER']);
    expect(await auditCount(shop)).toBe(before);
  });

  it('says it in Chinese for a zh-CN caller', async () => {
    const answer = await callEntry(shop, adminStaffApi.revokeRole, { email: owner.email, role: 'R_SUPER' }, owner, { 'accept-language': 'zh-CN' });
    expect(answer.msg).toBe('不能撤销自己的 R_SUPER 角色');
  });

  it('lets one owner demote another, but never the last active one', async () => {
    const second = await staffAccount(shop, 'R_SUPER');
    expect((await callEntry(shop, adminStaffApi.revokeRole, { email: second.email, role: 'R_SUPER' }, owner)).code).toBe('0000');
    expect(await rolesOf(second.userId)).toEqual([]);
  });

  it('answers bad input with 1001 or 1404 and changes nothing', async () => {
    const target = await staffAccount(shop, 'R_CUSTOMER');
    const before = await auditCount(shop);
    const bad = [
      { email: target.email, role: 'R_GOD' },
      { email: 'not-an-email', role: 'R_ADMIN' },
      { email: target.email, role: 'R_ADMIN', extra: 1 },
      { role: 'R_ADMIN' },
    ];
    for (const body of bad) expect((await callEntry(shop, adminStaffApi.grantRole, body, owner)).code, JSON.stringify(body)).toBe('1001');
    expect(await callEntry(shop, adminStaffApi.grantRole, { email: 'nobody@example.com', role: 'R_ADMIN' }, owner)).toMatchObject({ code: '1404', msg: 'User not found' });
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: target.userId, status: 'gone' }, owner)).code).toBe('1001');
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: 99_999_999, status: 'disabled' }, owner)).code).toBe('1404');
    expect(await rolesOf(target.userId)).toEqual(['R_CUSTOMER']);
    expect(await auditCount(shop)).toBe(before);
  });
});

describe('disabling and enabling accounts', () => {
  it('disables and enables with one audit row each; a repeat writes nothing', async () => {
    const target = await staffAccount(shop, 'R_ADMIN');
    const before = await auditCount(shop);
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: target.userId, status: 'disabled' }, owner)).data.status).toBe('disabled');
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'staff.status', entityId: String(target.userId), before: { status: 'active' }, after: { status: 'disabled' } });
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: target.userId, status: 'disabled' }, owner)).code).toBe('0000');
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, target)).code).toBe('7777');
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: target.userId, status: 'active' }, owner)).data.status).toBe('active');
    expect(await auditCount(shop)).toBe(before + 2);
    // Disabling ended the sessions: enabling the account again does not revive the old token.
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, target)).code).toBe('8888');
  });

  it('refuses disabling oneself', async () => {
    const before = await auditCount(shop);
    expect(await callEntry(shop, adminStaffApi.setStaffStatus, { userId: owner.userId, status: 'disabled' }, owner)).toMatchObject({ code: '1409', msg: 'You cannot disable your own account' });
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, owner)).code).toBe('0000');
    expect(await auditCount(shop)).toBe(before);
  });
});

describe('the staff list', () => {
  it('lists staff accounts only, searchable by email or name, a page at a time', async () => {
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    const admin = await staffAccount(shop, 'R_ADMIN');
    const all = await callEntry(shop, adminStaffApi.staffList, { size: 100 }, owner);
    expect(all.code).toBe('0000');
    const ids = all.data.records.map((m: { userId: number }) => m.userId);
    expect(ids).toContain(owner.userId);
    expect(ids).toContain(admin.userId);
    expect(ids).not.toContain(customer.userId);
    expect(all.data.total).toBe(all.data.records.length);
    const found = await callEntry(shop, adminStaffApi.staffList, { query: admin.email.slice(0, 12) }, owner);
    expect(found.data.records.map((m: { userId: number }) => m.userId)).toEqual([admin.userId]);
    const paged = await callEntry(shop, adminStaffApi.staffList, { size: 1, current: 2 }, owner);
    expect(paged.data).toMatchObject({ current: 2, size: 1, total: all.data.total });
    expect(paged.data.records).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('filters by action, entity id, actor and day, newest first', async () => {
    const target = await staffAccount(shop, 'R_CUSTOMER');
    await callEntry(shop, adminStaffApi.grantRole, { email: target.email, role: 'R_ADMIN' }, owner);
    await callEntry(shop, adminStaffApi.setStaffStatus, { userId: target.userId, status: 'disabled' }, owner);
    const byEntity = await callEntry(shop, adminAuditApi.auditList, { entity: 'user', entityId: String(target.userId) }, owner);
    expect(byEntity.data.records.map((r: { action: string }) => r.action)).toEqual(['staff.status', 'staff.grant']);
    expect(byEntity.data.total).toBe(2);
    const grants = await callEntry(shop, adminAuditApi.auditList, { action: 'staff.grant', actorId: owner.userId, size: 100 }, owner);
    expect(grants.data.records.every((r: { action: string; actorEmail: string }) => r.action === 'staff.grant' && r.actorEmail === owner.email)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await callEntry(shop, adminAuditApi.auditList, { entityId: String(target.userId), from: today, to: today }, owner)).data.total).toBe(2);
    expect((await callEntry(shop, adminAuditApi.auditList, { entityId: String(target.userId), to: '2020-01-01' }, owner)).data.total).toBe(0);
    expect((await callEntry(shop, adminAuditApi.auditList, { from: '2020-13-45x' }, owner)).code).toBe('1001');
  });
});

describe('races (row locks on PostgreSQL; PGlite runs one at a time)', () => {
  it('two owners demoting each other at once: one succeeds, one active R_SUPER remains', async () => {
    const race = await createTestShop();
    try {
      const a = await staffAccount(race, 'R_SUPER');
      const b = await staffAccount(race, 'R_SUPER');
      const answers = await Promise.all([callEntry(race, adminStaffApi.revokeRole, { email: b.email, role: 'R_SUPER' }, a), callEntry(race, adminStaffApi.revokeRole, { email: a.email, role: 'R_SUPER' }, b)]);
      // The loser is refused as the last super (1409), or, when the winner went first, with its
      // session, which losing R_SUPER ended (8888).
      const codes = answers.map((x) => x.code).sort();
      expect(codes[0]).toBe('0000');
      expect(['1409', '8888']).toContain(codes[1]);
      const supers = (await race.database.db.select({ roles: users.roles }).from(users)).filter((u) => u.roles.includes('R_SUPER'));
      expect(supers).toHaveLength(1);
    } finally {
      await race.close();
    }
  });
});
