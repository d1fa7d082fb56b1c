/**
 * What the address book shows, kept apart from the form's rules: the book needs no zod.
 */
import type { AddressRecord } from '../../domain/account.model.ts';

/** Set by the editor when it sends the shopper back to the address book after saving. */
export const SAVED_PARAM = 'saved';

/** How an address reads in the book: name, company, street lines, city line, country, phone. */
export function addressLines(record: AddressRecord): string[] {
  const cityLine = [record.city, record.provinceName, record.postalCode].filter(Boolean).join(', ');
  return [`${record.firstName} ${record.lastName}`.trim(), record.company, record.address, record.address2, cityLine, record.countryName, `${record.phoneCode} ${record.phone}`.trim()].filter(
    (line) => line !== '',
  );
}
