/**
 * Custom staff roles (docs/back-office.md "Roles and permission codes"): the owner makes a role
 * from permission codes and gives it to members, several roles each. Every admin call with a code
 * (read from the OpenAPI document, so a new call is covered the day it is added) refuses a member
 * whose roles lack it and lets one through who holds it; owner-only codes are never held this way.
 * New codes count from the member's next call and end their sessions; the built-in roles cannot be
 * changed; a role somebody holds cannot be deleted; every write leaves its audit row.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import { routeApi } from '../../src/domain/api/admin/route.ts';
import { CUSTOM_ROLE_PERMISSIONS, OWNER_ONLY_PERMISSIONS, PERMISSION_VALUES, type Permission, type StaffMember, type StaffRole } from '../../src/domain/back-office/staff.model.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import { auditCount, auditRows, callEntry, staffAccount, type Staff } from './admin-support.ts';
import { bearer, call, createTestShop, newIp, type TestShop } from './harness.ts';

let shop: TestShop;
let owner: Staff;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffAccount(shop, 'R_SUPER');
});

afterAll(async () => {
  await shop?.close();
});

const createRole = (name: string, codes: string[], description = '') => callEntry<StaffRole>(shop, adminStaffApi.createRole, { name, description, codes }, owner);
const setRoles = (userId: number, roles: string[], by: Staff = owner) => callEntry<StaffMember>(shop, adminStaffApi.setStaffRoles, { userId, roles }, by);
const rolesOf = async (userId: number) => (await shop.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)))[0]!.roles;

/** Signs the account in again (its roles changed, so its sessions ended): the same account with a new token. */
async function signedIn(account: Staff): Promise<Staff> {
  const login = await call<{ token: string }>(shop.app, '/demo/permissionAuth/doLogin', { username: account.email, password: account.password }, { ip: newIp() });
  expect(login.code, login.msg).toBe('0000');
  return { ...account, token: login.data.token, auth: bearer(login.data.token) };
}

/** A member holding exactly `roles` (besides R_CUSTOMER), given by the owner, signed in afresh. */
async function memberWith(...roles: string[]): Promise<Staff> {
  const account = await staffAccount(shop, 'R_CUSTOMER');
  const given = await setRoles(account.userId, roles);
  expect(given.code, given.msg).toBe('0000');
  return signedIn(account);
}

