/**
 * The address book page's empty message (specification "Address book": empty message, add
 * address): a shopper with no saved address is told so, with the way to add one, in the page's
 * language; it shows neither while the list loads, nor when loading failed, nor beside addresses.
 * The island is drawn as the server draws it, after the store loaded from a mocked client.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressRecord } from '../../../../src/domain/account.model.ts';
import type { Locale } from '../../../../src/domain/locale.ts';
import enAddress from '../../../../src/i18n/locales/en-US/address.json' with { type: 'json' };
import zhAddress from '../../../../src/i18n/locales/zh-CN/address.json' with { type: 'json' };
import enNetwork from '../../../../src/i18n/locales/en-US/network.json' with { type: 'json' };
import zhNetwork from '../../../../src/i18n/locales/zh-CN/network.json' with { type: 'json' };
import { hongKongAddress } from '../../../support/addresses.ts';

vi.mock('../../../../src/client/addresses.ts', () => ({
  queryAddressList: vi.fn(),
  queryAddressById: vi.fn(),
  removeAddresses: vi.fn(),
  saveAddresses: vi.fn(),
  setDefaultAddress: vi.fn(),
}));

const CATALOGUES = { 'en-US': { address: enAddress, network: enNetwork }, 'zh-CN': { address: zhAddress, network: zhNetwork } } as const;

const saved: AddressRecord = { ...hongKongAddress, id: 7, province: 'KLN', countryName: 'Hong Kong', provinceName: 'Kowloon', isDefault: true };

type Store = typeof import('../../../../src/stores/addresses.ts');
let store: Store;
let client: { queryAddressList: ReturnType<typeof vi.fn>; removeAddresses: ReturnType<typeof vi.fn> };

beforeEach(async () => {
  // A fresh store (it starts "loading") and fresh mocks for each test.
  vi.resetModules();
  store = await import('../../../../src/stores/addresses.ts');
  client = (await import('../../../../src/client/addresses.ts')) as unknown as typeof client;
});

async function book(locale: Locale): Promise<string> {
  const { default: AddressBook } = await import('../../../../src/islands/address/AddressBook.tsx');
  return renderToStaticMarkup(createElement(AddressBook, { locale, messages: CATALOGUES[locale] as never }));
}

describe('the address book', () => {
  it('tells a shopper with no address so, with the link to add one, in either language', async () => {
    client.queryAddressList.mockResolvedValue([]);
    await store.loadAddressBook();
    const en = await book('en-US');
    expect(en).toContain('data-address-empty');
    expect(en).toContain(enAddress.book.empty);
    expect(en).toContain(enAddress.book.emptyHint);
    // Two ways to add: the head's button and the empty message's own.
    expect(en.match(/href="\/en-US\/add-address\/"/g)).toHaveLength(2);
    const zh = await book('zh-CN');
    expect(zh).toContain(zhAddress.book.empty);
    expect(zh).toContain('href="/zh-CN/add-address/"');
  });

  it('shows the empty message again once the last address is deleted', async () => {
    client.queryAddressList.mockResolvedValueOnce([saved]).mockResolvedValueOnce([]);
    client.removeAddresses.mockResolvedValue(undefined);
    await store.loadAddressBook();
    const before = await book('en-US');
    expect(before).not.toContain(enAddress.book.empty);
    expect(before).toContain('data-address-id="7"');
    expect(await store.removeAddress(7)).toBe(true);
    const after = await book('en-US');
    expect(after).toContain(enAddress.book.empty);
    expect(after).not.toContain('data-address-id');
  });

  it('says nothing about being empty while the list loads, or when it could not be loaded', async () => {
    const loading = await book('en-US');
    expect(loading).toContain(enAddress.book.loading);
    expect(loading).not.toContain(enAddress.book.empty);
    client.queryAddressList.mockRejectedValue(new Error('the server failed'));
    await store.loadAddressBook();
    const failed = await book('en-US');
    expect(failed).toContain(enAddress.book.loadFailed);
    expect(failed).not.toContain(enAddress.book.empty);
  });
});
