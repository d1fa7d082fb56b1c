/**
 * The e2e web server (playwright.config.ts `webServer`): the shop as `npm start` runs it, on a
 * fresh embedded database, sending its mail over real SMTP to a test receiver.
 *
 * - Empties `.data/e2e/` (the database and the mail of the last run).
 * - Starts an SMTP receiver (smtp-server, tests/support/mail-receiver.ts) on a free port
 *   of 127.0.0.1 and gives the shop its address in `SMTP_URL`.
 * - Writes every message received to `.data/e2e/mail/<n>.json` as `{to, subject, text, html,
 *   attachments, receivedAt}`, attachments' bytes in base64 (written under a temporary name, then
 *   renamed, so a reader never sees half a file). Journeys read them with `waitForMail` from
 *   `mail.ts`; they see every worker's mail, so match on the recipient (each journey uses its own
 *   address).
 * - Makes the back-office journeys' owner (E2E_OWNER) with the admin command, as a fresh shop's
 *   owner is made, before the shop holds the embedded database; the demo staff are seeded first,
 *   since the shop seeds them only while nobody holds a staff role.
 * - Runs `src/server/commands/start.ts` with the environment Playwright gave (PORT, DATA_DIR, ...) and
 *   exits with it; SIGINT and SIGTERM are passed on.
 */
import { spawn } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailReceiver } from '../../support/mail-receiver.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { seedDemoStaff } from '../../../src/server/modules/staff/index.ts';
import { E2E_DATA_DIR, E2E_MAIL_DIR, E2E_OWNER, REFUSED_ONCE_PREFIX } from './env.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

await rm(E2E_DATA_DIR, { recursive: true, force: true });
await mkdir(E2E_MAIL_DIR, { recursive: true });

let received = 0;
const receiver = await startMailReceiver({
  // The outbox journey's shoppers (admin-mail.spec.ts): their first mail is refused for good, so staff send it again.
  refuseOnce: (address) => address.startsWith(REFUSED_ONCE_PREFIX),
  onMessage: async (mail) => {
    const name = String(++received).padStart(6, '0');
    const file = path.join(E2E_MAIL_DIR, `${name}.json`);
    const attachments = mail.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, base64: content.toString('base64') }));
    await writeFile(`${file}.part`, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments, receivedAt: Date.now() }));
    await rename(`${file}.part`, file);
  },
});
process.stdout.write(`[e2e] mail receiver at ${receiver.url}, messages in ${path.relative(ROOT, E2E_MAIL_DIR)}\n`);

{
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
  await seedDemoStaff(database.db, { production: false, hashCost: config.passwordHashCost });
  await database.close();
}
await new Promise<void>((resolve, reject) => {
  const { email, password, firstName, lastName } = E2E_OWNER;
  const command = spawn(process.execPath, [path.join(ROOT, 'scripts/admin.ts'), 'create', '--email', email, '--role', 'R_SUPER', '--first-name', firstName, '--last-name', lastName], {
    cwd: ROOT,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: process.env,
  });
  command.stdin.end(`${password}\n`);
  command.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the admin command exited with ${code}`))));
});

const shop = spawn(process.execPath, [path.join(ROOT, 'src/server/commands/start.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: receiver.url },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shop.kill(signal));
shop.on('exit', (code, signal) => {
  void receiver.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
