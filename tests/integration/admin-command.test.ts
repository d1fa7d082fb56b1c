/**
 * The admin command (`npm run admin`, scripts/admin.ts) run as an operator would, on the shop's
 * database (PGlite in DATA_DIR, or PostgreSQL by DATABASE_URL), the password on standard input.
 * The account it makes signs in with its role; the password is never printed; bad input is a clear
 * message, a non-zero exit and no change. A few runs are child processes (the script, its exit
 * code, a piped password); the others call the same entry in this process, since each Node start
 * costs seconds.
 */
import { PassThrough, Readable } from 'node:stream';
import path from 'node:path';
import { and, eq, notLike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { runAdminCommand } from '../../src/server/commands/admin.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { auditLog, users } from '../../src/server/db/schema.ts';
import { commandDatabase, runScript, type CommandRun } from './command-support.ts';
import { call, type TestShop } from './harness.ts';

const PASSWORD = 'Jersey-Boss-9';
/** Each run starts Node and opens the database: seconds each, minutes on a busy machine. */
const SLOW = { timeout: 600_000 };

/** On PostgreSQL the shop runs beside the command; on PGlite the command holds the folder, so the shop opens after it. */
const db = commandDatabase('shop-admin-');

/** `npm run admin -- ...args` with `stdin` piped in, in a child process. */
const adminProcess = (args: string[], stdin = ''): Promise<CommandRun> => runScript(path.join('scripts', 'admin.ts'), args, db.env(), stdin);

/** The same command through its entry in this process. */
async function admin(args: string[], stdin = ''): Promise<CommandRun> {
  const text = (stream: PassThrough) => {
    let collected = '';
    stream.on('data', (chunk) => (collected += chunk));
    return () => collected;
  };
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const [out, err] = [text(stdout), text(stderr)];
  const input = Readable.from(stdin ? [stdin] : []) as unknown as NodeJS.ReadStream;
  const code = await runAdminCommand(args, { stdin: input, stdout, stderr, env: db.env() });
  return { code, stdout: out(), stderr: err() };
}

/** The shop over the command's database, for signing in; closed by the caller. */
async function openShop(): Promise<{ app: TestShop['app']; database: Database; close(): Promise<void> }> {
  if (db.pgShop) return { app: db.pgShop.app, database: db.pgShop.database, close: async () => {} };
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', PASSWORD_HASH_COST: '10' }), databaseUrl: null, siteDir: null, dataDir: db.dataDir, outboxDir: path.join(db.dataDir, 'outbox') };
  const database = await openDatabase({ databaseUrl: null, dataDir: db.dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('npm run admin', () => {
  it('creates an R_SUPER and an R_ADMIN from passwords on standard input; grants, revokes, disables, enables and lists, each audited', SLOW, async () => {
    const created = await adminProcess(['create', '--email', 'Owner@Example.com', '--role', 'R_SUPER', '--first-name', 'Olive'], `${PASSWORD}\n`);
    expect(created, created.stderr).toMatchObject({ code: 0 });
    expect(created.stdout).toMatch(/^created #\d+ {2}owner@example\.com {2}R_SUPER {2}active {2}Olive\n$/);
    expect((await admin(['create', '--email', 'helper@example.com', '--role', 'R_ADMIN'], `${PASSWORD}\n`)).code).toBe(0);
    expect((await admin(['grant', '--email', 'helper@example.com', '--role', 'R_SUPER'])).stdout).toContain('granted: ');
    expect((await admin(['revoke', '--email', 'helper@example.com', '--role', 'R_SUPER'])).stdout).toMatch(/revoked: #\d+ {2}helper@example\.com {2}R_ADMIN {2}active/);
    expect((await admin(['disable', '--email', 'helper@example.com'])).stdout).toContain('disabled: ');
    const listed = await adminProcess(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/owner@example\.com {2}R_SUPER {2}active[\s\S]*helper@example\.com {2}R_ADMIN {2}disabled/);

    let shop = await openShop();
    try {
      expect((await call(shop.app, accountsApi.login.path, { username: 'helper@example.com', password: PASSWORD })).code).toBe('1403');
    } finally {
      await shop.close();
    }
    expect((await admin(['enable', '--email', 'helper@example.com'])).code).toBe(0);

    shop = await openShop();
    try {
      for (const [email, roles] of [
        ['owner@example.com', ['R_SUPER']],
        ['helper@example.com', ['R_ADMIN']],
      ] as const) {
        const login = await call<{ token: string }>(shop.app, accountsApi.login.path, { username: email, password: PASSWORD });
        expect(login.code, login.msg).toBe('0000');
        const info = await call<{ roles: string[] }>(shop.app, accountsApi.userInfo.path, undefined, { method: 'GET', headers: { authorization: `Bearer ${login.data.token}` } });
        expect(info.data.roles).toEqual(roles);
      }
      const [helper] = await shop.database.db.select().from(users).where(eq(users.email, 'helper@example.com'));
      // The writes' rows (the disabled account's refused sign-in above is an `access.*` row of its own).
      const audit = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(helper!.id)), notLike(auditLog.action, 'access.%'))).orderBy(auditLog.id);
      expect(audit.map((row) => [row.action, row.actorId, row.actorEmail.startsWith('cli:')])).toEqual([
        ['staff.create', null, true],
        ['staff.grant', null, true],
        ['staff.revoke', null, true],
        ['staff.status', null, true],
        ['staff.status', null, true],
      ]);
      expect(JSON.stringify(await shop.database.db.select().from(auditLog))).not.toContain(PASSWORD);
    } finally {
      await shop.close();
    }
  });

  it('never prints the password, and refuses bad input with a message, a non-zero exit and no change', SLOW, async () => {
    const cases: [string[], string, RegExp][] = [
      [['create', '--email', 'not-an-email', '--role', 'R_SUPER'], `${PASSWORD}\n`, /--email: "not-an-email" is not an email address/],
      [['create', '--email', 'second@example.com', '--role', 'R_GOD'], `${PASSWORD}\n`, /--role must be one of R_ADMIN, R_SUPER|--role must be one of R_SUPER, R_ADMIN/],
      [['create', '--email', 'second@example.com', '--role', 'R_SUPER'], 'abc\n', /password refused: /],
      [['create', '--email', 'second@example.com', '--role', 'R_SUPER'], '', /password refused: /],
      [['create', '--email', 'owner@example.com', '--role', 'R_ADMIN'], `${PASSWORD}\n`, /already has an account/],
      [['grant', '--email', 'nobody@example.com', '--role', 'R_ADMIN'], '', /User not found/],
      [['revoke', '--email', 'owner@example.com', '--role', 'R_SUPER'], '', /at least one active R_SUPER/],
      [['disable', '--email', 'owner@example.com'], '', /at least one active R_SUPER/],
      [['promote', '--email', 'owner@example.com'], '', /unknown command "promote"/],
      [['create', '--email', 'second@example.com', '--role', 'R_SUPER', '--colour', 'red'], `${PASSWORD}\n`, /Unknown option '--colour'/],
    ];
    for (const [index, [args, stdin, message]] of cases.entries()) {
      // One bad usage and one refusal by the shop as the operator meets them: the process's exit code.
      const run = index === 0 || index === 6 ? await adminProcess(args, stdin) : await admin(args, stdin);
      // 2: the operator's mistake, found before the database is opened; 1: refused by the shop.
      expect(run.code, args.join(' ')).toBe(index < 4 || index >= 8 ? 2 : 1);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    }
    const shop = await openShop();
    try {
      const rows = await shop.database.db.select({ email: users.email, roles: users.roles, status: users.status }).from(users);
      expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
        { email: 'helper@example.com', roles: ['R_ADMIN'], status: 'active' },
        { email: 'owner@example.com', roles: ['R_SUPER'], status: 'active' },
      ]);
    } finally {
      await shop.close();
    }
  });
});
