/**
 * Settings -> Taxes' form values and the section they save: rates are typed in per cent and kept
 * in thousandths of a percent (RATE_SCALE), US states are a list on screen and a record by state
 * code in the section, empty texts are null. The section's rules are the shared schema's
 * (`taxSectionSchema`): `fieldIssues` checks the form's value with it and answers the problems
 * by form field. Pure, unit-tested (tests/unit/admin/tax-rates.test.ts).
 */
import { taxSectionSchema } from '../../../domain/tax/settings.schema.ts';
import { ratePercent, type PriceMode, type RegistrationScheme, type TaxRateEdit, type TaxSection } from '../../../domain/tax/tax.model.ts';
import { rateOfPercent } from './tax-rates.ts';

export interface TaxesFormValues {
  homeCountry: string | undefined;
  homeRegion: string | null | undefined;
  homeTaxNumber: string | undefined;
  registrations: { scheme: RegistrationScheme | undefined; number: string | undefined }[];
  usStates: { state: string | undefined; rate: number | null | undefined; taxShipping: boolean; number: string | undefined }[];
  priceMode: PriceMode;
  /** Per cent; empty: the home country's standard rate. */
  catalogueRate: number | null | undefined;
}

const REGION_COUNTRIES = ['CA', 'US'];

/** Whether a merchant in this country gives its province or state. */
export function needsRegion(country: string | undefined): boolean {
  return country !== undefined && REGION_COUNTRIES.includes(country);
}

const textOrNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

export function taxesFormOf(section: TaxSection): TaxesFormValues {
  return {
    homeCountry: section.homeCountry,
    homeRegion: section.homeRegion,
    homeTaxNumber: section.homeTaxNumber ?? '',
    registrations: section.registrations.map((r) => ({ ...r })),
    usStates: Object.entries(section.usStates)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([state, tax]) => ({ state, rate: ratePercent(tax.rate), taxShipping: tax.taxShipping, number: tax.number ?? '' })),
    priceMode: section.priceMode,
    catalogueRate: section.catalogueRate === null ? null : ratePercent(section.catalogueRate),
  };
}

/**
 * The section the form's values make, with the rate edits as saved (the rate table saves those on
 * its own). A rate that is not one stays NaN, so the schema refuses it on its field.
 */
export function taxSectionOf(values: TaxesFormValues, rateEdits: readonly TaxRateEdit[]): TaxSection {
  const rate = (percent: number | null | undefined) => rateOfPercent(percent) ?? Number.NaN;
  return {
    homeCountry: values.homeCountry ?? '',
    homeRegion: needsRegion(values.homeCountry) ? textOrNull(values.homeRegion) : null,
    homeTaxNumber: textOrNull(values.homeTaxNumber),
    registrations: (values.registrations ?? []).map((r) => ({ scheme: r?.scheme as RegistrationScheme, number: r?.number ?? '' })),
    usStates: Object.fromEntries(
      (values.usStates ?? []).map((s) => [s?.state ?? '', { rate: rate(s?.rate), taxShipping: s?.taxShipping ?? false, number: textOrNull(s?.number) }]),
    ),
    priceMode: values.priceMode,
    catalogueRate: values.catalogueRate === null || values.catalogueRate === undefined ? null : rate(values.catalogueRate),
    rateEdits: [...rateEdits],
  };
}

/**
 * A path of the section (as the schema or the server names it: `registrations.0.number`,
 * `usStates.NY.rate`) as the form's field, or null where the form has none.
 */
export function formFieldOf(path: readonly string[], values: TaxesFormValues): (string | number)[] | null {
  const [head, second, third] = path;
  if (head === 'registrations' && second !== undefined) return ['registrations', Number(second), third ?? 'number'];
  if (head === 'usStates' && second !== undefined) {
    const index = (values.usStates ?? []).findIndex((s) => s?.state === second);
    return index < 0 ? null : ['usStates', index, third === 'number' || third === 'taxShipping' ? third : third === undefined ? 'state' : 'rate'];
  }
  if (head === 'homeCountry' || head === 'homeRegion' || head === 'homeTaxNumber' || head === 'priceMode' || head === 'catalogueRate') return [head];
  return null;
}

/** The shared schema's problems with the form's value, by form field (`registrations.0.number`). */
export function fieldIssues(values: TaxesFormValues): Map<string, string> {
  const checked = taxSectionSchema.safeParse(taxSectionOf(values, []));
  const issues = new Map<string, string>();
  if (checked.success) return issues;
  for (const issue of checked.error.issues) {
    const field = formFieldOf(issue.path.map(String), values);
    if (field && !issues.has(field.join('.'))) issues.set(field.join('.'), issue.message);
  }
  return issues;
}
