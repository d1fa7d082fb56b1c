/**
 * API tokens for other systems (docs/accounts-and-security.md "API tokens"): an owner makes one
 * with chosen codes and an expiry and sees its secret once; only its hash is stored; the token
 * works on the back-office calls its codes allow and nowhere else (403 beyond its codes, 8888 on a
 * person's own routes), is refused once expired or revoked or when its owner stops being one, and
 * every call it makes leaves an audit row naming it and its owner.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { adminApiTokensApi } from '../../src/domain/api/admin/api-tokens.ts';
import { adminCouponsApi } from '../../src/domain/api/admin/coupons.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminProductsApi } from '../../src/domain/api/admin/products.ts';
import { apiTokens, auditLog, twoFactorPolicy, users } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, staffTrio, type StaffTrio } from './admin-support.ts';
import { createTestShop, testClock, type TestShop } from './harness.ts';

const DAY_MS = 86_400_000;
const clock = testClock();
let shop: TestShop;
let trio: StaffTrio;

beforeAll(async () => {
  shop = await createTestShop({}, { clock: clock.now });
  trio = await staffTrio(shop);
});
afterAll(async () => shop?.close());

const withSecret = (secret: string) => ({ auth: { headers: { authorization: `Bearer ${secret}` } } });
const listOrders = (secret: string) => callEntry(shop, adminOrdersApi.orderList, { current: 1, size: 5 }, withSecret(secret));

async function makeToken(fields: Partial<{ name: string; codes: string[]; days: number }> = {}, by = trio.owner) {
  const made = await callEntry(shop, adminApiTokensApi.create, { name: 'Accounting', codes: ['order:view'], days: 30, ...fields }, by);
  expect(made.code, made.msg).toBe('0000');
  return made.data as { token: { id: number; name: string; status: string; expiresAt: string }; secret: string };
}

const tokenRows = () => shop.database.db.select().from(apiTokens);
const usesOf = (id: number) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'token.use'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));

describe('making a token', () => {
  it('answers the secret once, lists the token without it, stores only its SHA-256, and audits the making', async () => {
    const made = await makeToken({ name: 'Label printer', codes: ['order:view', 'order:sheet'], days: 90 });
    expect(made.secret).toMatch(/^jst_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({ name: 'Label printer', status: 'active' });
    expect(new Date(made.token.expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(89 * DAY_MS);

    const listed = await callEntry(shop, adminApiTokensApi.list, undefined, trio.owner);
    expect(listed.code, listed.msg).toBe('0000');
    expect(listed.data.find((token: { id: number }) => token.id === made.token.id)).toMatchObject({ codes: ['order:view', 'order:sheet'], createdByEmail: trio.owner.email, lastUsedAt: null });
    expect(JSON.stringify(listed.data)).not.toContain(made.secret);

    const [row] = await shop.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.token.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(made.secret).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(4));

    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'apiToken.create'), eq(auditLog.entityId, String(made.token.id))));
    expect(audit).toMatchObject({ actorId: trio.owner.userId, actorEmail: trio.owner.email, entity: 'api_token' });
    expect(JSON.stringify(audit!.after)).not.toContain(made.secret);
  });

  it('refuses R_ADMIN and customers (1403), and codes no token may hold, a missing code or a too long life (1001), writing nothing', async () => {
    const before = (await tokenRows()).length;
    for (const caller of [trio.admin, trio.customer]) {
      const refused = await callEntry(shop, adminApiTokensApi.create, { name: 'Sneaky', codes: ['order:view'], days: 30 }, caller);
      expect(refused.code).toBe('1403');
      expect(refused.status).toBe(403);
      expect((await callEntry(shop, adminApiTokensApi.list, undefined, caller)).code).toBe('1403');
    }
    for (const bad of [
      { name: 'Escalate', codes: ['staff:manage'], days: 30 },
      { name: 'Eraser', codes: ['customer:erase'], days: 30 },
      { name: 'Nothing', codes: [], days: 30 },
      { name: 'Forever', codes: ['order:view'], days: 366 },
      { name: '  ', codes: ['order:view'], days: 30 },
    ]) {
      const refused = await callEntry(shop, adminApiTokensApi.create, bad, trio.owner);
      expect(refused.code, JSON.stringify(bad)).toBe('1001');
    }
    expect((await tokenRows()).length).toBe(before);
  });
});

describe('calling with a token', () => {
  it('passes the calls its codes allow (200), is refused beyond them (403), and audits each call with its route and status', async () => {
    const { token, secret } = await makeToken({ name: 'Books', codes: ['order:view'] });
    const first = await listOrders(secret);
    expect(first.code, first.msg).toBe('0000');
    expect(first.status).toBe(200);
    expect((await listOrders(secret)).code).toBe('0000');
    const beyond = await callEntry(shop, adminProductsApi.list, { current: 1, size: 5 }, withSecret(secret));
    expect(beyond.code).toBe('1403');
    expect(beyond.status).toBe(403);

    const uses = await usesOf(token.id);
    expect(uses).toHaveLength(3);
    expect(uses.map((use) => use.after)).toEqual([
      { method: 'POST', route: '/api/admin/products/list', status: 403 },
      { method: 'POST', route: '/api/admin/orders/list', status: 200 },
      { method: 'POST', route: '/api/admin/orders/list', status: 200 },
    ]);
    for (const use of uses) expect(use).toMatchObject({ actorId: trio.owner.userId, actorEmail: `token "Books" (by ${trio.owner.email})`, entity: 'api_token' });
    const [row] = await shop.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('writes as "token <name> (by <maker>)" in the audit log, and needs no two-step enrolment when the owner requires it of staff', async () => {
    const { token, secret } = await makeToken({ name: 'Promo tool', codes: ['coupon:edit', 'order:view'] });
    const code = `TOKEN${token.id}X`;
    const coupon = await callEntry(
      shop,
      adminCouponsApi.createCoupon,
      { code, kind: 'percent', percent: 10, amounts: null, minSpendEur: 0, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, includesPersonalised: true },
      withSecret(secret),
    );
    expect(coupon.code, coupon.msg).toBe('0000');
    const [written] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'coupon.create'), eq(auditLog.entityId, String(coupon.data.id))));
    expect(written).toMatchObject({ actorId: trio.owner.userId, actorEmail: `token "Promo tool" (by ${trio.owner.email})` });

    // The owner's requirement stops a staff session without two-step sign-in (1427), not a token.
    await shop.database.db.insert(twoFactorPolicy).values({ id: 1, required: true }).onConflictDoUpdate({ target: twoFactorPolicy.id, set: { required: true } });
    try {
      expect((await callEntry(shop, adminOrdersApi.orderList, { current: 1, size: 5 }, trio.admin)).code).toBe('1427');
      expect((await listOrders(secret)).code).toBe('0000');
    } finally {
      await shop.database.db.update(twoFactorPolicy).set({ required: false });
    }
  });

  it("is refused on a person's own routes (8888), never answering as the owner", async () => {
    const { token, secret } = await makeToken({ name: 'Own routes', codes: ['order:view'] });
    const info = await callEntry(shop, accountsApi.userInfo, undefined, withSecret(secret));
    expect(info.code).toBe('8888');
    expect(info.status).toBe(401);
    expect(info.msg).toBe('API tokens work only on back-office calls');
    expect(info.data).toBeNull();
    const profile = await callEntry(shop, accountsApi.profile, undefined, withSecret(secret));
    expect(profile.code).toBe('8888');
    expect(await usesOf(token.id)).toHaveLength(0);
  });

  it('is refused (8888, never 9999) when unknown, once expired, and at once when revoked (audited)', async () => {
    const unknown = await listOrders(`jst_${'A'.repeat(43)}`);
    expect(unknown.code).toBe('8888');
    expect(unknown.msg).toBe('This API token is not valid');

    const short = await makeToken({ name: 'Short', days: 1 });
    const revoked = await makeToken({ name: 'Revoked' });
    expect((await listOrders(short.secret)).code).toBe('0000');
    expect((await listOrders(revoked.secret)).code).toBe('0000');

    const revoking = await callEntry(shop, adminApiTokensApi.revoke, { id: revoked.token.id }, trio.owner);
    expect(revoking.code, revoking.msg).toBe('0000');
    expect(revoking.data.status).toBe('revoked');
    const refusedRevoked = await listOrders(revoked.secret);
    expect(refusedRevoked.code).toBe('8888');
    expect(refusedRevoked.status).toBe(401);
    expect(refusedRevoked.msg).toBe('This API token was revoked');
    const [revokeRow] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'apiToken.revoke'), eq(auditLog.entityId, String(revoked.token.id))));
    expect(revokeRow).toMatchObject({ actorId: trio.owner.userId, after: { status: 'revoked' } });
    // Revoking again changes nothing and writes no second row.
    expect((await callEntry(shop, adminApiTokensApi.revoke, { id: revoked.token.id }, trio.owner)).code).toBe('0000');
    expect(await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'apiToken.revoke'), eq(auditLog.entityId, String(revoked.token.id))))).toHaveLength(1);
    expect((await callEntry(shop, adminApiTokensApi.revoke, { id: 2_000_000_000 }, trio.owner)).code).toBe('1404');

    clock.advance(DAY_MS + 1000);
    const expired = await listOrders(short.secret);
    expect(expired.code).toBe('8888');
    expect(expired.msg).toBe('This API token has expired: ask the owner for a new one');
    // The owner's own access token has expired meanwhile too: another owner reads the list.
    const listed = await callEntry(shop, adminApiTokensApi.list, undefined, await staffAccount(shop, 'R_SUPER'));
    const statuses = Object.fromEntries(listed.data.map((t: { id: number; status: string }) => [t.id, t.status]));
    expect(statuses[short.token.id]).toBe('expired');
    expect(statuses[revoked.token.id]).toBe('revoked');
  });

  it("stops when its owner loses R_SUPER or is disabled, and works again when they are an active owner again", async () => {
    const owner = await staffAccount(shop, 'R_SUPER');
    const { secret } = await makeToken({ name: 'Owner changes' }, owner);
    expect((await listOrders(secret)).code).toBe('0000');
    await shop.database.db.update(users).set({ roles: ['R_ADMIN'] }).where(eq(users.id, owner.userId));
    const demoted = await listOrders(secret);
    expect(demoted.code).toBe('8888');
    expect(demoted.msg).toBe("This API token's owner can no longer give it: ask an owner for a new one");
    await shop.database.db.update(users).set({ roles: ['R_SUPER'], status: 'disabled' }).where(eq(users.id, owner.userId));
    expect((await listOrders(secret)).code).toBe('8888');
    await shop.database.db.update(users).set({ status: 'active' }).where(eq(users.id, owner.userId));
    expect((await listOrders(secret)).code).toBe('0000');
  });
});
