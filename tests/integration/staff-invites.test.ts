/**
 * Staff invites (docs/back-office.md "Inviting staff"): the owner's invite mails a link that works
 * once, for 72 hours; a resend kills the old link, a revoke kills the only one; the invitee's new
 * account holds the role and signs in; an email with an account joins only with its password;
 * each write audited, and R_ADMIN refused.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { invitesApi } from '../../src/domain/api/admin/invites.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import type { StaffRole } from '../../src/domain/back-office/staff.model.ts';
import { auditLog, mailOutbox, staffInvites, users } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { bearer, call, createTestShop, newEmail, newIp, testClock, type TestShop } from './harness.ts';

const clock = testClock();
let shop: TestShop;
let owner: Staff;

beforeAll(async () => {
  shop = await createTestShop({}, { clock: clock.now });
  owner = await staffAccount(shop, 'R_SUPER');
});
afterAll(async () => shop?.close());

const HOUR = 3_600_000;

/** Moves the clock on; the owner's access token has run out by then, so they sign in again. */
async function later(ms: number) {
  clock.advance(ms);
  const signedIn = await call(shop.app, accountsApi.login.path, { username: owner.email, password: owner.password }, { ip: newIp() });
  owner = { ...owner, auth: bearer(signedIn.data.token) };
}

/** The newest invite mail to `email`, and the token its link carries. */
async function inviteMail(email: string) {
  const [mail] = await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'staff-invite'))).orderBy(desc(mailOutbox.id));
  expect(mail, `no invite mail to ${email}`).toBeDefined();
  // Once the outbox's worker has sent it, the row keeps no body: the text is in the file it wrote (src/server/mail/mailer.ts).
  const suffix = `-${mail!.id.toString(16).padStart(8, '0')}.txt`;
  const file = mail!.textBody ? null : (await readdir(shop.config.outboxDir)).find((name) => name.endsWith(suffix));
  const text = file ? await readFile(path.join(shop.config.outboxDir, file), 'utf8') : mail!.textBody;
  const token = /\/admin\/invite\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token).toBeDefined();
  return { mail: { ...mail!, textBody: text }, token: token! };
}

const publicCall = (entry: { path: string }, body: unknown) => call(shop.app, entry.path, body, { ip: newIp() });
const acceptBody = (token: string, password = 'Zq8!vRt4') => ({ token, firstName: 'Ines', lastName: 'Varga', password, confirmPassword: password });

async function auditOf(action: string, entityId: number) {
  return shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId)))).orderBy(desc(auditLog.id));
}

