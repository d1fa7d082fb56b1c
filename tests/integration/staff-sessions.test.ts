/**
 * Staff sessions (docs/accounts-and-security.md "Staff sessions"): each session keeps its device,
 * address and last use (written at most once a minute); a member lists and ends their own, the
 * owner lists and ends a member's (audited), R_ADMIN cannot; a staff sign-in from a new device
 * mails the member once, in their language, and not for a known device, a first sign-in or a
 * customer; the back office's sign-in (the shop's call) is throttled per account and per address.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { sessionsApi } from '../../src/domain/api/admin/sessions.ts';
import { auditLog, mailOutbox, sessions, users } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { bearer, call, createTestShop, newIp, testClock, type TestShop } from './harness.ts';

const clock = testClock();
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({}, { clock: clock.now });
});
afterAll(async () => shop?.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A sign-in of `staff` from a browser (its User-Agent) and address: the new session's auth. */
async function signIn(staff: Staff, userAgent: string, ip = newIp()) {
  const answer = await call<{ token: string }>(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip, headers: { 'user-agent': userAgent } });
  expect(answer.code, answer.msg).toBe('0000');
  return { auth: bearer(answer.data.token), ip };
}

const mine = (who: { auth: { headers: Record<string, string> } }) => callEntry(shop, sessionsApi.mine, undefined, who);
const works = async (who: { auth: { headers: Record<string, string> } }) => (await callEntry(shop, adminOrdersApi.dashboard, undefined, who)).code;
const newSignInMails = (email: string) => shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'new-sign-in'))).orderBy(desc(mailOutbox.id));
const auditOf = (action: string, userId: number) => shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId)))).orderBy(desc(auditLog.id));

describe('my sessions', () => {
  it('lists each live session with its device, address, sign-in and last use, the calling one marked', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const firefox = await signIn(staff, FIREFOX_WINDOWS);
    const safari = await signIn(staff, SAFARI_MAC);
    const answer = await mine(firefox);
    expect(answer.code, answer.msg).toBe('0000');
    // The sign-up's session and the two sign-ins.
    expect(answer.data).toHaveLength(3);
    const current = answer.data.filter((session: { current: boolean }) => session.current);
    expect(current).toEqual([expect.objectContaining({ browser: 'Firefox', os: 'Windows', ip: firefox.ip })]);
    expect(answer.data).toContainEqual(expect.objectContaining({ browser: 'Safari', os: 'macOS', ip: safari.ip, current: false }));
    expect(Date.parse(current[0].createdAt)).toBeLessThanOrEqual(clock.now().getTime());
    expect(Date.parse(current[0].lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(current[0].createdAt));
  });

  it('moves the last use at most once a minute, so most calls write nothing', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const firefox = await signIn(staff, FIREFOX_WINDOWS);
    const lastUse = async () => Date.parse((await mine(firefox)).data.find((session: { current: boolean }) => session.current).lastUsedAt);
    const first = await lastUse();
    clock.advance(30_000);
    expect(await lastUse()).toBe(first);
    clock.advance(31_000);
    await works(firefox);
    const moved = await lastUse();
    expect(moved).toBeGreaterThanOrEqual(first + 61_000);
    clock.advance(20_000);
    expect(await lastUse()).toBe(moved);
  });

  it('ends one session: its token is refused, the others stay; ending the current one signs out', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const firefox = await signIn(staff, FIREFOX_WINDOWS);
    const safari = await signIn(staff, SAFARI_MAC);
    const safariId = (await mine(safari)).data.find((session: { current: boolean }) => session.current).id;
    const ended = await callEntry(shop, sessionsApi.endMine, { sessionId: safariId }, firefox);
    expect(ended.code, ended.msg).toBe('0000');
    expect(await works(safari)).toBe('8888');
    expect(await works(firefox)).toBe('0000');
    expect(await works(staff)).toBe('0000');
    expect((await mine(firefox)).data.map((session: { id: string }) => session.id)).not.toContain(safariId);

    // Ended already, or not one's own: "not found", and nothing changes.
    expect((await callEntry(shop, sessionsApi.endMine, { sessionId: safariId }, firefox)).code).toBe('1404');
    const other = await staffAccount(shop, 'R_ADMIN');
    const othersId = (await mine(other)).data[0].id;
    expect((await callEntry(shop, sessionsApi.endMine, { sessionId: othersId }, firefox)).code).toBe('1404');
    expect(await works(other)).toBe('0000');
    expect((await callEntry(shop, sessionsApi.endMine, { sessionId: 'x' }, firefox)).code).toBe('1001');
    expect((await callEntry(shop, sessionsApi.endMine, { sessionId: othersId, extra: 1 }, firefox)).code).toBe('1001');

    const firefoxId = (await mine(firefox)).data.find((session: { current: boolean }) => session.current).id;
    expect((await callEntry(shop, sessionsApi.endMine, { sessionId: firefoxId }, firefox)).code).toBe('0000');
    expect(await works(firefox)).toBe('8888');
    expect(await works(staff)).toBe('0000');
  });

  it('ends every other session at once, the calling one kept', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const firefox = await signIn(staff, FIREFOX_WINDOWS);
    const safari = await signIn(staff, SAFARI_MAC);
    const answer = await callEntry(shop, sessionsApi.endMyOthers, undefined, firefox);
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.data).toEqual({ ended: 2 });
    expect(await works(safari)).toBe('8888');
    expect(await works(staff)).toBe('8888');
    expect(await works(firefox)).toBe('0000');
    expect((await mine(firefox)).data).toHaveLength(1);
  });
});

