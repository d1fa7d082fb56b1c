/** Countries and their states or provinces, for address forms (read-only, cached). */
import { asc } from 'drizzle-orm';
import type { Country, State } from '../../../domain/catalogue.schema.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { Db } from '../../db/client.ts';
import { countries, states } from './schema.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../messages/localise.ts';

export class GeoService {
  private readonly db: Db;
  private cache: Promise<{ countries: (typeof countries.$inferSelect)[]; states: (typeof states.$inferSelect)[] }> | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Loads the list now. The paying transaction names the buyer's country (the confirmation, the
   * invoice): loaded there for the first time, it would read through the pool, which PGlite's one
   * connection cannot serve while that transaction holds it (a webhook or the reconciler can pay an
   * order before any checkout of the process has loaded the list).
   */
  async ready(): Promise<void> {
    await this.load();
  }

  /** The list changes only with a migration or seed, so one load per process is enough. */
  private load() {
    this.cache ??= (async () => ({
      countries: await this.db.select().from(countries).orderBy(asc(countries.sort), asc(countries.code)),
      states: await this.db.select().from(states).orderBy(asc(states.countryCode), asc(states.sort), asc(states.code)),
    }))().catch((error: unknown) => {
      this.cache = null;
      throw error;
    });
    return this.cache;
  }

  async countryList(locale: Locale): Promise<Country[]> {
    const data = await this.load();
    const withStates = new Set(data.states.map((s) => s.countryCode));
    return data.countries.map((c) => ({ id: c.id, code: c.code, name: pick(c.name, locale), phoneCode: c.phoneCode, hasStates: withStates.has(c.code) }));
  }

  /** A country and its states (empty for countries without), or null for an unknown code. */
  async region(countryCode: string): Promise<{ country: typeof countries.$inferSelect; states: (typeof states.$inferSelect)[] } | null> {
    const data = await this.load();
    const country = data.countries.find((c) => c.code === countryCode);
    if (!country) return null;
    return { country, states: data.states.filter((s) => s.countryCode === countryCode) };
  }

  async stateList(countryCode: string, locale: Locale): Promise<State[]> {
    const data = await this.load();
    if (!data.countries.some((c) => c.code === countryCode)) throw notFound('country');
    return data.states
      .filter((s) => s.countryCode === countryCode)
      .map((s) => ({ id: s.id, countryCode: s.countryCode, code: s.code, name: pick(s.name, locale) }));
  }
}
