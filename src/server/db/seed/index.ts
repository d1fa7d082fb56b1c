/** First-run seeding: the demo catalogue, the country list and the demo coupons, each only when its table is empty. */
import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { countries, coupons, products } from '../schema.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCountries } from './countries.ts';
import { seedCoupons } from './coupons.ts';

export interface SeedResult {
  products: number;
  countries: number;
  coupons: number;
}

export async function seedIfEmpty(db: Db, options: { products?: number | null; log?: (message: string) => void } = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const result: SeedResult = { products: 0, countries: 0, coupons: 0 };
  const [countryCount] = await db.select({ n: count() }).from(countries);
  if (!countryCount?.n) result.countries = (await seedCountries(db)).countries;
  const [productCount] = await db.select({ n: count() }).from(products);
  if (!productCount?.n) {
    log(options.products ? `generating a catalogue of ${options.products} products` : 'seeding the demo catalogue');
    result.products = (await seedCatalogue(db, { ...(options.products ? { products: options.products } : {}), log })).products;
  }
  const [couponCount] = await db.select({ n: count() }).from(coupons);
  if (!couponCount?.n) result.coupons = await seedCoupons(db);
  return result;
}