describe("the owner and a member's sessions", () => {
  it("lists a member's sessions and ends one, then all, each audited; the member's tokens are refused", async () => {
    const owner = await staffAccount(shop, 'R_SUPER');
    const member = await staffAccount(shop, 'R_ADMIN');
    const firefox = await signIn(member, FIREFOX_WINDOWS);
    const listed = await callEntry(shop, sessionsApi.ofMember, { userId: member.userId }, owner);
    expect(listed.code, listed.msg).toBe('0000');
    expect(listed.data).toHaveLength(2);
    const firefoxSession = listed.data.find((session: { browser: string }) => session.browser === 'Firefox');
    expect(firefoxSession).toMatchObject({ os: 'Windows', ip: firefox.ip, current: false });

    const one = await callEntry(shop, sessionsApi.endMember, { userId: member.userId, sessionId: firefoxSession.id }, owner);
    expect(one.code, one.msg).toBe('0000');
    expect(one.data).toEqual({ ended: 1 });
    expect(await works(firefox)).toBe('8888');
    expect(await works(member)).toBe('0000');
    const [endRow] = await auditOf('staff.sessionEnd', member.userId);
    expect(endRow).toMatchObject({ actorId: owner.userId, after: { browser: 'Firefox', os: 'Windows', ip: firefox.ip } });
    const [row] = await shop.database.db.select({ revokeReason: sessions.revokeReason }).from(sessions).where(eq(sessions.id, firefoxSession.id));
    expect(row!.revokeReason).toBe('ended-by-owner');

    // The same session again: "not found", and no second audit row.
    expect((await callEntry(shop, sessionsApi.endMember, { userId: member.userId, sessionId: firefoxSession.id }, owner)).code).toBe('1404');
    expect(await auditOf('staff.sessionEnd', member.userId)).toHaveLength(1);

    const safari = await signIn(member, SAFARI_MAC);
    const all = await callEntry(shop, sessionsApi.endAllMember, { userId: member.userId }, owner);
    expect(all.data).toEqual({ ended: 2 });
    expect(await works(safari)).toBe('8888');
    expect(await works(member)).toBe('8888');
    expect(await auditOf('staff.sessionsEnd', member.userId)).toEqual([expect.objectContaining({ actorId: owner.userId, after: { sessionsEnded: 2 } })]);
    expect((await callEntry(shop, sessionsApi.ofMember, { userId: member.userId }, owner)).data).toEqual([]);
    // Nothing left to end: no audit row.
    expect((await callEntry(shop, sessionsApi.endAllMember, { userId: member.userId }, owner)).data).toEqual({ ended: 0 });
    expect(await auditOf('staff.sessionsEnd', member.userId)).toHaveLength(1);
  });

  it("refuses R_ADMIN listing or ending another member's sessions, and a customer's are not the owner's business", async () => {
    const owner = await staffAccount(shop, 'R_SUPER');
    const admin = await staffAccount(shop, 'R_ADMIN');
    const member = await staffAccount(shop, 'R_ADMIN');
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await callEntry(shop, sessionsApi.ofMember, { userId: member.userId }, admin)).code).toBe('1403');
    const memberId = (await mine(member)).data[0].id;
    expect((await callEntry(shop, sessionsApi.endMember, { userId: member.userId, sessionId: memberId }, admin)).code).toBe('1403');
    expect((await callEntry(shop, sessionsApi.endAllMember, { userId: member.userId }, admin)).code).toBe('1403');
    expect(await works(member)).toBe('0000');
    expect((await callEntry(shop, sessionsApi.ofMember, { userId: customer.userId }, owner)).code).toBe('1404');
    expect((await callEntry(shop, sessionsApi.endAllMember, { userId: customer.userId }, owner)).code).toBe('1404');
    expect((await callEntry(shop, sessionsApi.ofMember, { userId: 'one' }, owner)).code).toBe('1001');
  });
});