describe('invite and accept', () => {
  it('mails a link in the chosen language; the link makes a staff account once; the account signs in with the role', async () => {
    const email = newEmail('invitee');
    const invited = await callEntry(shop, invitesApi.invite, { email: email.toUpperCase(), role: 'R_ADMIN', locale: 'zh-CN' }, owner);
    expect(invited.code, invited.msg).toBe('0000');
    expect(invited.data).toMatchObject({ email, role: 'R_ADMIN', locale: 'zh-CN', invitedBy: owner.email, sendCount: 1, expired: false });
    expect(new Date(invited.data.expiresAt).getTime() - new Date(invited.data.sentAt).getTime()).toBe(72 * HOUR);

    const { mail, token } = await inviteMail(email);
    expect(mail.subject).toContain('邀请');
    expect(mail.textBody).toContain(`${shop.config.publicSiteUrl}${shop.config.basePath}admin/invite?token=`);
    // Only the digest is kept.
    const [row] = await shop.database.db.select().from(staffInvites).where(eq(staffInvites.id, invited.data.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(await auditOf('staff.invite', invited.data.id))).not.toContain(token);
    expect((await auditOf('staff.invite', invited.data.id))[0]).toMatchObject({ actorId: owner.userId, after: { email, role: 'R_ADMIN' } });

    const pending = await callEntry(shop, invitesApi.pending, undefined, owner);
    expect(pending.data.map((invite: { email: string }) => invite.email)).toContain(email);

    const view = await publicCall(invitesApi.view, { token });
    expect(view.code, view.msg).toBe('0000');
    expect(view.data).toEqual({ email, shop: expect.any(String), role: 'R_ADMIN', expiresAt: invited.data.expiresAt, hasAccount: false });

    const accepted = await publicCall(invitesApi.accept, acceptBody(token));
    expect(accepted.code, accepted.msg).toBe('0000');
    expect(accepted.data).toEqual({ email });
    const [user] = await shop.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ roles: ['R_ADMIN'], firstName: 'Ines', lastName: 'Varga', locale: 'zh-CN' });
    expect((await auditOf('staff.invite.accept', invited.data.id))[0]).toMatchObject({ actorId: user!.id, after: { userId: user!.id, role: 'R_ADMIN', account: 'new' } });

    const signIn = await call(shop.app, accountsApi.login.path, { username: email, password: 'Zq8!vRt4' }, { ip: newIp() });
    expect(signIn.code, signIn.msg).toBe('0000');
    const info = await call(shop.app, accountsApi.userInfo.path, undefined, { method: 'GET', headers: { authorization: `Bearer ${signIn.data.token}` } });
    expect(info.data.roles).toContain('R_ADMIN');

    // Single use: the second accept, and a read, get the one dead-link answer.
    const again = await publicCall(invitesApi.accept, acceptBody(token, 'Other#pw9'));
    expect(again.code).toBe('1404');
    expect(again.msg).toMatch(/no longer works/);
    expect((await publicCall(invitesApi.view, { token })).code).toBe('1404');
    expect((await callEntry(shop, invitesApi.pending, undefined, owner)).data.map((invite: { email: string }) => invite.email)).not.toContain(email);
  });

  it('gives a custom role of the Roles screen; an unknown one is refused, and a role deleted before the accept gives nothing', async () => {
    const role = await callEntry<StaffRole>(shop, adminStaffApi.createRole, { name: `Packers ${newEmail('r').slice(0, 6)}`, description: '', codes: ['order:view', 'order:sheet'] }, owner);
    expect(role.code, role.msg).toBe('0000');
    const email = newEmail('packer');
    const invited = await callEntry(shop, invitesApi.invite, { email, role: role.data.key }, owner);
    expect(invited.code, invited.msg).toBe('0000');
    const accepted = await publicCall(invitesApi.accept, acceptBody((await inviteMail(email)).token));
    expect(accepted.code, accepted.msg).toBe('0000');
    const [user] = await shop.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.roles).toEqual([role.data.key]);

    const unknown = await callEntry(shop, invitesApi.invite, { email: newEmail('ghost'), role: 'C_999999' }, owner);
    expect(unknown).toMatchObject({ code: '1001', data: { issues: [{ path: 'body.role' }] } });

    const brief = await callEntry<StaffRole>(shop, adminStaffApi.createRole, { name: `Brief ${newEmail('r').slice(0, 6)}`, description: '', codes: ['order:view'] }, owner);
    const late = newEmail('late');
    expect((await callEntry(shop, invitesApi.invite, { email: late, role: brief.data.key }, owner)).code).toBe('0000');
    const { token } = await inviteMail(late);
    expect((await callEntry(shop, adminStaffApi.deleteRole, { key: brief.data.key }, owner)).code).toBe('0000');
    const refused = await publicCall(invitesApi.accept, acceptBody(token));
    expect(refused.code).toBe('1409');
    expect(await shop.database.db.select().from(users).where(eq(users.email, late))).toEqual([]);
  });

  it('refuses a bad password, a mismatched confirmation and a bad email, changing nothing', async () => {
    const bad = await callEntry(shop, invitesApi.invite, { email: 'not-an-email', role: 'R_ADMIN' }, owner);
    expect(bad.code).toBe('1001');
    const role = await callEntry(shop, invitesApi.invite, { email: newEmail('role'), role: 'R_CUSTOMER' }, owner);
    expect(role.code).toBe('1001');
    expect(role.msg).toContain('R_ADMIN, R_SUPER');

    const email = newEmail('weak');
    expect((await callEntry(shop, invitesApi.invite, { email, role: 'R_SUPER' }, owner)).code).toBe('0000');
    const { token } = await inviteMail(email);
    expect((await publicCall(invitesApi.accept, acceptBody(token, '123'))).code).toBe('1001');
    expect((await publicCall(invitesApi.accept, { ...acceptBody(token), confirmPassword: 'different1' })).code).toBe('1001');
    expect(await shop.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // The link still works after refused tries.
    expect((await publicCall(invitesApi.accept, acceptBody(token))).code).toBe('0000');
  });

  it('refuses staff already, and a second invite of a pending email (resend it instead)', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const taken = await callEntry(shop, invitesApi.invite, { email: staff.email, role: 'R_SUPER' }, owner);
    expect(taken.code).toBe('1409');
    expect(taken.msg).toMatch(/already a staff account/);
    const email = newEmail('twice');
    expect((await callEntry(shop, invitesApi.invite, { email, role: 'R_ADMIN' }, owner)).code).toBe('0000');
    const twice = await callEntry(shop, invitesApi.invite, { email, role: 'R_SUPER' }, owner);
    expect(twice.code).toBe('1409');
    expect(twice.msg).toMatch(/resend/);
  });
});

