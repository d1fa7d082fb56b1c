/**
 * What the server writes down. Logs never hold passwords, tokens or reset codes
 * (docs/accounts-and-security.md, threat 35), even at trace level; without SMTP, mail lands in
 * DATA_DIR/outbox where a developer reads the code, and the log names the file, not the code.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestShop, newEmail, newIp, type TestShop } from './harness.ts';

let shop: TestShop;
const lines: string[] = [];

beforeAll(async () => {
  shop = await createTestShop({ logLevel: 'trace', smtpUrl: null }, { seed: false, logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => shop?.close());

async function outboxText(email: string): Promise<string[]> {
  await shop.app.outbox.drain();
  const files = (await readdir(shop.config.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.txt')).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(shop.config.outboxDir, f), 'utf8')));
  return texts.filter((t) => t.startsWith(`To: ${email}\n`));
}

describe('logs and the outbox', () => {
  it('keep every secret of a whole account journey out of the log, and the code in the outbox', async () => {
    const email = newEmail();
    const secrets: string[] = [];
    const keep = (...values: string[]) => secrets.push(...values);
    const ip = newIp();

    const first = 'Fl4g-Orange-1';
    keep(first);
    expect((await call(shop.app, '/demo/ironUser/registerUser', { firstName: 'Ada', lastName: 'Lovelace', email, password: first }, { ip })).code).toBe('0000');
    const wrong = 'Wr0ng-Guess-9';
    keep(wrong);
    expect((await call(shop.app, '/demo/permissionAuth/doLogin', { username: email, password: wrong }, { ip })).code).toBe('1401');
    // A refused body must not be logged either.
    const tooShort = 'Zq9x!';
    keep(tooShort);
    expect((await call(shop.app, '/demo/ironUser/registerUser', { firstName: 'A', lastName: 'B', email: newEmail(), password: tooShort }, { ip })).code).toBe('1001');

    const login = await call(shop.app, '/demo/permissionAuth/doLogin', { username: email, password: first }, { ip });
    keep(login.data.token, login.data.refreshToken);
    const refreshed = await call(shop.app, '/auth/refreshToken', { refreshToken: login.data.refreshToken });
    keep(refreshed.data.token, refreshed.data.refreshToken);
    const replay = await call(shop.app, '/auth/refreshToken', { refreshToken: login.data.refreshToken });
    expect(replay.code).toBe('8889');

    expect((await call(shop.app, '/demo/mail/sendVerificationCode', { email }, { ip })).code).toBe('0000');
    const mail = (await outboxText(email)).find((text) => text.includes('Subject: Your verification code'));
    // Read after the sentence: the To: line's address may hold six digits too.
    const code = /reset your password is: (\d{6})\n/.exec(mail ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    keep(code!);
    const second = 'Bl4ck-Kit-22';
    keep(second);
    expect((await call(shop.app, '/demo/ironUser/resetPassword', { email, code, password: second, confirmPassword: second }, { ip })).code).toBe('0000');

    const again = await call(shop.app, '/demo/permissionAuth/doLogin', { username: email, password: second }, { ip });
    keep(again.data.token, again.data.refreshToken);
    const third = 'Wh1te-Away-33';
    keep(third);
    expect((await call(shop.app, '/demo/ironUser/updatePwd', { password: third, confirmPassword: third }, bearer(again.data.token))).code).toBe('0000');
    expect((await call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...bearer(again.data.token) })).code).toBe('0000');
    await call(shop.app, '/demo/permissionAuth/logout', { refreshToken: again.data.refreshToken }, bearer(again.data.token));
    await shop.app.outbox.drain();

    const log = lines.join('');
    // The capture works: requests and the outbox are logged...
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/demo/permissionAuth/doLogin');
    expect(log).toContain('mail written to the outbox');
    expect(log).toContain(shop.config.outboxDir);
    // ...and nothing secret is.
    for (const secret of secrets) expect(log.includes(secret), `log holds ${secret.slice(0, 12)}...`).toBe(false);
  });

  it('writes each message as .eml (text and HTML) and a readable .txt', async () => {
    const email = newEmail('outbox');
    await call(shop.app, '/demo/ironUser/registerUser', { firstName: 'Grace', lastName: 'Hopper', email, password: 'Fl4g-Orange-1' }, { ip: newIp() });
    const [text] = await outboxText(email);
    expect(text).toContain('Subject: Welcome to the shop');
    expect(text).toContain('Hello Grace');
    const files = await readdir(shop.config.outboxDir);
    const emls = await Promise.all(files.filter((f) => f.endsWith('.eml')).map((f) => readFile(path.join(shop.config.outboxDir, f), 'utf8')));
    const eml = emls.find((m) => m.includes(`To: ${email}`));
    expect(eml).toBeDefined();
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    for (const name of files) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.(eml|txt)$/);
  });
});
