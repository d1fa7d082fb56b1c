/**
 * Seller and buyer as a document prints them, frozen when it is issued (tax_documents.seller,
 * .buyer): a later change of the settings, an address book or a customer's erasure never changes
 * an issued document.
 */
import type { PostalAddress } from '../../../domain/address.model.ts';
import type { DeclaredUnder, RegistrationScheme, SellerSettings, TaxSettings } from '../../../domain/tax/tax.model.ts';
import type { DocumentParty } from './schema.ts';

/** How each registration's number is labelled on a document. */
const SCHEME_LABELS: Record<RegistrationScheme, string> = {
  'EU-OSS': 'OSS',
  'EU-IOSS': 'IOSS',
  'GB-VAT': 'UK VAT',
  'AU-GST': 'ABN/ARN',
  'NZ-GST': 'NZ GST',
  'CA-GST': 'GST/HST',
  'CA-QC-QST': 'QST',
  'CA-BC-PST': 'BC PST',
  'CA-MB-RST': 'MB RST',
  'CA-SK-PST': 'SK PST',
};

/** The home number's label: VAT in Europe, GST in Australia and New Zealand, GST/HST in Canada. */
function homeLabel(country: string): string {
  if (country === 'AU') return 'ABN';
  if (country === 'NZ') return 'GST';
  if (country === 'CA') return 'GST/HST';
  if (country === 'US') return 'Tax ID';
  return 'VAT';
}

/**
 * The seller: the legal name and address of Settings -> Seller, and the numbers the document is
 * issued under: the home number always, and each registration its tax lines are declared under
 * (an IOSS sale prints the IOSS number; a US state's, its permit), so the buyer and the authority
 * read the number the tax is declared with.
 */
export function sellerParty(seller: SellerSettings, taxes: TaxSettings, declaredUnder: readonly DeclaredUnder[], fallbackName: string): DocumentParty {
  const numbers: string[] = [];
  if (taxes.homeTaxNumber) numbers.push(`${homeLabel(taxes.homeCountry)} ${taxes.homeTaxNumber}`);
  for (const scheme of new Set(declaredUnder)) {
    if (scheme === 'home') continue;
    if (scheme.startsWith('US-')) {
      const permit = taxes.usStates[scheme.slice(3)]?.number;
      if (permit) numbers.push(`${scheme} ${permit}`);
      continue;
    }
    const registration = taxes.registrations.find((r) => r.scheme === scheme);
    const label = SCHEME_LABELS[scheme as RegistrationScheme];
    if (registration && label && !numbers.includes(`${label} ${registration.number}`)) numbers.push(`${label} ${registration.number}`);
  }
  return { name: seller.legalName.trim() || fallbackName, lines: [...seller.address], taxNumbers: numbers, email: seller.email };
}

/** The buyer: the name and address the order ships to (its country named in the order's language), and its email. */
export function buyerParty(address: PostalAddress, email: string, countryName: string, provinceName: string): DocumentParty {
  const name = `${address.firstName} ${address.lastName}`.trim();
  const cityLine = [address.postalCode, address.city].filter((part) => part.trim() !== '').join(' ');
  // A province typed as the city (London, London) is printed once.
  const province = provinceName.trim() === address.city.trim() ? '' : provinceName;
  const lines = [address.company, address.address, address.address2, cityLine, province, countryName].map((line) => line.trim()).filter((line) => line !== '');
  return { name, lines, taxNumbers: [], email };
}
