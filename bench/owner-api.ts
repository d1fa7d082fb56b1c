/**
 * The API in the bench's own process on a database the section made, with an owner signed in:
 * what the back-office sections (orders, products, catalogue import) time their requests against,
 * one at a time over HTTP as a person clicks.
 */
import { randomBytes } from 'node:crypto';
import { accountsApi } from '../src/domain/api/accounts.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { PasswordHasher } from '../src/server/modules/accounts/index.ts';
import { StaffDesk } from '../src/server/modules/staff/index.ts';

export interface Envelope {
  code: string;
  msg: string;
  data: any;
}

export interface OwnerApi {
  origin: string;
  /** The owner's access token. */
  token: string;
  /** A POST as the owner, its answer as it came (a CSV download is not an envelope). */
  send(path: string, body: unknown): Promise<Response>;
  /** A POST as the owner, its envelope. */
  post(path: string, body: unknown): Promise<Envelope>;
  close(): Promise<void>;
}

export async function ownerApi(database: Database, databaseUrl: string | null): Promise<OwnerApi> {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', PASSWORD_HASH_COST: '10', AUTH_SECRET: randomBytes(36).toString('base64url') }), databaseUrl, siteDir: null };
  const email = 'owner@bench.example';
  const password = 'Bench-Owner-1';
  await new StaffDesk(database.db).create({ id: null, email: 'bench' }, { email, password, role: 'R_SUPER' }, new PasswordHasher(10));
  const app = await buildApp({ config, database, logger: false });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const request = (path: string, body: unknown, token: string | null) =>
    fetch(`${origin}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  try {
    const login = (await (await request(accountsApi.login.path, { username: email, password }, null)).json()) as Envelope;
    if (login.code !== '0000') throw new Error(`sign-in failed: ${login.msg}`);
    const token = login.data.token as string;
    return {
      origin,
      token,
      send: (path, body) => request(path, body, token),
      post: async (path, body) => (await (await request(path, body, token)).json()) as Envelope,
      close: () => app.close(),
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