describe('expiry, resend and revoke', () => {
  it('a link is dead after 72 hours; a resend mails a new one for 72 hours more and kills the old', async () => {
    const email = newEmail('late');
    const invited = await callEntry(shop, invitesApi.invite, { email, role: 'R_ADMIN' }, owner);
    const { token: first } = await inviteMail(email);
    await later(72 * HOUR + 1000);
    expect((await publicCall(invitesApi.view, { token: first })).code).toBe('1404');
    expect((await publicCall(invitesApi.accept, acceptBody(first))).code).toBe('1404');
    const listed = (await callEntry(shop, invitesApi.pending, undefined, owner)).data.find((invite: { id: number }) => invite.id === invited.data.id);
    expect(listed.expired).toBe(true);

    const resent = await callEntry(shop, invitesApi.resend, { id: invited.data.id }, owner);
    expect(resent.code, resent.msg).toBe('0000');
    expect(resent.data).toMatchObject({ sendCount: 2, expired: false });
    const { token: second } = await inviteMail(email);
    expect(second).not.toBe(first);
    expect((await publicCall(invitesApi.view, { token: first })).code).toBe('1404');
    expect((await auditOf('staff.invite.resend', invited.data.id))[0]).toMatchObject({ actorId: owner.userId, after: { sendCount: 2 } });

    // A resend before expiry kills the live link as well.
    const third = (await callEntry(shop, invitesApi.resend, { id: invited.data.id }, owner)).data;
    expect(third.sendCount).toBe(3);
    expect((await publicCall(invitesApi.accept, acceptBody(second))).code).toBe('1404');
    const { token: latest } = await inviteMail(email);
    expect((await publicCall(invitesApi.accept, acceptBody(latest))).code).toBe('0000');
    // Accepted: no more resends.
    expect((await callEntry(shop, invitesApi.resend, { id: invited.data.id }, owner)).code).toBe('1404');
  });

  it('a revoked invite is gone from the list and its link is dead; revoking twice is refused', async () => {
    const email = newEmail('revoked');
    const invited = await callEntry(shop, invitesApi.invite, { email, role: 'R_ADMIN' }, owner);
    const { token } = await inviteMail(email);
    const revoked = await callEntry(shop, invitesApi.revoke, { id: invited.data.id }, owner);
    expect(revoked.code, revoked.msg).toBe('0000');
    expect((await publicCall(invitesApi.accept, acceptBody(token))).code).toBe('1404');
    expect((await callEntry(shop, invitesApi.pending, undefined, owner)).data.map((invite: { id: number }) => invite.id)).not.toContain(invited.data.id);
    expect((await auditOf('staff.invite.revoke', invited.data.id))[0]).toMatchObject({ actorId: owner.userId, before: { email, role: 'R_ADMIN' } });
    expect((await callEntry(shop, invitesApi.revoke, { id: invited.data.id }, owner)).code).toBe('1404');
    // The email may be invited again.
    expect((await callEntry(shop, invitesApi.invite, { email, role: 'R_ADMIN' }, owner)).code).toBe('0000');
  });
});

describe('an email with an account', () => {
  it('joins only with that account’s password: the link alone sets no password and gives no role', async () => {
    const customer = await staffAccount(shop);
    const invited = await callEntry(shop, invitesApi.invite, { email: customer.email, role: 'R_ADMIN' }, owner);
    expect(invited.code, invited.msg).toBe('0000');
    const { token } = await inviteMail(customer.email);
    expect((await publicCall(invitesApi.view, { token })).data.hasAccount).toBe(true);

    const takeover = await publicCall(invitesApi.accept, acceptBody(token));
    expect(takeover.code).toBe('1409');
    const wrong = await publicCall(invitesApi.join, { token, password: 'not-the-password' });
    expect(wrong.code).toBe('1401');
    const [before] = await shop.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(before!.roles).toEqual(['R_CUSTOMER']);

    const joined = await publicCall(invitesApi.join, { token, password: customer.password });
    expect(joined.code, joined.msg).toBe('0000');
    const [after] = await shop.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(after!.roles).toEqual(['R_CUSTOMER', 'R_ADMIN']);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await auditOf('staff.invite.accept', invited.data.id))[0]).toMatchObject({ before: { roles: ['R_CUSTOMER'] }, after: { account: 'existing' } });
    expect((await publicCall(invitesApi.join, { token, password: customer.password })).code).toBe('1404');
  });
});

describe('who may invite', () => {
  it('R_ADMIN is refused every invite call; nothing is written or mailed', async () => {
    const admin = await staffAccount(shop, 'R_ADMIN');
    const email = newEmail('by-admin');
    for (const [entry, body] of [
      [invitesApi.invite, { email, role: 'R_SUPER' }],
      [invitesApi.pending, undefined],
      [invitesApi.resend, { id: 1 }],
      [invitesApi.revoke, { id: 1 }],
    ] as const) {
      const answer = await callEntry(shop, entry, body, admin);
      expect(answer.code, entry.path).toBe('1403');
    }
    expect(await shop.database.db.select().from(staffInvites).where(eq(staffInvites.email, email))).toHaveLength(0);
    expect(await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(0);
  });

  it('throttles link reads per address', async () => {
    const ip = newIp();
    let last = '';
    for (let i = 0; i < 21; i += 1) last = (await call(shop.app, invitesApi.view.path, { token: 'x'.repeat(43) }, { ip })).code;
    expect(last).toBe('1429');
  });
});
