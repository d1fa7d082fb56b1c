/**
 * `npm run admin -- <command>`: staff accounts from the server's shell, for a fresh shop that has
 * nobody to sign in to the back office yet (docs/back-office.md "The admin command").
 *
 *   create  --email E --role R_SUPER|R_ADMIN [--first-name F] [--last-name L]
 *   grant   --email E --role R        revoke --email E --role R   (R: a built-in role, or a custom role's key C_<id>)
 *   disable --email E                 enable --email E
 *   list
 *
 * The password of `create` is asked on the terminal without echo (twice), or read from the first
 * line of standard input when that is not a terminal (`printf '%s\n' "$PW" | npm run admin -- create ...`).
 * It is never printed, logged or written anywhere but as its scrypt hash. Each change is audited
 * like the back office's, by `cli:<operating-system user>`. Opens the same database the shop
 * does (DATABASE_URL, else PGlite in DATA_DIR, which the running shop holds: stop it first).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ROLE_VALUES, type Role } from '../../domain/account.model.ts';
import { emailSchema, newPasswordSchema } from '../../domain/account.schema.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { isCustomRole, type StaffMember } from '../../domain/back-office/staff.model.ts';

export const COMMANDS = ['create', 'grant', 'revoke', 'disable', 'enable', 'list'] as const;
type Command = (typeof COMMANDS)[number];

export interface CommandIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** A refusal to explain to the operator; exits with 2 (usage) or 1 (refused by the shop). */
export class CommandError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}

const USAGE = `usage: npm run admin -- <command> [options]
  create  --email <email> --role <R_SUPER|R_ADMIN> [--first-name <name>] [--last-name <name>]
          (the password is asked without echo, or read from standard input)
  grant   --email <email> --role <role>    (R_SUPER, R_ADMIN, R_CUSTOMER or a custom role's key, C_<id>)
  revoke  --email <email> --role <role>
  disable --email <email>
  enable  --email <email>
  list`;

function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || !(COMMANDS as readonly string[]).includes(command)) throw new CommandError(`${command ? `unknown command "${command}"\n` : ''}${USAGE}`);
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, role: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${USAGE}`);
  }
  return { command: command as Command, values };
}

function requireEmail(value: string | undefined): string {
  if (!value) throw new CommandError('--email is required');
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw new CommandError(`--email: "${value}" is not an email address`);
  return parsed.data;
}

/** A built-in role; for grant and revoke also a custom role's key (the desk checks it exists). */
function requireRole(value: string | undefined, create: boolean): string {
  const allowed = create ? ROLE_VALUES.filter((role) => role !== 'R_CUSTOMER') : ROLE_VALUES;
  if (value && !create && isCustomRole(value)) return value;
  if (!value || !(allowed as string[]).includes(value)) throw new CommandError(`--role must be one of ${allowed.join(', ')}${create ? '' : ', or a custom role key (C_<id>)'}`);
  return value;
}

/** Reads a line from a terminal without showing it; Ctrl+C aborts. */
function readHidden(io: CommandIo, prompt: string): Promise<string> {
  const stdin = io.stdin;
  io.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error: Error | null) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done(null);
        if (char === '\u0003') return done(new CommandError('cancelled', 130));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of standard input (a pipe or a file): the password of a scripted create. */
async function readFirstLine(stdin: NodeJS.ReadStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function askPassword(io: CommandIo): Promise<string> {
  let password: string;
  if (io.stdin.isTTY) {
    password = await readHidden(io, 'Password (6-15 characters): ');
    if ((await readHidden(io, 'Password again: ')) !== password) throw new CommandError('the two passwords differ');
  } else password = await readFirstLine(io.stdin);
  const checked = newPasswordSchema().safeParse(password);
  // The schema's message names the rule, never the password.
  if (!checked.success) throw new CommandError(`password refused: ${checked.error.issues[0]?.message ?? 'invalid'}`);
  return checked.data;
}

function describe(member: StaffMember): string {
  return `#${member.userId}  ${member.email}  ${member.roles.join(',') || '(no role)'}  ${member.status}${member.name ? `  ${member.name}` : ''}`;
}

export async function runAdminCommand(argv: string[], io: CommandIo): Promise<number> {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  try {
    const { command, values } = parse(argv);
    // Inputs are checked before the database is opened or the password asked.
    const email = command === 'list' ? '' : requireEmail(values.email);
    const role = command === 'create' || command === 'grant' || command === 'revoke' ? requireRole(values.role, command === 'create') : null;
    const config = loadConfig(io.env);
    const password = command === 'create' ? await askPassword(io) : null;
    // The database and the services load only now, so a usage mistake is answered at once
    // rather than after seconds of module loading.
    const [{ openDatabase }, { acquireDataLock }, { PasswordHasher }, { StaffDesk }] = await Promise.all([
      import('../db/client.ts'),
      import('../db/lock.ts'),
      import('../modules/accounts/index.ts'),
      import('../modules/staff/index.ts'),
    ]);
    const release = config.databaseUrl ? async () => {} : await acquireDataLock(config.dataDir).catch((error: Error) => Promise.reject(new CommandError(error.message, 1)));
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const staff = new StaffDesk(database.db);
      const actor = { id: null, email: `cli:${os.userInfo().username}` };
      switch (command) {
        case 'list': {
          const all = await staff.all();
          if (all.length === 0) say('no staff accounts yet: npm run admin -- create --email <email> --role R_SUPER');
          for (const member of all) say(describe(member));
          break;
        }
        case 'create':
          say(`created ${describe(await staff.create(actor, { email, password: password!, role: role as Role, ...(values['first-name'] ? { firstName: values['first-name'] } : {}), ...(values['last-name'] ? { lastName: values['last-name'] } : {}) }, new PasswordHasher(config.passwordHashCost)))}`);
          break;
        case 'grant':
          say(`granted: ${describe(await staff.grant(actor, email, role!))}`);
          break;
        case 'revoke':
          say(`revoked: ${describe(await staff.revoke(actor, email, role!))}`);
          break;
        case 'disable':
        case 'enable': {
          const member = await staff.byEmail(email);
          say(`${command}d: ${describe(await staff.setStatus(actor, member.userId, command === 'disable' ? 'disabled' : 'active'))}`);
          break;
        }
      }
    } finally {
      await database.close();
      await release();
    }
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      io.stderr.write(`admin: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`admin: ${error.message}\n`);
      return 2;
    }
    // The shop's own refusals (no such user, the last R_SUPER...) in plain English.
    if (error instanceof AppError) {
      io.stderr.write(`admin: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
