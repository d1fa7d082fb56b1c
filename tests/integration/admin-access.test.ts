/**
 * Who may call what in the back office (docs/back-office.md "Roles and permission codes"): every
 * admin and route call refuses a signed-out caller (8888) and a customer (1403); R_ADMIN passes
 * exactly the calls of its codes, R_SUPER all of them; the OpenAPI document names each call's
 * code; getUserInfo's buttons carry the codes; a disabled account gets 7777; the login page's demo
 * quick picks show only while the demo accounts are seeded, never in production.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { adminAuditApi } from '../../src/domain/api/admin/audit.ts';
import { adminCustomersApi } from '../../src/domain/api/admin/customers.ts';
import { adminNavigationApi } from '../../src/domain/api/admin/navigation.ts';
import { adminNewsletterApi } from '../../src/domain/api/admin/newsletter.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminTaxReportApi } from '../../src/domain/api/admin/tax-report.ts';
import { adminReviewsApi } from '../../src/domain/api/admin/reviews.ts';
import { adminSettingsApi } from '../../src/domain/api/admin/settings.ts';
import { webhooksApi } from '../../src/domain/api/admin/webhooks.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import { adminTeamsApi } from '../../src/domain/api/admin/teams.ts';
import { adminReturnsApi } from '../../src/domain/api/admin/returns.ts';
import type { Endpoint } from '../../src/domain/api/endpoint.ts';
import { routeApi } from '../../src/domain/api/admin/route.ts';
import { twoFactorApi } from '../../src/domain/api/admin/two-factor.ts';
import { PERMISSION_VALUES } from '../../src/domain/back-office/staff.model.ts';
import { users } from '../../src/server/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoStaff } from '../../src/server/modules/staff/index.ts';
import { call, createTestShop, signUp, type TestShop } from './harness.ts';
import { callEntry, staffAccount, type Staff, staffTrio } from './admin-support.ts';

let shop: TestShop;
let customer: Staff, admin: Staff, superAdmin: Staff;

beforeAll(async () => {
  shop = await createTestShop();
  ({ customer, admin, owner: superAdmin } = await staffTrio(shop));
});

afterAll(async () => {
  await shop?.close();
});

const MISSING_ORDER = 'JS-AAAAA-AAAAA';

/** An id no row has: a guarded write that passes answers 1404 and changes nothing. */
const MISSING_ID = 999_999;

