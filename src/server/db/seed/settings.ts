/**
 * The demo merchant's Settings -> Taxes and Settings -> Seller (docs/taxes.md): a German shop
 * registered for OSS (EU destination VAT), UK VAT, Australian and New Zealand GST, Canadian GST/HST
 * and Quebec's QST, so every market of the demo shows its tax, and a Canadian order has tax added.
 * The numbers are made up, in each authority's format. A section the shop already has is kept.
 */
import { sellerSectionSchema, taxSectionSchema } from '../../../domain/tax/settings.schema.ts';
import type { SellerSettings, TaxSection } from '../../../domain/tax/tax.model.ts';
import type { Db } from '../client.ts';
import { settings } from '../schema.ts';

export const DEMO_TAXES: TaxSection = {
  homeCountry: 'DE',
  homeRegion: null,
  homeTaxNumber: 'DE123456789',
  registrations: [
    { scheme: 'EU-OSS', number: 'DE123456789' },
    { scheme: 'GB-VAT', number: 'GB123456789' },
    { scheme: 'AU-GST', number: '123456789012' },
    { scheme: 'NZ-GST', number: '123456789' },
    { scheme: 'CA-GST', number: '123456789RT0001' },
    { scheme: 'CA-QC-QST', number: '1234567890TQ0001' },
  ],
  usStates: {},
  priceMode: 'same-gross',
  catalogueRate: null,
  rateEdits: [],
};

export const DEMO_SELLER: SellerSettings = {
  legalName: 'Jersey Shop Demo GmbH',
  address: ['Musterstraße 12', '10115 Berlin', 'Germany'],
  email: 'invoices@jersey-shop.example',
  invoiceSeries: 'INV',
  creditNoteSeries: 'CN',
};

/** Writes the demo's taxes and seller sections where the shop has none; answers how many it wrote. */
export async function seedTaxSettings(db: Db): Promise<number> {
  const rows = [
    { section: 'taxes', value: taxSectionSchema.parse(DEMO_TAXES) },
    { section: 'seller', value: sellerSectionSchema.parse(DEMO_SELLER) },
  ];
  const written = await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.section }).returning({ section: settings.section });
  return written.length;
}
