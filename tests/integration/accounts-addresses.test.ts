/**
 * The address book (docs/accounts-and-security.md): every endpoint, the country and province checks
 * (Hong Kong's three provinces), the one-default rule, markup kept as text
 * (docs/accounts-and-security.md, threat 21), and another user's addresses answering "not found"
 * and staying unchanged (threats 10, 15).
 */
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressRecord } from '../../src/domain/account.model.ts';
import { addresses } from '../../src/server/db/schema.ts';
import { call, createTestShop, signUp, type TestAccount, type TestShop } from './harness.ts';
import { hongKongAddress } from '../support/addresses.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop?.close());

function hongKong(overrides: Record<string, unknown> = {}) {
  return {
    ...hongKongAddress,
    province: 'Kowloon',
    isDefault: false,
    ...overrides,
  };
}

const list = (account: TestAccount, locale = 'en-US') =>
  call<{ records: AddressRecord[] }>(shop.app, '/demo/ironUserAddress/queryList', {}, { headers: { ...account.auth.headers, 'accept-language': locale } });
const save = (account: TestAccount, items: unknown) => call<{ records: AddressRecord[] }>(shop.app, '/demo/ironUserAddress/saveOrUpdateBatch', items, account.auth);
const remove = (account: TestAccount, ids: unknown) => call(shop.app, '/demo/ironUserAddress/removeBatchByIds', ids, account.auth);
const byId = (account: TestAccount, id: string | number) => call<AddressRecord>(shop.app, `/demo/ironUserAddress/queryUserAddressById?id=${encodeURIComponent(String(id))}`, undefined, { method: 'GET', ...account.auth });
const setDefault = (account: TestAccount, id: string | number) => call<AddressRecord>(shop.app, `/demo/ironUserAddress/setDefaultAddress?id=${encodeURIComponent(String(id))}`, undefined, { method: 'GET', ...account.auth });

async function rowsOf(userId: number) {
  return shop.database.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);
}