/** Each guarded call, a request it takes, and whether R_ADMIN's codes include it. */
const GUARDED: { name: string; entry: Endpoint; request: () => unknown; admin: boolean }[] = [
  { name: 'dashboard', entry: adminOrdersApi.dashboard, request: () => undefined, admin: true },
  { name: 'orderList', entry: adminOrdersApi.orderList, request: () => ({}), admin: true },
  { name: 'orderExport', entry: adminOrdersApi.orderExport, request: () => ({}), admin: true },
  { name: 'order', entry: adminOrdersApi.order, request: () => ({ orderNo: MISSING_ORDER }), admin: true },
  { name: 'addNote', entry: adminOrdersApi.addNote, request: () => ({ orderNo: MISSING_ORDER, text: 'hello' }), admin: true },
  { name: 'productionSheet', entry: adminOrdersApi.productionSheet, request: () => ({ orderNos: [MISSING_ORDER] }), admin: true },
  { name: 'taxReport', entry: adminTaxReportApi.taxReport, request: () => ({ period: { kind: 'month', month: '2026-03' } }), admin: false },
  { name: 'taxReportExport', entry: adminTaxReportApi.taxReportExport, request: () => ({ period: { kind: 'quarter', year: 2026, quarter: 1 } }), admin: false },
  { name: 'auditList', entry: adminAuditApi.auditList, request: () => ({}), admin: false },
  { name: 'staffList', entry: adminStaffApi.staffList, request: () => ({}), admin: false },
  { name: 'grantRole', entry: adminStaffApi.grantRole, request: () => ({ email: customer.email, role: 'R_CUSTOMER' }), admin: false },
  { name: 'revokeRole', entry: adminStaffApi.revokeRole, request: () => ({ email: customer.email, role: 'R_ADMIN' }), admin: false },
  { name: 'setStaffStatus', entry: adminStaffApi.setStaffStatus, request: () => ({ userId: customer.userId, status: 'active' }), admin: false },
  { name: 'teamList', entry: adminTeamsApi.teamList, request: () => ({}), admin: true },
  { name: 'team', entry: adminTeamsApi.team, request: () => ({ teamId: MISSING_ID }), admin: true },
  { name: 'removePlayer', entry: adminTeamsApi.removePlayer, request: () => ({ teamId: MISSING_ID, id: MISSING_ID }), admin: true },
  { name: 'navTree', entry: adminNavigationApi.navTree, request: () => undefined, admin: true },
  { name: 'navRemove', entry: adminNavigationApi.navRemove, request: () => ({ id: MISSING_ID }), admin: true },
  { name: 'customerList', entry: adminCustomersApi.customerList, request: () => ({}), admin: true },
  { name: 'customer', entry: adminCustomersApi.customer, request: () => ({ userId: MISSING_ID }), admin: true },
  { name: 'exportCustomer', entry: adminCustomersApi.exportCustomer, request: () => ({ userId: MISSING_ID }), admin: true },
  { name: 'setCustomerStatus', entry: adminCustomersApi.setCustomerStatus, request: () => ({ userId: MISSING_ID, status: 'active' }), admin: true },
  { name: 'eraseCustomer', entry: adminCustomersApi.eraseCustomer, request: () => ({ userId: MISSING_ID, confirmEmail: 'nobody@example.com' }), admin: false },
  { name: 'reviewList', entry: adminReviewsApi.reviewList, request: () => ({}), admin: true },
  { name: 'moderateReview', entry: adminReviewsApi.moderateReview, request: () => ({ id: MISSING_ID, state: 'visible' }), admin: true },
  { name: 'subscriberList', entry: adminNewsletterApi.subscriberList, request: () => ({}), admin: true },
  { name: 'subscriberExport', entry: adminNewsletterApi.subscriberExport, request: () => ({}), admin: true },
  { name: 'unsubscribe', entry: adminNewsletterApi.unsubscribe, request: () => ({ id: MISSING_ID }), admin: true },
  { name: 'settings', entry: adminSettingsApi.settings, request: () => undefined, admin: false },
  { name: 'webhookList', entry: webhooksApi.list, request: () => ({}), admin: false },
  { name: 'webhookSave', entry: webhooksApi.save, request: () => ({ url: 'https://example.com/hooks', events: ['order.paid'] }), admin: false },
  { name: 'webhookRedeliver', entry: webhooksApi.redeliver, request: () => ({ id: MISSING_ID }), admin: false },
  { name: 'returnList', entry: adminReturnsApi.list, request: () => ({}), admin: true },
  { name: 'returnDecline', entry: adminReturnsApi.decline, request: () => ({ returnNo: 'RT-AAAAA-AAAAA', reason: 'no' }), admin: true },
  { name: 'twoFactorPolicy', entry: twoFactorApi.setPolicy, request: () => ({ required: false }), admin: false },
  { name: 'twoFactorReset', entry: twoFactorApi.reset, request: () => ({ userId: MISSING_ID }), admin: false },
  { name: 'saveSettings', entry: adminSettingsApi.saveSettings, request: () => ({ section: 'merchant', value: { email: null } }), admin: false },
];

/** Passing the guard: success, or the order that does not exist. */
const PASSED = ['0000', '1404'];

describe('the permission guard of every back-office call', () => {
  for (const { name, entry, request, admin: adminMay } of GUARDED) {
    it(`${name}: 8888 signed out, 1403 for a customer, R_ADMIN ${adminMay ? 'passes' : 'refused'}, R_SUPER passes`, async () => {
      expect(await callEntry(shop, entry, request())).toMatchObject({ status: 401, code: '8888' });
      expect(await callEntry(shop, entry, request(), customer)).toMatchObject({ status: 403, code: '1403', data: null });
      const asAdmin = await callEntry(shop, entry, request(), admin);
      if (adminMay) expect(PASSED, asAdmin.msg).toContain(asAdmin.code);
      else expect(asAdmin).toMatchObject({ status: 403, code: '1403' });
      const asSuper = await callEntry(shop, entry, request(), superAdmin);
      expect(PASSED, asSuper.msg).toContain(asSuper.code);
    });
  }

  it('names each call’s permission code in the OpenAPI document', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    for (const { name, entry } of GUARDED) {
      const operation = doc.paths[`/api${entry.path}`]?.[entry.method.toLowerCase()];
      expect(PERMISSION_VALUES, name).toContain(operation?.['x-permission']);
    }
    expect(doc.paths[`/api${adminStaffApi.staffList.path}`]!.post!['x-permission']).toBe('staff:manage');
    expect(doc.paths[`/api${adminOrdersApi.dashboard.path}`]!.get!['x-permission']).toBe('dashboard:view');
  });
});

