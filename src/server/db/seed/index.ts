/**
 * Seeding, each table only when it is empty: the reference data every shop needs (the country
 * list), and the demo data (a catalogue, the demo coupons and the demo merchant's taxes) a production database never gets
 * unasked (docs/operations.md "Production mode").
 */
import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { countries, coupons, products } from '../schema.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCountries } from './countries.ts';
import { seedCoupons } from './coupons.ts';
import { seedTaxSettings } from './settings.ts';

export interface SeedResult {
  products: number;
  countries: number;
  coupons: number;
}

export interface SeedOptions {
  /** The demo catalogue and coupons besides the reference data; false: reference data only. Default true. */
  demo?: boolean;
  /** A generated catalogue of this many products instead of the demo one; 0: no products. */
  products?: number | null;
  log?: (message: string) => void;
}

export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const result: SeedResult = { products: 0, countries: 0, coupons: 0 };
  const [countryCount] = await db.select({ n: count() }).from(countries);
  if (!countryCount?.n) result.countries = (await seedCountries(db)).countries;
  if (options.demo === false) return result;
  const [productCount] = await db.select({ n: count() }).from(products);
  if (!productCount?.n && options.products !== 0) {
    const generated = options.products ?? null;
    log(generated ? `generating a catalogue of ${generated} products` : 'seeding the demo catalogue');
    result.products = (await seedCatalogue(db, { ...(generated ? { products: generated } : {}), log })).products;
  }
  const [couponCount] = await db.select({ n: count() }).from(coupons);
  if (!couponCount?.n) result.coupons = await seedCoupons(db);
  await seedTaxSettings(db);
  return result;
}