describe('new-device mail', () => {
  it('mails a staff member once for a sign-in from a new device, not again for a known one', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    // The sign-up's sign-in was the account's first: nothing to compare with, so no mail.
    expect(await newSignInMails(staff.email)).toHaveLength(0);
    const first = await signIn(staff, CHROME_ANDROID, '203.0.113.9');
    const [mail] = await newSignInMails(staff.email);
    expect(mail!.subject).toBe('New sign-in to the back office');
    expect(mail!.textBody).toContain('Chrome on Android');
    expect(mail!.textBody).toContain('203.0.113.9');
    expect(mail!.textBody).toContain(clock.now().toISOString().slice(0, 10));
    expect(mail!.textBody).toContain('If this was not you');
    // The same browser and system from another address, and another version: a known device.
    await signIn(staff, CHROME_ANDROID.replace('131.0.0.0', '132.0.0.0'), '198.51.100.4');
    expect(await newSignInMails(staff.email)).toHaveLength(1);
    // Known while its session is stored, even ended.
    expect((await callEntry(shop, sessionsApi.endMyOthers, undefined, first)).code).toBe('0000');
    await signIn(staff, CHROME_ANDROID);
    expect(await newSignInMails(staff.email)).toHaveLength(1);
    await signIn(staff, SAFARI_MAC);
    expect(await newSignInMails(staff.email)).toHaveLength(2);
  });

  it("is written in the member's language, and not sent to customers", async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    await shop.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, staff.userId));
    await signIn(staff, FIREFOX_WINDOWS);
    const [mail] = await newSignInMails(staff.email);
    expect(mail!.subject).toBe('后台有一次新的登录');
    expect(mail!.textBody).toContain('Windows 上的 Firefox');

    const customer = await staffAccount(shop, 'R_CUSTOMER');
    await signIn(customer, FIREFOX_WINDOWS);
    expect(await newSignInMails(customer.email)).toHaveLength(0);
  });
});

describe('back-office sign-in throttling', () => {
  it("is the shop's sign-in: five wrong passwords for a staff account and the right one waits too; other accounts are not held", async () => {
    const staff = await staffAccount(shop, 'R_SUPER');
    for (let i = 0; i < 5; i++) {
      expect((await call(shop.app, accountsApi.login.path, { username: staff.email, password: 'wrong-Passw0rd' }, { ip: newIp() })).code).toBe('1401');
    }
    const blocked = await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip: newIp() });
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe('1429');
    expect(blocked.data.retryAfterSeconds).toBeGreaterThan(0);
    const other = await staffAccount(shop, 'R_ADMIN');
    expect((await call(shop.app, accountsApi.login.path, { username: other.email, password: other.password }, { ip: newIp() })).code).toBe('0000');
    clock.advance(15 * 60_000 + 1000);
    expect((await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip: newIp() })).code).toBe('0000');
  });

  it('holds one address trying many staff accounts', async () => {
    const ip = newIp();
    const staff = await staffAccount(shop, 'R_ADMIN');
    for (let i = 0; i < 20; i++) await call(shop.app, accountsApi.login.path, { username: `nobody.${i}@example.com`, password: 'wrong-Passw0rd' }, { ip });
    const blocked = await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip });
    expect(blocked.code).toBe('1429');
    expect((await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip: newIp() })).code).toBe('0000');
  });
});