describe('getUserInfo buttons and disabled accounts', () => {
  const buttons = async (who: Staff) => (await callEntry<{ buttons: string[] }>(shop, accountsApi.userInfo, undefined, who)).data.buttons;

  it('carries the caller’s permission codes: none for a customer, the operations for R_ADMIN, all for R_SUPER', async () => {
    expect(await buttons(customer)).toEqual([]);
    expect(await buttons(admin)).toEqual([
      'dashboard:view',
      'order:view',
      'order:export',
      'order:note',
      'order:move',
      'order:cancel',
      'order:sheet',
      'order:edit',
      'order:create',
      'return:manage',
      'product:view',
      'product:edit',
      'product:publish',
      'product:import',
      'team:edit',
      'nav:edit',
      'customer:view',
      'customer:edit',
      'review:moderate',
      'newsletter:manage',
      'coupon:edit',
      'page:edit',
      'page:publish',
      'mail:retry',
    ]);
    expect(await buttons(superAdmin)).toEqual(PERMISSION_VALUES);
  });

  it('answers 7777 to a staff member disabled by an owner, on their next back-office call', async () => {
    const victim = await staffAccount(shop, 'R_ADMIN');
    expect((await callEntry(shop, adminOrdersApi.orderList, {}, victim)).code).toBe('0000');
    expect((await callEntry(shop, adminStaffApi.setStaffStatus, { userId: victim.userId, status: 'disabled' }, superAdmin)).code).toBe('0000');
    expect(await callEntry(shop, adminOrdersApi.orderList, {}, victim)).toMatchObject({ status: 401, code: '7777' });
    expect((await callEntry(shop, accountsApi.userInfo, undefined, victim)).code).toBe('7777');
  });

  it('answers 7777 to a disabled customer too', async () => {
    const shopper = await signUp(shop.app);
    await shop.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, shopper.userId));
    expect((await callEntry(shop, routeApi.userRoutes, undefined, shopper)).code).toBe('7777');
  });
});

describe('the dynamic route mode', () => {
  it('answers the constant routes to anyone', async () => {
    const answer = await callEntry<{ name: string }[]>(shop, routeApi.constantRoutes);
    expect(answer.code).toBe('0000');
    expect(answer.data.map((r) => r.name).sort()).toEqual(['403', '404', '500', 'invite', 'login']);
  });

  it('answers its reads by GET alone, as the contract declares (docs/decisions.md)', async () => {
    for (const entry of Object.values(routeApi)) {
      expect(entry.method).toBe('GET');
      const posted = await shop.app.inject({ method: 'POST', url: `/api${entry.path}`, payload: {} });
      expect(posted.statusCode).toBe(404);
      expect(posted.json()).toMatchObject({ code: '1404', data: null });
    }
  });

  it('answers the routes and home of the caller’s roles', async () => {
    const names = async (who: Staff) => {
      const answer = await callEntry<{ routes: { name: string }[]; home: string }>(shop, routeApi.userRoutes, undefined, who);
      return { names: answer.data.routes.map((r) => r.name), home: answer.data.home };
    };
    const catalogue = ['products', 'product-editor', 'teams', 'extras', 'navigation'];
    const people = ['customers', 'customer-detail', 'reviews', 'newsletter'];
    expect(await names(superAdmin)).toEqual({ names: ['dashboard', 'orders', 'new-order', 'order-detail', 'production-sheet', 'returns', 'tax-report', 'reports', ...catalogue, ...people, 'coupons', 'pages', 'audit', 'staff', 'staff-roles', 'settings', 'api-tokens', 'webhooks'], home: 'dashboard' });
    expect(await names(admin)).toEqual({ names: ['dashboard', 'orders', 'new-order', 'order-detail', 'production-sheet', 'returns', ...catalogue, ...people, 'coupons', 'pages'], home: 'dashboard' });
    expect(await names(customer)).toEqual({ names: [], home: '403' });
    expect((await callEntry(shop, routeApi.userRoutes)).code).toBe('8888');
  });

  it('says whether a route exists for the caller', async () => {
    const exists = async (routeName: string, who: Staff) => (await callEntry<boolean>(shop, routeApi.isRouteExist, { routeName }, who)).data;
    expect(await exists('audit', superAdmin)).toBe(true);
    expect(await exists('audit', admin)).toBe(false);
    expect(await exists('tax-report', superAdmin)).toBe(true);
    expect(await exists('tax-report', admin)).toBe(false);
    expect(await exists('reports', superAdmin)).toBe(true);
    expect(await exists('reports', admin)).toBe(false);
    expect(await exists('orders', admin)).toBe(true);
    expect(await exists('login', customer)).toBe(true);
    expect(await exists('orders', customer)).toBe(false);
    expect(await exists('nowhere', superAdmin)).toBe(false);
    expect((await callEntry(shop, routeApi.isRouteExist, { routeName: '' }, superAdmin)).code).toBe('1001');
    expect((await callEntry(shop, routeApi.isRouteExist, { routeName: 'orders' })).code).toBe('8888');
  });
});

