/**
 * The address book and what its forms need: the shopper's addresses (list, save, delete, make
 * default) and the country and state lists, each loaded once per page. Islands use these instead
 * of calling the HTTP layer.
 *
 * Failures of the book's own actions show the HTTP layer's error toast; saving is quiet instead,
 * because the form shows the server's answer next to the field it names.
 */
import { unreachable } from './failures.ts';
import { map } from 'nanostores';
import { queryAddressById, queryAddressList, removeAddresses, saveAddresses, setDefaultAddress, type AddressPayload } from '../client/addresses.ts';
import { queryCountryList, queryStateList } from '../client/geo.ts';
import { isApiError } from '../client/http.ts';
import type { AddressRecord } from '../domain/account.model.ts';
import { CODES, fieldIssuesOf, type FieldIssue } from '../domain/api/envelope.ts';
import type { Country, State } from '../domain/catalogue.schema.ts';
import './http-ready.ts';

export type { AddressPayload } from '../client/addresses.ts';

// ---------- countries and states ----------

let countries: Promise<Country[]> | null = null;
const states = new Map<string, Promise<State[]>>();

/** Every country, in the page's language; one request per page (a failure may be retried). */
export function loadCountries(): Promise<Country[]> {
  countries ??= queryCountryList({ retry: true }).catch((error: unknown) => {
    countries = null;
    throw error;
  });
  return countries;
}

/** A country's states or provinces (empty when it has none); one request per country per page. */
export function loadStates(countryCode: string): Promise<State[]> {
  let found = states.get(countryCode);
  if (!found) {
    found = queryStateList(countryCode, { retry: true }).catch((error: unknown) => {
      states.delete(countryCode);
      throw error;
    });
    states.set(countryCode, found);
  }
  return found;
}

// ---------- the book ----------

export interface AddressBookState {
  status: 'loading' | 'ready' | 'error';
  /** The default first, as the server orders them. */
  records: AddressRecord[];
  /** The address an action is running on; its controls wait. */
  busyId: number | null;
  /** The last load failed without an answer (the network-error state). */
  offline?: boolean;
}

export const $addressBook = map<AddressBookState>({ status: 'loading', records: [], busyId: null });

let listRequest: AbortController | null = null;

/** (Re)loads the list. */
export async function loadAddressBook(): Promise<void> {
  listRequest?.abort();
  const controller = new AbortController();
  listRequest = controller;
  $addressBook.setKey('status', $addressBook.get().records.length > 0 ? 'ready' : 'loading');
  try {
    const records = await queryAddressList({ signal: controller.signal });
    $addressBook.set({ ...$addressBook.get(), status: 'ready', records });
  } catch (error) {
    if (controller.signal.aborted) return;
    $addressBook.set({ ...$addressBook.get(), status: 'error', offline: unreachable(error) });
  }
}

async function act(id: number, run: () => Promise<unknown>): Promise<boolean> {
  if ($addressBook.get().busyId !== null) return false;
  $addressBook.setKey('busyId', id);
  try {
    await run();
    await loadAddressBook();
    return true;
  } catch {
    // The HTTP layer has shown the server's message; the list is reloaded so it shows the truth.
    await loadAddressBook();
    return false;
  } finally {
    $addressBook.setKey('busyId', null);
  }
}

/** Deletes an address (the server passes the default on to the oldest one left). */
export function removeAddress(id: number): Promise<boolean> {
  return act(id, () => removeAddresses([id]));
}

export function makeDefaultAddress(id: number): Promise<boolean> {
  return act(id, () => setDefaultAddress(id));
}

export type SaveResult = { ok: true; record: AddressRecord } | { ok: false; code: string; message: string; issues: FieldIssue[] };

/** Creates or (with an id) updates one address. A refusal comes back with the server's message. */
export async function saveAddress(address: AddressPayload): Promise<SaveResult> {
  try {
    const [record] = await saveAddresses([address], { silent: true });
    if (!record) return { ok: false, code: CODES.INTERNAL, message: '', issues: [] };
    return { ok: true, record };
  } catch (error) {
    if (isApiError(error)) return { ok: false, code: error.code, message: error.msg, issues: fieldIssuesOf(error.data) };
    throw error;
  }
}

export type AddressLoad = { status: 'found'; record: AddressRecord } | { status: 'not-found' } | { status: 'error' };

/** One of the shopper's addresses, for editing; another shopper's id is "not found". */
export async function loadAddress(id: number): Promise<AddressLoad> {
  try {
    return { status: 'found', record: await queryAddressById(id, { silent: true }) };
  } catch (error) {
    if (isApiError(error) && (error.code === CODES.NOT_FOUND || error.code === CODES.INVALID_INPUT)) return { status: 'not-found' };
    return { status: 'error' };
  }
}

/** The shopper's saved addresses for the form's suggestions; none when they cannot be read. */
export async function loadSavedAddresses(): Promise<AddressRecord[]> {
  try {
    return await queryAddressList({ silent: true });
  } catch {
    return [];
  }
}