describe('a custom role on every admin call (the contract’s permission codes)', () => {
  // Every admin operation with a code, as the OpenAPI document names it.
  let operations: { method: string; path: string; code: Permission }[];
  let firstHalf: Staff, secondHalf: Staff;
  const half = new Set(CUSTOM_ROLE_PERMISSIONS.filter((_code, index) => index % 2 === 0));

  beforeAll(async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: Permission }>> };
    operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) => (operation['x-permission'] ? [{ method: method.toUpperCase(), path, code: operation['x-permission'] }] : [])),
    );
    const first = await createRole('Table first half', [...half]);
    const second = await createRole('Table second half', CUSTOM_ROLE_PERMISSIONS.filter((code) => !half.has(code)));
    expect([first.code, second.code]).toEqual(['0000', '0000']);
    firstHalf = await memberWith(first.data.key);
    secondHalf = await memberWith(second.data.key);
  });

  /** The answer's status and code (a file answer has no envelope); path parameters get a value that names nothing. */
  async function ask(operation: { method: string; path: string }, who: Staff): Promise<{ status: number; code: string | undefined }> {
    const url = operation.path.replace(/\{[^}]+\}/g, 'X0');
    const response = await shop.app.inject({
      method: operation.method as 'GET' | 'POST',
      url,
      headers: { 'content-type': 'application/json', ...who.auth.headers },
      ...(operation.method === 'GET' ? {} : { payload: '{}' }),
    });
    let code: string | undefined;
    try {
      code = (response.json() as { code?: string }).code;
    } catch {
      code = undefined;
    }
    return { status: response.statusCode, code };
  }

  it('reads the operations and their codes from the OpenAPI document (a few codes are weighed inside a desk only: order:refund, ...)', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(new Set(operations.map((operation) => operation.code)).size).toBeGreaterThanOrEqual(30);
    for (const operation of operations) expect(PERMISSION_VALUES).toContain(operation.code);
  });

  it('refuses (403, 1403) the member whose role lacks the code and lets through the one whose role has it; owner-only codes refuse both', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path} (${operation.code})`;
      const [first, second] = [await ask(operation, firstHalf), await ask(operation, secondHalf)];
      const holder = OWNER_ONLY_PERMISSIONS.includes(operation.code) ? null : half.has(operation.code) ? first : second;
      const lacker = half.has(operation.code) ? second : first;
      if (lacker.status !== 403 || lacker.code !== '1403') wrong.push(`${name}: lacking the code answered ${lacker.status} ${lacker.code}`);
      if (holder && holder.status === 403) wrong.push(`${name}: holding the code answered 403 ${holder.code}`);
      if (!holder && (first.status !== 403 || second.status !== 403)) wrong.push(`${name}: an owner-only code passed a custom role`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives the member the screens and buttons of its codes, and nothing of the other half', async () => {
    const info = await callEntry<{ buttons: string[] }>(shop, accountsApi.userInfo, undefined, firstHalf);
    expect(info.data.buttons).toEqual(PERMISSION_VALUES.filter((code) => half.has(code)));
    const routes = await callEntry<{ routes: { name: string; permission?: string }[]; home: string }>(shop, routeApi.userRoutes, undefined, firstHalf);
    expect(routes.code).toBe('0000');
    expect(routes.data.routes.every((route) => !route.permission || half.has(route.permission as Permission))).toBe(true);
    expect(routes.data.routes.map((route) => route.name)).toContain('dashboard');
    expect(routes.data.routes.map((route) => route.name)).not.toContain('staff');
  });
});

describe('making, changing and deleting roles', () => {
  it('creates a role with its codes in order, audited; refuses owner-only and unknown codes, and a name taken, changing nothing', async () => {
    const before = await auditCount(shop);
    const made = await createRole('Packers', ['order:sheet', 'order:view', 'order:view'], 'Print and pack');
    expect(made).toMatchObject({ code: '0000', data: { builtIn: false, name: 'Packers', description: 'Print and pack', codes: ['order:view', 'order:sheet'], holders: 0 } });
    expect(made.data.key).toMatch(/^C_\d+$/);
    expect((await auditRows(shop))[0]).toMatchObject({ actorId: owner.userId, action: 'staffRole.create', entity: 'staffRole', entityId: made.data.key, before: null, after: { name: 'Packers', codes: ['order:view', 'order:sheet'] } });
    expect(await auditCount(shop)).toBe(before + 1);

    for (const code of ['staff:manage', 'customer:erase', 'order:fly']) {
      const refused = await createRole(`With ${code}`, ['order:view', code]);
      expect(refused).toMatchObject({ status: 400, code: '1001' });
      expect(JSON.stringify(refused.data)).toContain(code);
    }
    expect(await createRole('packers', ['order:view'])).toMatchObject({ status: 409, code: '1409', msg: 'A role with this name exists already' });
    expect(await auditCount(shop)).toBe(before + 1);
    const listed = await callEntry<StaffRole[]>(shop, adminStaffApi.roleList, undefined, owner);
    expect(listed.data.filter((role) => role.name.toLowerCase() === 'packers' || role.name.startsWith('With '))).toHaveLength(1);
  });

  it('lists the built-in roles first, read-only, and refuses changing or deleting them', async () => {
    const listed = await callEntry<StaffRole[]>(shop, adminStaffApi.roleList, undefined, owner);
    expect(listed.data.slice(0, 2)).toMatchObject([
      { key: 'R_SUPER', builtIn: true, codes: PERMISSION_VALUES },
      { key: 'R_ADMIN', builtIn: true },
    ]);
    expect(listed.data[0]!.holders).toBeGreaterThanOrEqual(1);
    const before = await auditCount(shop);
    expect(await callEntry(shop, adminStaffApi.updateRole, { key: 'R_ADMIN', name: 'Admin', description: '', codes: ['order:view'] }, owner)).toMatchObject({
      status: 409,
      code: '1409',
      msg: 'R_SUPER and R_ADMIN are built in: they cannot be changed or deleted',
    });
    expect(await callEntry(shop, adminStaffApi.deleteRole, { key: 'R_SUPER' }, owner)).toMatchObject({ status: 409, code: '1409' });
    expect(await callEntry(shop, adminStaffApi.deleteRole, { key: 'C_999999' }, owner)).toMatchObject({ status: 404, code: '1404' });
    expect(await auditCount(shop)).toBe(before);
    expect((await callEntry<StaffRole[]>(shop, adminStaffApi.roleList, undefined, owner)).data[1]!.codes).toEqual(listed.data[1]!.codes);
  });

  it('new codes count from the next call and end the holders’ sessions; a rename alone ends none', async () => {
    const role = (await createRole('Support desk', ['customer:view'])).data;
    const member = await memberWith(role.key);
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, member)).code).toBe('1403');

    const before = await auditCount(shop);
    const renamed = await callEntry<StaffRole>(shop, adminStaffApi.updateRole, { key: role.key, name: 'Support', description: 'Answers mail', codes: ['customer:view'] }, owner);
    expect(renamed).toMatchObject({ code: '0000', data: { name: 'Support', holders: 1 } });
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, member)).code).toBe('1403');

    const recoded = await callEntry<StaffRole>(shop, adminStaffApi.updateRole, { key: role.key, name: 'Support', description: 'Answers mail', codes: ['customer:view', 'dashboard:view'] }, owner);
    expect(recoded).toMatchObject({ code: '0000', data: { codes: ['dashboard:view', 'customer:view'] } });
    // The token issued before the change stops at once; signed in again, the new code is there.
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, member)).code).toBe('8888');
    const [ended] = await shop.database.db.select({ reason: sessions.revokeReason }).from(sessions).where(eq(sessions.userId, member.userId));
    expect(ended?.reason).toBe('role-changed');
    const again = await signedIn(member);
    expect((await callEntry(shop, adminOrdersApi.dashboard, undefined, again)).code).toBe('0000');
    expect(await auditCount(shop)).toBe(before + 2);
    expect((await auditRows(shop))[0]).toMatchObject({
      action: 'staffRole.update',
      entityId: role.key,
      before: { codes: ['customer:view'] },
      after: { codes: ['dashboard:view', 'customer:view'], sessionsEndedFor: [member.userId] },
    });
  });

  it('refuses deleting a role while somebody holds it, naming how many; deletes it once nobody does', async () => {
    const role = (await createRole('Seasonal help', ['product:view'])).data;
    const [one, two] = [await memberWith(role.key), await memberWith(role.key, 'R_ADMIN')];
    const before = await auditCount(shop);
    expect(await callEntry(shop, adminStaffApi.deleteRole, { key: role.key }, owner)).toMatchObject({ status: 409, code: '1409', msg: '2 accounts hold this role: take it from them first' });
    await setRoles(one.userId, []);
    expect(await callEntry(shop, adminStaffApi.deleteRole, { key: role.key }, owner)).toMatchObject({ status: 409, msg: '1 account holds this role: take it from them first' });
    await setRoles(two.userId, ['R_ADMIN']);
    expect(await callEntry(shop, adminStaffApi.deleteRole, { key: role.key }, owner)).toMatchObject({ code: '0000' });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'staffRole.delete', entityId: role.key, before: { name: 'Seasonal help', codes: ['product:view'] }, after: null });
    expect(await auditCount(shop)).toBe(before + 3);
    expect((await callEntry<StaffRole[]>(shop, adminStaffApi.roleList, undefined, owner)).data.map((r) => r.key)).not.toContain(role.key);
  });

  it('refuses every role write to a caller without staff:manage, R_ADMIN included', async () => {
    const admin = await staffAccount(shop, 'R_ADMIN');
    expect(await callEntry(shop, adminStaffApi.createRole, { name: 'Mine', codes: ['order:view'] }, admin)).toMatchObject({ status: 403, code: '1403' });
    expect(await callEntry(shop, adminStaffApi.roleList, undefined, admin)).toMatchObject({ status: 403, code: '1403' });
    expect(await callEntry(shop, adminStaffApi.setStaffRoles, { userId: admin.userId, roles: ['R_SUPER'] }, admin)).toMatchObject({ status: 403, code: '1403' });
    expect(await rolesOf(admin.userId)).toEqual(['R_ADMIN']);
  });
});

describe('a member’s roles', () => {
  it('gives several roles at once, built-in and custom, keeping R_CUSTOMER; audited; the member is staff with the union of the codes', async () => {
    const packers = (await createRole('Roles packers', ['order:sheet'])).data;
    const writers = (await createRole('Roles writers', ['page:edit'])).data;
    const account = await staffAccount(shop, 'R_CUSTOMER');
    const before = await auditCount(shop);
    const given = await setRoles(account.userId, [packers.key, writers.key, packers.key]);
    expect(given).toMatchObject({ code: '0000', data: { roles: ['R_CUSTOMER', packers.key, writers.key] } });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'staff.roles', entityId: String(account.userId), before: { roles: ['R_CUSTOMER'] }, after: { roles: ['R_CUSTOMER', packers.key, writers.key] } });
    expect(await auditCount(shop)).toBe(before + 1);
    // Given roles, the old session ended; signed in again the member holds both roles' codes.
    expect((await callEntry(shop, accountsApi.userInfo, undefined, account)).code).toBe('8888');
    const member = await signedIn(account);
    expect((await callEntry<{ buttons: string[] }>(shop, accountsApi.userInfo, undefined, member)).data.buttons).toEqual(['order:sheet', 'page:edit']);
    // The staff list shows them.
    const listed = await callEntry<{ records: StaffMember[] }>(shop, adminStaffApi.staffList, { query: account.email }, owner);
    expect(listed.data.records.map((row) => row.userId)).toEqual([account.userId]);
    // Given nothing, they leave the staff.
    expect((await setRoles(account.userId, [])).data.roles).toEqual(['R_CUSTOMER']);
    expect((await callEntry<{ records: StaffMember[] }>(shop, adminStaffApi.staffList, { query: account.email }, owner)).data.records).toEqual([]);
  });

  it('refuses an unknown role, a customer-only role, one’s own roles and the last R_SUPER, changing nothing', async () => {
    const account = await staffAccount(shop, 'R_ADMIN');
    const before = await auditCount(shop);
    for (const role of ['C_999999', 'R_CUSTOMER', 'admin']) {
      const refused = await setRoles(account.userId, [role]);
      expect(refused, role).toMatchObject({ status: 400, code: '1001' });
      expect(JSON.stringify(refused.data)).toContain(role);
    }
    expect(await setRoles(owner.userId, ['R_ADMIN'])).toMatchObject({ status: 409, code: '1409', msg: 'You cannot change your own roles' });
    expect(await auditCount(shop)).toBe(before);
    expect(await rolesOf(account.userId)).toEqual(['R_ADMIN']);
    // The admin command's grant takes a custom key too, and refuses one that does not exist.
    const role = (await createRole('Command role', ['order:view'])).data;
    expect((await callEntry<StaffMember>(shop, adminStaffApi.grantRole, { email: account.email, role: 'R_ADMIN' }, owner)).data.roles).toEqual(['R_ADMIN']);
    expect(role.key).toMatch(/^C_/);
  });
});
