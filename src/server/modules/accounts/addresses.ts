/**
 * The address book. Every query names the owner, so another user's address id finds nothing and
 * changes nothing. A shopper with addresses always has exactly one default:
 * the first one saved becomes it, and when the default goes, the oldest remaining takes over.
 */
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { MAX_ADDRESSES_PER_USER, type AddressRecord } from '../../../domain/account.model.ts';
import { type AddressInput } from '../../../domain/account.schema.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Locale, Localised } from '../../../domain/locale.ts';
import type { Db, Tx } from '../../db/client.ts';
import { addresses } from './schema.ts';
import { fail, invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { GeoService } from '../geo/index.ts';
import { pick } from '../../messages/localise.ts';

type AddressRow = typeof addresses.$inferSelect;

export interface AddressDeps {
  db: Db;
  geo: GeoService;
}

export class AddressService {
  private readonly d: AddressDeps;

  constructor(deps: AddressDeps) {
    this.d = deps;
  }

  private async toRecords(rows: AddressRow[], locale: Locale): Promise<AddressRecord[]> {
    const records: AddressRecord[] = [];
    for (const row of rows) {
      const region = await this.d.geo.region(row.countryCode);
      const state = region?.states.find((s) => s.code === row.province);
      records.push({
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        company: row.company,
        address: row.address,
        address2: row.address2,
        country: row.countryCode,
        countryName: region ? pick(region.country.name, locale) : row.countryCode,
        province: row.province,
        provinceName: state ? pick(state.name, locale) : row.province,
        postalCode: row.postalCode,
        phoneCode: row.phoneCode,
        city: row.city,
        phone: row.phone,
        isDefault: row.isDefault,
      });
    }
    return records;
  }

  async list(userId: number, locale: Locale): Promise<AddressRecord[]> {
    const rows = await this.d.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
    return this.toRecords(rows, locale);
  }

  async get(userId: number, id: number, locale: Locale): Promise<AddressRecord> {
    const [row] = await this.d.db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw notFound('address');
    return (await this.toRecords([row], locale))[0]!;
  }

  /**
   * Checks the country and, for countries with states, the province (a code or a name in either
   * language, stored as the code). `field` names the address in the message ("body.0"); checkout
   * checks a typed shipping address with it too.
   */
  /** The user's address row, read in the caller's transaction; null when it is not theirs. */
  async owned(db: Db | Tx, userId: number, id: number): Promise<AddressRow | null> {
    const [row] = await db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    return row ?? null;
  }

  async columns(input: Omit<AddressInput, 'id' | 'isDefault'>, field: string) {
    const region = await this.d.geo.region(input.country);
    if (!region) throw invalidFields({ path: `${field}.country`, problem: msg('field.countryRequired') });
    let province = input.province;
    if (region.states.length > 0) {
      if (!province) throw invalidFields({ path: `${field}.province`, problem: msg('field.provinceRequired') });
      province = AddressService.stateCode(region.states, province, `${field}.province`);
    }
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company,
      address: input.address,
      address2: input.address2,
      countryCode: region.country.code,
      province,
      postalCode: input.postalCode,
      phoneCode: input.phoneCode,
      city: input.city,
      phone: input.phone,
    };
  }

  /** A state of the list by its code or its name in either language, as its code; an error naming `path` otherwise. */
  private static stateCode(states: readonly { code: string; name: Localised }[], province: string, path: string): string {
    const wanted = province.toLowerCase();
    const state = states.find((s) => s.code.toLowerCase() === wanted || s.name['en-US'].toLowerCase() === wanted || s.name['zh-CN'] === province);
    if (!state) throw invalidFields({ path, problem: msg('field.provinceInvalid') });
    return state.code;
  }

  /**
   * A province or state given without a whole address (checkout's quote), as its code: null when
   * none is given or the country keeps no list; an error naming `path` when it is not one of the list's.
   */
  async provinceCode(country: string, province: string | undefined, path: string): Promise<string | null> {
    if (!province) return null;
    const region = await this.d.geo.region(country);
    if (!region || region.states.length === 0) return null;
    return AddressService.stateCode(region.states, province, path);
  }

  private static async makeDefault(tx: Tx, userId: number, id: number): Promise<void> {
    // Unset first: the partial unique index allows one default per user at any moment.
    await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
    await tx.update(addresses).set({ isDefault: true }).where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
  }

  private static async keepOneDefault(tx: Tx, userId: number): Promise<void> {
    const [current] = await tx.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    if (current) return;
    const [oldest] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id)).limit(1);
    if (oldest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, oldest.id));
  }

  /** Creates (no id) or updates (id) each address, all or nothing; answers them in the order given. */
  async saveBatch(userId: number, inputs: readonly AddressInput[], locale: Locale): Promise<AddressRecord[]> {
    // Checked before the transaction: the country list is read through the pool, and PGlite has a
    // single connection that an open transaction holds.
    const checked: { input: AddressInput; values: Awaited<ReturnType<AddressService['columns']>> }[] = [];
    for (const [at, input] of inputs.entries()) checked.push({ input, values: await this.columns(input, `body.${at}`) });
    const ids = await this.d.db.transaction(async (tx) => {
      const saved: number[] = [];
      for (const { input, values } of checked) {
        let id: number;
        if (input.id !== undefined) {
          const [row] = await tx
            .update(addresses)
            .set({ ...values, ...(input.isDefault ? {} : { isDefault: false }), updatedAt: new Date() })
            .where(and(eq(addresses.id, input.id), eq(addresses.userId, userId)))
            .returning({ id: addresses.id });
          if (!row) throw notFound('address');
          id = row.id;
        } else {
          const [{ n = 0 } = {}] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
          if (n >= MAX_ADDRESSES_PER_USER) throw fail(CODES.CONFLICT, msg('address.bookFull', { max: MAX_ADDRESSES_PER_USER }));
          const [row] = await tx.insert(addresses).values({ ...values, userId, isDefault: false }).returning({ id: addresses.id });
          id = row!.id;
        }
        if (input.isDefault) await AddressService.makeDefault(tx, userId, id);
        saved.push(id);
      }
      await AddressService.keepOneDefault(tx, userId);
      return saved;
    });
    const rows = await this.d.db.select().from(addresses).where(and(eq(addresses.userId, userId), inArray(addresses.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.toRecords([...new Set(ids)].map((id) => byId.get(id)!), locale);
  }

  /** Deletes the caller's addresses; if any id is not theirs, nothing is deleted. */
  async removeBatch(userId: number, ids: readonly number[]): Promise<{ deleted: number }> {
    const unique = [...new Set(ids)];
    return this.d.db.transaction(async (tx) => {
      const owned = await tx.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.userId, userId), inArray(addresses.id, unique)));
      if (owned.length !== unique.length) throw notFound('address');
      await tx.delete(addresses).where(and(eq(addresses.userId, userId), inArray(addresses.id, unique)));
      await AddressService.keepOneDefault(tx, userId);
      return { deleted: unique.length };
    });
  }

  async setDefault(userId: number, id: number, locale: Locale): Promise<AddressRecord> {
    await this.d.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      if (!row) throw notFound('address');
      await AddressService.makeDefault(tx, userId, id);
    });
    return this.get(userId, id, locale);
  }
}