describe('the login page’s demo quick picks', () => {
  it('lists none before the demo accounts are seeded, then the three, and they sign in with their roles', async () => {
    const fresh = await createTestShop();
    try {
      expect((await callEntry(fresh, adminStaffApi.loginOptions)).data).toEqual({ demoAccounts: [] });
      expect(await seedDemoStaff(fresh.database.db, { production: false, hashCost: 10 })).toBe(3);
      // A second seeding finds staff and makes nothing.
      expect(await seedDemoStaff(fresh.database.db, { production: false, hashCost: 10 })).toBe(0);
      const answer = await callEntry<{ demoAccounts: typeof DEMO_ACCOUNTS }>(fresh, adminStaffApi.loginOptions);
      expect(answer.data.demoAccounts.map((a) => [a.role, a.labelKey])).toEqual([
        ['R_SUPER', 'login.demo.super'],
        ['R_ADMIN', 'login.demo.admin'],
        ['R_CUSTOMER', 'login.demo.user'],
      ]);
      for (const account of answer.data.demoAccounts) {
        const login = await call<{ token: string }>(fresh.app, accountsApi.login.path, { username: account.email, password: account.password });
        expect(login.code, account.email).toBe('0000');
        const info = await call<{ roles: string[] }>(fresh.app, accountsApi.userInfo.path, undefined, { method: 'GET', headers: { authorization: `Bearer ${login.data.token}` } });
        expect(info.data.roles).toEqual([account.role]);
      }
      // A demo account an owner disabled is no quick pick any more.
      await fresh.database.db.update(users).set({ status: 'disabled' }).where(eq(users.email, DEMO_ACCOUNTS[1]!.email));
      expect((await callEntry<{ demoAccounts: { role: string }[] }>(fresh, adminStaffApi.loginOptions)).data.demoAccounts.map((a) => a.role)).toEqual(['R_SUPER', 'R_CUSTOMER']);
    } finally {
      await fresh.close();
    }
  });

  it('seeds nothing in production and lists nothing there even when the accounts exist', async () => {
    const production = await createTestShop({ env: 'production' });
    try {
      expect(await seedDemoStaff(production.database.db, { production: true, hashCost: 10 })).toBe(0);
      expect(await production.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email))).toEqual([]);
      await seedDemoStaff(production.database.db, { production: false, hashCost: 10 });
      expect((await callEntry(production, adminStaffApi.loginOptions)).data).toEqual({ demoAccounts: [] });
    } finally {
      await production.close();
    }
  });

  it('does not seed the demo accounts on a shop that already has staff', async () => {
    const owned = await createTestShop();
    try {
      await staffAccount(owned, 'R_SUPER');
      expect(await seedDemoStaff(owned.database.db, { production: false, hashCost: 10 })).toBe(0);
      expect((await callEntry(owned, adminStaffApi.loginOptions)).data).toEqual({ demoAccounts: [] });
    } finally {
      await owned.close();
    }
  });
});

