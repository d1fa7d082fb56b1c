/**
 * Accounts: the users table. Credentials are checked in AuthService; this service reads and
 * writes the rows and shapes what the API answers about a user.
 */
import { and, eq, ne } from 'drizzle-orm';
import { birthdayFromIso, type Gender, type Profile, type UserInfo } from '../../../domain/account.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { Permission } from '../../../domain/back-office/staff.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from './schema.ts';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  locale: Locale;
}

/**
 * What accounts needs of the orders module (a port, wired by app.ts, so that accounts does not
 * import orders): the account's unpaid orders take a new email, in the caller's transaction.
 */
export interface UnpaidOrders {
  updateEmail(tx: Tx, userId: number, email: string, at: Date): Promise<unknown>;
}

export interface ProfileChanges {
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthday: string;
  updateOrderEmail: boolean;
}

/** Postgres unique_violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export class UserService {
  private readonly db: Db;
  private readonly unpaidOrders: UnpaidOrders;

  constructor(db: Db, unpaidOrders: UnpaidOrders) {
    this.db = db;
    this.unpaidOrders = unpaidOrders;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row ?? null;
  }

  async get(id: number): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  /** Creates the account, or returns null when the email already has one. */
  async createIfAbsent(user: NewUser): Promise<number | null> {
    const [row] = await this.db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
    return row?.id ?? null;
  }

  async setPasswordHash(userId: number, passwordHash: string, at: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, passwordChangedAt: at, updatedAt: at }).where(eq(users.id, userId));
  }

  /** Replaces the hash of the same password (made at a new cost); not a password change. */
  async rehash(userId: number, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async isEmailTaken(email: string, exceptUserId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, exceptUserId)));
    return Boolean(row);
  }

  /**
   * Saves the profile; false when the new email was taken in the meantime. With
   * `updateOrderEmail`, the account's unpaid orders take the (new) email in the same transaction.
   */
  async updateProfile(userId: number, changes: ProfileChanges, at: Date): Promise<boolean> {
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...changes, updatedAt: at })
          .where(eq(users.id, userId));
        if (changes.updateOrderEmail) await this.unpaidOrders.updateEmail(tx, userId, changes.email, at);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** `codes`: what the caller's roles, custom roles and grants hold, as the session's guard resolved them (permissionsOf). */
  static info(row: UserRow, codes: readonly Permission[]): UserInfo {
    return {
      userId: row.id,
      userName: `${row.firstName} ${row.lastName}`.trim(),
      roles: row.roles,
      // The back office shows the actions these codes allow; the server checks each route itself.
      buttons: [...codes],
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
    };
  }

  static profile(row: UserRow, codes: readonly Permission[], subscribed: boolean): Profile {
    return {
      ...UserService.info(row, codes),
      gender: row.gender,
      birthday: row.birthday ? birthdayFromIso(row.birthday) : null,
      subscribe: subscribed,
      updateOrderEmail: row.updateOrderEmail,
    };
  }

  /** How a review is signed: "Ada L." */
  static authorName(row: UserRow): string {
    const initial = row.lastName.trim().charAt(0);
    return initial ? `${row.firstName} ${initial.toUpperCase()}.` : row.firstName;
  }
}
