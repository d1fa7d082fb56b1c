/** Accounts: users, their sessions and refresh tokens, mailed codes (reset, sign-in), address book and throttle counters. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACCOUNT_STATUSES, MAIL_CODE_PURPOSES } from '../../../domain/account.model.ts';
import { at, createdAt, keyedTable, parentId, personName, timestamps } from '../../db/columns.ts';
import { countries } from '../geo/schema.ts';
import { trigramIndex } from '../../db/like.ts';

export const users = keyedTable(
  'users',
  {
    /** Trimmed and lower-cased (domain normaliseEmail): one mailbox, one account. */
    email: text('email').notNull(),
    /** "scrypt$<log2 N>$<r>$<p>$<salt>$<hash>" (passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    ...personName(),
    gender: text('gender', { enum: ['secrecy', 'male', 'female'] }).notNull().default('secrecy'),
    birthday: date('birthday', { mode: 'string' }),
    roles: text('roles').array().notNull().default(sql`'{R_CUSTOMER}'::text[]`),
    /** Permission codes an owner gave this staff member beyond their role (domain GRANTABLE_PERMISSIONS). */
    grants: text('grants').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    /** The shopper's choice to have the email changed on unpaid orders too; read by the order service. */
    updateOrderEmail: boolean('update_order_email').notNull().default(false),
    /** The language they registered in, for mail that does not answer a request of theirs. */
    locale: text('locale').notNull().default('en-US'),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    /** The latest sign-in; null before the first, which mails no "new device" notice (sessions.ts). */
    lastSignInAt: at('last_sign_in_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    // The back office's customer search is by prefix (backoffice/customer-desk.ts), so these answer it.
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_name_prefix_idx').using('btree', sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`),
    index('users_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    // The global search (backoffice/search.ts) finds any part of an email or a name.
    trigramIndex('users_email_trgm_idx', sql`lower(${t.email})`),
    trigramIndex('users_name_trgm_idx', sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    check('users_gender_ck', sql`${t.gender} in ('secrecy', 'male', 'female')`),
    check('users_status_ck', sql`${t.status} in ('active', 'disabled')`),
  ],
);

/**
 * A signed-in session: one per login, and one refresh-token family. Access tokens name it (sid),
 * so revoking it ends the session's access and refresh tokens together.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** 128 random bits, base64url. */
    id: text('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    createdAt: createdAt(),
    refreshedAt: at('refreshed_at').notNull().defaultNow(),
    /** Moved at most once a minute (SessionService.authenticate), so it costs no write per request. */
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    /** What a person recognises, from the sign-in's User-Agent (device.ts): '' when unknown. */
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    /** The sign-in's client address as the request saw it (TRUST_PROXY respected). */
    ip: text('ip').notNull().default(''),
    /** When the newest refresh token expires; the session is dead after it. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** logout, refresh-reuse, password-reset, password-change, account-disabled, role-revoked, two-factor-reset, ended-by-owner */
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Every refresh token a session was given. Only the newest is unused; presenting a used one again
 * means it was copied, and the whole session is revoked. Stored as SHA-256 digests: the tokens are
 * 256 random bits, so a slow hash would add nothing.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * The one live mailed code of a user per purpose (a password reset, a sign-in): a new request
 * replaces it; deleted once used.
 */
export const mailCodes = pgTable(
  'mail_codes',
  {
    userId: parentId('user_id', () => users.id),
    /** What the code proves the mailbox for (domain MAIL_CODE_PURPOSES); a code works for nothing else. */
    purpose: text('purpose', { enum: MAIL_CODE_PURPOSES }).notNull(),
    /** The address the code was sent to: it works only with that email. */
    email: text('email').notNull(),
    /** HMAC-SHA256 of purpose, user, email and code under AUTH_SECRET. */
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Tries made, right or wrong; the code is dead at five. */
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.purpose] }),
    uniqueIndex('mail_codes_email_purpose_uq').on(t.email, t.purpose),
    check('mail_codes_purpose_ck', sql`${t.purpose} in ('reset-password', 'login')`),
  ],
);

export const addresses = keyedTable(
  'addresses',
  {
    userId: parentId('user_id', () => users.id),
    ...personName(),
    company: text('company').notNull().default(''),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** A state code for countries with states, else free text (possibly empty). */
    province: text('province').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    phoneCode: text('phone_code').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * Fixed-window counters for throttling sign-in, code sending and code checking. In the database
 * so every instance sees the same counts (a shared store such as Redis could replace it later). Keys are digests, not emails.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

/** Custom staff roles (docs/back-office.md "Roles and permission codes"): the owner's named sets of permission codes, which users.roles names by key. */
export const staffRoles = keyedTable(
  'staff_roles',
  {
    /** What users.roles holds: `C_<id>`, made by the database so it can never be a built-in role's key. */
    key: text('key')
      .notNull()
      .generatedAlwaysAs(sql`'C_' || id`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Permission codes (domain CUSTOM_ROLE_PERMISSIONS), checked by the desk. */
    codes: text('codes').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [uniqueIndex('staff_roles_key_uq').on(t.key), uniqueIndex('staff_roles_name_uq').on(sql`lower(${t.name})`), check('staff_roles_name_ck', sql`length(${t.name}) between 1 and 60`)],
);
