/**
 * API tokens for other systems (docs/accounts-and-security.md "API tokens"): an owner makes one
 * with chosen codes and an expiry, sees its secret once, and may revoke it; the guards check a
 * token by its hash in one indexed read, and every call made with one writes an audit row.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { CODES, SESSION_CODES } from '../../../domain/api/envelope.ts';
import { ROLES } from '../../../domain/account.model.ts';
import { API_TOKEN_PREFIX, type ApiToken, type NewApiToken } from '../../../domain/back-office/api-tokens.ts';
import type { Permission, StaffCaller } from '../../../domain/back-office/staff.model.ts';
import { DAY_MS, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { fail, notFound, sessionFailure } from '../../errors.ts';
import type { Actor, AuthUser } from '../../http/caller.ts';
import { tokenDigest, users } from '../accounts/index.ts';
import { auditLog, type AuditLog } from '../audit/index.ts';
import { apiTokens } from './schema.ts';

export const API_TOKEN_ACTIONS = { create: 'apiToken.create', revoke: 'apiToken.revoke', use: 'token.use' } as const;

/** 256 random bits after the prefix. */
function newSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** How the audit log names a token's calls and writes: the token, and the owner it acts for. */
function tokenLabel(name: string, ownerEmail: string): string {
  return `token "${name}" (by ${ownerEmail})`;
}

// A machine gets 8888 whatever the cause, never 9999 ("refresh and retry", meant for the browser): its token will not come back.
const refused = (id: 'apiToken.unknown' | 'apiToken.revoked' | 'apiToken.expired' | 'apiToken.ownerGone') => sessionFailure(SESSION_CODES.INVALID_TOKEN, id);

type Row = typeof apiTokens.$inferSelect;

function statusOf(row: Pick<Row, 'revokedAt' | 'expiresAt'>, now: Date): ApiToken['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

function view(row: Row, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    codes: row.codes,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

export interface ApiTokenDeps {
  db: Db;
  audit: AuditLog;
  clock: Clock;
}

export class ApiTokenService {
  private readonly d: ApiTokenDeps;

  constructor(deps: ApiTokenDeps) {
    this.d = deps;
  }

  /** Every token, newest first: a shop has a handful. */
  async list(): Promise<ApiToken[]> {
    const rows = await this.d.db.select().from(apiTokens).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    const now = this.d.clock();
    return rows.map((row) => view(row, now));
  }

  /** A new token holding `codes` (never more than its maker holds) for `days`; its secret is answered here only. */
  async create(staff: StaffCaller, input: { name: string; codes: Permission[]; days: number }): Promise<NewApiToken> {
    if (input.codes.some((code) => !staff.codes.includes(code))) throw fail(CODES.FORBIDDEN, 'apiToken.codesNotHeld');
    const secret = newSecret();
    const now = this.d.clock();
    const codes = [...new Set(input.codes)];
    const row = await this.d.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(apiTokens)
        .values({ name: input.name, codes, tokenHash: tokenDigest(secret), createdById: staff.actor.id, createdByEmail: staff.actor.email, createdAt: now, expiresAt: new Date(now.getTime() + input.days * DAY_MS) })
        .returning();
      await this.d.audit.record(tx, { actor: staff.actor, action: API_TOKEN_ACTIONS.create, entity: 'api_token', entityId: made!.id, after: { name: made!.name, codes, expiresAt: made!.expiresAt.toISOString() } });
      return made!;
    });
    return { token: view(row, now), secret };
  }

  /** Refused from its next call on; revoking a revoked token changes nothing and writes no row. */
  async revoke(actor: Actor, id: number): Promise<ApiToken> {
    const now = this.d.clock();
    return this.d.db.transaction(async (tx) => {
      const [row] = await tx.select().from(apiTokens).where(eq(apiTokens.id, id)).for('update');
      if (!row) throw notFound('apiToken');
      if (row.revokedAt) return view(row, now);
      const [revoked] = await tx.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id)).returning();
      await this.d.audit.record(tx, { actor, action: API_TOKEN_ACTIONS.revoke, entity: 'api_token', entityId: id, before: { name: row.name, status: statusOf(row, now) }, after: { status: 'revoked' } });
      return view(revoked!, now);
    });
  }

  /**
   * The caller a token's secret names: one read by its hash (with its owner's account). Refused
   * when unknown, revoked, expired, or when its owner is disabled, gone or no longer R_SUPER.
   */
  async authenticate(secret: string): Promise<AuthUser> {
    const [row] = await this.d.db
      .select({ id: apiTokens.id, name: apiTokens.name, codes: apiTokens.codes, expiresAt: apiTokens.expiresAt, revokedAt: apiTokens.revokedAt, ownerId: users.id, ownerEmail: users.email, ownerStatus: users.status, ownerRoles: users.roles })
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.createdById))
      .where(eq(apiTokens.tokenHash, tokenDigest(secret)));
    if (!row) throw refused('apiToken.unknown');
    if (row.revokedAt) throw refused('apiToken.revoked');
    if (row.expiresAt <= this.d.clock()) throw refused('apiToken.expired');
    if (row.ownerId === null || row.ownerStatus !== 'active' || !row.ownerRoles?.includes(ROLES.SUPER)) throw refused('apiToken.ownerGone');
    return {
      userId: row.ownerId,
      sessionId: `token:${row.id}`,
      roles: [],
      grants: [],
      codes: row.codes,
      email: tokenLabel(row.name, row.ownerEmail!),
      apiToken: { id: row.id, name: row.name },
    };
  }

  /**
   * One audit row per call made with a token (route, method, status), and the token's last use, in
   * one statement: a call costs one round trip more, and the log answers "what did this token do".
   */
  async recordUse(user: AuthUser & { apiToken: { id: number } }, call: { method: string; route: string; status: number }): Promise<void> {
    const after = JSON.stringify(call);
    await this.d.db.execute(sql`
      with used as (update ${apiTokens} set last_used_at = ${this.d.clock().toISOString()}::timestamptz where id = ${user.apiToken.id})
      insert into ${auditLog} (actor_id, actor_email, action, entity, entity_id, after)
      values (${user.userId}::int, ${user.email}, ${API_TOKEN_ACTIONS.use}, 'api_token', ${String(user.apiToken.id)}, ${after}::jsonb)`);
  }
}