describe('address book', () => {
  it('starts empty, then lists what was saved, the default first', async () => {
    const account = await signUp(shop.app);
    expect((await list(account)).data).toEqual({ records: [] });
    const first = await save(account, [hongKong()]);
    expect(first.code).toBe('0000');
    const [saved] = first.data.records;
    expect(saved).toMatchObject({ country: 'HK', countryName: 'Hong Kong', province: 'KLN', provinceName: 'Kowloon', isDefault: true, address2: 'Flat 12A' });
    const second = await save(account, [hongKong({ address: '2 Queen’s Road', province: 'Hong Kong Island', isDefault: true })]);
    const records = (await list(account)).data.records;
    expect(records.map((r) => r.id)).toEqual([second.data.records[0]!.id, saved!.id]);
    expect(records.map((r) => r.isDefault)).toEqual([true, false]);
  });

  it('takes each of Hong Kong’s three provinces by code or by name in either language, and names them in the shopper’s language', async () => {
    const account = await signUp(shop.app);
    const answer = await save(account, [hongKong({ province: 'HKI' }), hongKong({ province: 'kowloon' }), hongKong({ province: '新界/离岛' })]);
    expect(answer.code).toBe('0000');
    expect(answer.data.records.map((r) => r.province)).toEqual(['HKI', 'KLN', 'NT']);
    const zh = (await list(account, 'zh-CN')).data.records;
    expect(zh.map((r) => r.provinceName).sort()).toEqual(['九龙', '新界/离岛', '香港岛'].sort());
    expect(zh[0]!.countryName).toBe('中国香港');
  });

  it('checks the province against the country’s states, and keeps free text where there are none', async () => {
    const account = await signUp(shop.app);
    for (const [overrides, message] of [
      [{ province: '' }, 'Please select the Province'],
      [{ province: 'Texas' }, 'Please select a Province of the chosen Country'],
      [{ country: 'US', phoneCode: '+1', province: 'Kowloon' }, 'Please select a Province of the chosen Country'],
      [{ country: 'ZZ' }, 'Please select the Country'],
    ] as const) {
      const answer = await save(account, [hongKong(overrides)]);
      expect(answer.code, JSON.stringify(overrides)).toBe('1001');
      expect(answer.msg).toContain(message);
    }
    expect(await rowsOf(account.userId)).toEqual([]);
    const us = await save(account, [hongKong({ country: 'US', phoneCode: '+1', province: 'tx', postalCode: '73301', city: 'Austin', phone: '512 555 0100' })]);
    expect(us.data.records[0]).toMatchObject({ province: 'TX', provinceName: 'Texas', countryName: 'United States' });
    const gb = await save(account, [hongKong({ country: 'GB', phoneCode: '+44', province: 'Greater London', postalCode: 'SW1A 1AA', city: 'London', phone: '20 7946 0000' })]);
    expect(gb.data.records[0]).toMatchObject({ province: 'Greater London', provinceName: 'Greater London', postalCode: 'SW1A 1AA' });
    expect((await save(account, [hongKong({ country: 'GB', phoneCode: '+44', province: '', city: 'London' })])).code).toBe('0000');
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no first name', { firstName: '' }, 'Please enter the First Name'],
    ['no last name', { lastName: undefined }, 'Please enter the Last Name'],
    ['no address', { address: '  ' }, 'Please enter the Address'],
    ['no city', { city: '' }, 'Please enter the City'],
    ['no phone', { phone: '' }, 'Please enter the Phone'],
    ['a phone with letters', { phone: '555-CALL-NOW' }, 'The Phone is invalid'],
    ['a phone code without +', { phoneCode: '852' }, 'Please select the Phone Code'],
    ['no country', { country: undefined }, 'Please select the Country'],
    ['a lower-case country', { country: 'hk' }, 'Please select the Country'],
    ['a postal code with symbols', { postalCode: '<>;' }, 'The Postal Code is invalid'],
    ['a 201-character address', { address: 'x'.repeat(201) }, 'At most 200 characters'],
    ['a newline in the city', { city: 'Kowloon\nCity' }, 'control characters'],
    ['isDefault as text', { isDefault: 'true' }, 'isDefault'],
  ];
  for (const [label, overrides, message] of invalid) {
    it(`refuses ${label} with "${message}" and saves nothing`, async () => {
      const account = await signUp(shop.app);
      const answer = await save(account, [hongKong(overrides)]);
      expect(answer.code).toBe('1001');
      expect(answer.msg).toContain(message);
      expect(await rowsOf(account.userId)).toEqual([]);
    });
  }

  it('keeps markup as plain text', async () => {
    const account = await signUp(shop.app);
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const answer = await save(account, [hongKong({ company: markup, firstName: '<b>Chan</b>' })]);
    expect(answer.data.records[0]).toMatchObject({ company: markup, firstName: '<b>Chan</b>' });
    expect(answer.raw.headers['content-type']).toContain('application/json');
    expect((await rowsOf(account.userId))[0]!.company).toBe(markup);
  });

  it('updates by id, and saves a whole batch or nothing', async () => {
    const account = await signUp(shop.app);
    const [created] = (await save(account, [hongKong()])).data.records;
    const updated = await save(account, [{ ...hongKong({ city: 'Mong Kok' }), id: created!.id }]);
    expect(updated.data.records).toEqual([{ ...created, city: 'Mong Kok' }]);
    const before = await rowsOf(account.userId);
    const broken = await save(account, [hongKong({ city: 'New One' }), { ...hongKong(), id: 99_999_999 }]);
    expect(broken.code).toBe('1404');
    const badSecond = await save(account, [hongKong({ city: 'New One' }), hongKong({ phone: 'x' })]);
    expect(badSecond.code).toBe('1001');
    expect(await rowsOf(account.userId)).toEqual(before);
  });

  it('reads one address by id and refuses ids that are not plain numbers', async () => {
    const account = await signUp(shop.app);
    const [created] = (await save(account, [hongKong()])).data.records;
    expect((await byId(account, created!.id)).data).toEqual(created);
    expect((await byId(account, 99_999_999)).code).toBe('1404');
    for (const bad of ['abc', '1e3', '-1', '0', '1 or 1=1', '', '99999999999']) expect((await byId(account, bad)).code, bad).toBe('1001');
  });

  it('keeps exactly one default: set it, and when the default goes the oldest remaining takes over', async () => {
    const account = await signUp(shop.app);
    const saved = (await save(account, [hongKong({ city: 'A' }), hongKong({ city: 'B' }), hongKong({ city: 'C' })])).data.records;
    const [a, b, c] = saved.map((r) => r.id) as [number, number, number];
    const defaults = async () => (await rowsOf(account.userId)).filter((r) => r.isDefault).map((r) => r.id);
    expect(await defaults()).toEqual([a]);
    const answer = await setDefault(account, c);
    expect(answer.data).toMatchObject({ id: c, isDefault: true });
    expect(await defaults()).toEqual([c]);
    expect((await remove(account, [c])).data).toEqual({ deleted: 1 });
    expect(await defaults()).toEqual([a]);
    expect((await remove(account, [a, b])).data).toEqual({ deleted: 2 });
    expect(await rowsOf(account.userId)).toEqual([]);
  });

  it('holds at most 50 addresses', async () => {
    const account = await signUp(shop.app);
    for (let i = 0; i < 2; i++) expect((await save(account, Array.from({ length: 20 }, () => hongKong()))).code).toBe('0000');
    expect((await save(account, Array.from({ length: 10 }, () => hongKong()))).code).toBe('0000');
    const full = await save(account, [hongKong()]);
    expect(full.code).toBe('1409');
    expect(await rowsOf(account.userId)).toHaveLength(50);
  });

  it('refuses fields a shopper may not set, changing nothing', async () => {
    const account = await signUp(shop.app);
    const other = await signUp(shop.app);
    const [created] = (await save(account, [hongKong()])).data.records;
    const before = await rowsOf(account.userId);
    for (const extra of [{ userId: other.userId }, { createdAt: '2020-01-01' }, { status: 'x' }, { countryName: 'Narnia' }]) {
      expect((await save(account, [{ ...hongKong(), ...extra }])).code, JSON.stringify(extra)).toBe('1001');
      expect((await save(account, [{ ...hongKong(), ...extra, id: created!.id }])).code, JSON.stringify(extra)).toBe('1001');
    }
    expect(await rowsOf(account.userId)).toEqual(before);
    expect(await rowsOf(other.userId)).toEqual([]);
  });

  it('needs a session on every endpoint', async () => {
    const answers = [
      await call(shop.app, '/demo/ironUserAddress/queryList', {}),
      await call(shop.app, '/demo/ironUserAddress/saveOrUpdateBatch', [hongKong()]),
      await call(shop.app, '/demo/ironUserAddress/removeBatchByIds', [1]),
      await call(shop.app, '/demo/ironUserAddress/queryUserAddressById?id=1', undefined, { method: 'GET' }),
      await call(shop.app, '/demo/ironUserAddress/setDefaultAddress?id=1', undefined, { method: 'GET' }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 401, code: '8888' });
  });
});

describe("another user's addresses (docs/accounts-and-security.md, threat 10)", () => {
  it('answer "not found" to every endpoint and stay unchanged', async () => {
    const alice = await signUp(shop.app);
    const mallory = await signUp(shop.app);
    const [first, second] = (await save(alice, [hongKong({ city: 'A' }), hongKong({ city: 'B' })])).data.records as [AddressRecord, AddressRecord];
    const [own] = (await save(mallory, [hongKong({ city: 'M' })])).data.records;
    const before = await rowsOf(alice.userId);

    expect((await list(mallory)).data.records.map((r) => r.id)).toEqual([own!.id]);
    expect(await byId(mallory, first.id)).toMatchObject({ status: 404, code: '1404', data: null });
    expect((await setDefault(mallory, second.id)).code).toBe('1404');
    expect((await save(mallory, [{ ...hongKong({ city: 'Stolen' }), id: first.id }])).code).toBe('1404');
    expect((await remove(mallory, [first.id])).code).toBe('1404');
    expect((await remove(mallory, [own!.id, second.id])).code).toBe('1404');
    expect(await rowsOf(alice.userId)).toEqual(before);
    expect(await rowsOf(mallory.userId)).toHaveLength(1);
  });

  it('walking sequential ids yields nothing', async () => {
    const alice = await signUp(shop.app);
    await save(alice, [hongKong(), hongKong()]);
    const walker = await signUp(shop.app);
    const before = await rowsOf(alice.userId);
    const [{ top = 0 } = {}] = await shop.database.db.select({ top: max(addresses.id) }).from(addresses);
    for (let id = 1; id <= (top ?? 0) + 3; id++) {
      expect((await byId(walker, id)).code, `get ${id}`).toBe('1404');
      expect((await setDefault(walker, id)).code, `default ${id}`).toBe('1404');
      expect((await remove(walker, [id])).code, `remove ${id}`).toBe('1404');
    }
    expect(await rowsOf(alice.userId)).toEqual(before);
  });
});
