/**
 * What the e2e server and the journeys agree on (playwright.config.ts starts the server through
 * `server.ts` with these). Paths are absolute, from this file, so any working directory works.
 */
import { fileURLToPath } from 'node:url';

/** The e2e server's data folder, emptied at every start (a fresh database per run). */
export const E2E_DATA_DIR = fileURLToPath(new URL('../../../.data/e2e/', import.meta.url));

/** Where `server.ts` writes each mail the shop sends, one JSON file per message (see mail.ts). */
export const E2E_MAIL_DIR = fileURLToPath(new URL('../../../.data/e2e/mail/', import.meta.url));

/**
 * The e2e server's token signing key, known to the journeys so one can make a genuine access
 * token that has already expired (the refresh-once journey). Test-only: production requires its
 * own AUTH_SECRET.
 */
export const E2E_AUTH_SECRET = 'e2e-only-signing-key-0123456789abcdefghijklmnop';

/**
 * The shop owner the back-office journeys sign in as, made by the admin command
 * (`npm run admin -- create ... --role R_SUPER`, password on standard input) when `server.ts`
 * starts, as a fresh shop's owner is (issue 16).
 */
export const E2E_OWNER = { email: 'owner@e2e.jersey-shop.example', password: 'Kit-Owner-42', firstName: 'Olive', lastName: 'Owner' } as const;

/** Mail to addresses starting with this is refused once by the e2e server's SMTP receiver (the outbox journey). */
export const REFUSED_ONCE_PREFIX = 'refused-once.';
