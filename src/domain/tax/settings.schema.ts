/** What Settings -> Taxes saves (tax.model.ts has the types): the merchant's home, registrations, US states and price mode. */
import { z } from 'zod';
import { EU_MEMBER_STATES } from './rates.ts';
import { PRICE_MODES, RATE_SCALE, REGISTRATION_SCHEMES, TAX_NAMES, type RegistrationScheme, type SellerSettings, type TaxSection, type TaxSettings } from './tax.model.ts';

/**
 * Number formats we are sure of, checked with spaces, dots and hyphens removed; other schemes take
 * any number of 1-40 characters. IOSS: IM + 10 digits; UK VAT: 9 or 12 digits, GB in front or not;
 * ABN 11 digits or ARN 12; NZ GST (IRD number) 8 or 9 digits; CRA business number: 9 digits, RT and 4 digits;
 * QST: 10 digits, TQ and 4 digits.
 */
const NUMBER_FORMATS: Partial<Record<RegistrationScheme, { pattern: RegExp; example: string }>> = {
  'EU-IOSS': { pattern: /^IM\d{10}$/, example: 'IM1234567890' },
  'GB-VAT': { pattern: /^(GB)?(\d{9}|\d{12})$/, example: 'GB123456789' },
  'AU-GST': { pattern: /^(\d{11}|\d{12})$/, example: '12345678901' },
  'NZ-GST': { pattern: /^\d{8,9}$/, example: '123456789' },
  'CA-GST': { pattern: /^\d{9}RT\d{4}$/, example: '123456789RT0001' },
  'CA-QC-QST': { pattern: /^\d{10}TQ\d{4}$/, example: '1234567890TQ0001' },
};

/** A scheme's example number (the settings screen's placeholder and message), or null where no format is checked. */
export function taxNumberExample(scheme: RegistrationScheme): string | null {
  return NUMBER_FORMATS[scheme]?.example ?? null;
}

export function compactTaxNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code (ISO 3166-1), upper case');
const regionCode = z.string().regex(/^[A-Z0-9]{1,3}$/, 'a province or state code, upper case');
const rate = z.int('a rate is a whole number of thousandths of a percent').min(0, 'a rate cannot be negative').max(RATE_SCALE, 'a rate is at most 100%');

export const registrationSchema = z
  .strictObject({ scheme: z.enum(REGISTRATION_SCHEMES), number: z.string().trim().min(1, 'give the registration number').max(40, 'at most 40 characters') })
  .superRefine((registration, ctx) => {
    const format = NUMBER_FORMATS[registration.scheme];
    if (format && !format.pattern.test(compactTaxNumber(registration.number))) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: `not a ${registration.scheme} number (for example ${format.example})` });
    }
  });

export const usStateTaxSchema = z.strictObject({
  rate,
  taxShipping: z.boolean(),
  number: z.string().trim().min(1).max(40).nullable(),
});

const taxSettingsShape = {
  homeCountry: countryCode,
  homeRegion: regionCode.nullable(),
  homeTaxNumber: z.string().trim().min(1).max(40).nullable(),
  registrations: z.array(registrationSchema).max(REGISTRATION_SCHEMES.length),
  usStates: z.record(z.string().regex(/^[A-Z]{2}$/, 'a two-letter state code'), usStateTaxSchema),
  priceMode: z.enum(PRICE_MODES),
  catalogueRate: rate.nullable(),
};

function checkTaxSettings(settings: TaxSettings, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  settings.registrations.forEach((r, i) => {
    if (seen.has(r.scheme)) ctx.addIssue({ code: 'custom', path: ['registrations', i, 'scheme'], message: `${r.scheme} is given twice` });
    seen.add(r.scheme);
  });
  if ((settings.homeCountry === 'CA' || settings.homeCountry === 'US') && settings.homeRegion === null) {
    ctx.addIssue({ code: 'custom', path: ['homeRegion'], message: 'a merchant in Canada or the US gives its province or state' });
  }
  // OSS is the union scheme of a merchant established in the EU; IOSS is for one outside it.
  const inEu = EU_MEMBER_STATES.includes(settings.homeCountry);
  settings.registrations.forEach((r, i) => {
    if (r.scheme === 'EU-OSS' && !inEu) ctx.addIssue({ code: 'custom', path: ['registrations', i, 'scheme'], message: 'OSS is for a merchant established in the EU (outside it: IOSS)' });
    if (r.scheme === 'EU-IOSS' && inEu) ctx.addIssue({ code: 'custom', path: ['registrations', i, 'scheme'], message: 'IOSS is for a merchant outside the EU (inside it: OSS)' });
  });
}

export const taxSettingsSchema = z.strictObject(taxSettingsShape).superRefine(checkTaxSettings);

/** A rate the merchant changed (tax.model.ts TaxRateEdit). */
export const taxRateEditSchema = z.strictObject({
  market: z.string().regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'a market: a country code, or country-region (CA-QC, US-NY)'),
  tax: z.enum(TAX_NAMES),
  standard: rate,
  children: rate.nullable(),
  checkedOn: z.iso.date('the date is YYYY-MM-DD'),
});

/** Settings -> Taxes as saved: the merchant's tax settings and the rates they edited. */
export const taxSectionSchema = z
  .strictObject({ ...taxSettingsShape, rateEdits: z.array(taxRateEditSchema).max(200) })
  .superRefine((section, ctx) => {
    checkTaxSettings(section, ctx);
    const seen = new Set<string>();
    section.rateEdits.forEach((edit, i) => {
      const key = `${edit.market}|${edit.tax}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rateEdits', i, 'market'], message: `${edit.market} ${edit.tax} is edited twice` });
      seen.add(key);
    });
  });

/** Settings -> Seller: who issues the invoices and credit notes, and their number series. */
export const sellerSectionSchema = z.strictObject({
  legalName: z.string().trim().max(120, 'at most 120 characters'),
  address: z.array(z.string().trim().min(1, 'an address line cannot be empty').max(120, 'at most 120 characters')).max(6, 'at most 6 lines'),
  email: z.email('give an email address').max(254).nullable(),
  invoiceSeries: z.string().regex(/^[A-Z]{1,6}$/, '1-6 capital letters'),
  creditNoteSeries: z.string().regex(/^[A-Z]{1,6}$/, '1-6 capital letters'),
}).refine((s) => s.invoiceSeries !== s.creditNoteSeries, { path: ['creditNoteSeries'], error: 'credit notes need a series of their own' });

export type TaxSettingsInput = z.input<typeof taxSettingsSchema>;

// The schema's output is the model's type (a compile-time check).
const sameShape: (value: z.output<typeof taxSettingsSchema>) => TaxSettings = (value) => value;
void sameShape;
const sameSection: (value: z.output<typeof taxSectionSchema>) => TaxSection = (value) => value;
void sameSection;
const sameSeller: (value: z.output<typeof sellerSectionSchema>) => SellerSettings = (value) => value;
void sameSeller;
