/**
 * Taxes in the back office (issue 29): the product's tax class saved through the product save
 * (read back in the editor's detail, audited like the other fields, a bad class refused on its
 * field with nothing changed), and the settings sections `taxes` and `seller` saved through the
 * settings save (a bad registration number refused with the field named, a rate edit stored and
 * read back with its audit row, the seller's series kept apart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductsApi } from '../../src/domain/api/admin/products.ts';
import { adminSettingsApi } from '../../src/domain/api/admin/settings.ts';
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import type { AdminSettings, ShopSettings } from '../../src/domain/settings.model.ts';
import type { TaxSection } from '../../src/domain/tax/tax.model.ts';
import { auditCount, auditRows, callEntry, productDraft, staffAccount, staffTrio, type Staff } from './admin-support.ts';
import { createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
let owner: Staff, admin: Staff;

beforeAll(async () => {
  shop = await createTestShop();
  ({ owner, admin } = await staffTrio(shop));
});
afterAll(async () => shop?.close());

function fieldsOf(p: AdminProduct) {
  const { id: _i, version: _v, published: _p, listed: _l, images: _im, art: _a, patches: _pa, addons: _ad, updatedAt: _u, ...fields } = p;
  return fields;
}

const getProduct = async (id: number) => (await callEntry<AdminProduct>(shop, adminProductsApi.get, { id }, admin)).data;
const settingsNow = async (): Promise<AdminSettings> => (await callEntry<AdminSettings>(shop, adminSettingsApi.settings, undefined, owner)).data;
const save = (section: string, value: unknown) => callEntry<AdminSettings & { issues?: { path: string; message: string }[] }>(shop, adminSettingsApi.saveSettings, { section, value }, owner);

describe('the product tax class', () => {
  it('starts standard, is saved and read back with an audit row naming only it, and goes with a duplicate', async () => {
    const created = await callEntry<AdminProduct>(shop, adminProductsApi.create, productDraft(), admin);
    expect(created.code, created.msg).toBe('0000');
    expect(created.data.taxClass).toBe('standard');

    const before = await auditCount(shop);
    const saved = await callEntry<AdminProduct>(shop, adminProductsApi.update, { id: created.data.id, version: 1, ...fieldsOf(created.data), taxClass: 'children' }, admin);
    expect(saved.code, saved.msg).toBe('0000');
    expect(saved.data).toMatchObject({ version: 2, taxClass: 'children' });
    expect((await getProduct(created.data.id)).taxClass).toBe('children');
    expect(await auditCount(shop)).toBe(before + 1);
    const [row] = await auditRows(shop);
    expect(row).toMatchObject({ action: 'product.update', entityId: String(created.data.id), actorId: admin.userId, before: { taxClass: 'standard' }, after: { taxClass: 'children' } });
    expect(Object.keys(row!.after as object)).toEqual(['taxClass']);

    const copy = await callEntry<AdminProduct>(shop, adminProductsApi.duplicate, { id: created.data.id }, admin);
    expect(copy.data.taxClass).toBe('children');
  });

  it('a new product may be created exempt', async () => {
    const created = await callEntry<AdminProduct>(shop, adminProductsApi.create, productDraft({ taxClass: 'exempt' }), admin);
    expect(created.code, created.msg).toBe('0000');
    expect((await getProduct(created.data.id)).taxClass).toBe('exempt');
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'product.create', after: { taxClass: 'exempt' } });
  });

  it('refuses a class that is not one, on its field, and changes nothing', async () => {
    const created = (await callEntry<AdminProduct>(shop, adminProductsApi.create, productDraft(), admin)).data;
    const before = await auditCount(shop);
    for (const taxClass of ['zero', '', null, 'Children']) {
      const answer = await callEntry<{ issues: { path: string; message: string }[] }>(shop, adminProductsApi.update, { id: created.id, version: 1, ...fieldsOf(created), taxClass }, admin);
      expect(answer.code, String(taxClass)).toBe('1001');
      expect(answer.data.issues).toContainEqual({ path: 'body.taxClass', message: 'the tax class is one of standard, children, exempt' });
    }
    const missing = await callEntry<{ issues: { path: string }[] }>(shop, adminProductsApi.update, { id: created.id, version: 1, ...fieldsOf(created), taxClass: undefined }, admin);
    expect(missing.code).toBe('1001');
    expect(missing.data.issues.map((i) => i.path)).toContain('body.taxClass');
    expect((await callEntry(shop, adminProductsApi.create, productDraft({ taxClass: 'reduced' }), admin)).code).toBe('1001');
    expect(await auditCount(shop)).toBe(before);
    expect(await getProduct(created.id)).toMatchObject({ version: 1, taxClass: 'standard' });
  });

  it('is not for a customer to change', async () => {
    const created = (await callEntry<AdminProduct>(shop, adminProductsApi.create, productDraft(), admin)).data;
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    expect((await callEntry(shop, adminProductsApi.update, { id: created.id, version: 1, ...fieldsOf(created), taxClass: 'exempt' }, shopper)).code).toBe('1403');
    expect((await getProduct(created.id)).taxClass).toBe('standard');
  });
});

describe('Settings -> Taxes and Seller', () => {
  const taxes = (settings: ShopSettings, change: Partial<TaxSection>): TaxSection => ({ ...settings.taxes, ...change });

  it('refuses a bad registration number with the field named, and OSS outside the EU on its scheme; nothing is saved', async () => {
    const { settings, savedAt } = await settingsNow();
    const before = await auditCount(shop);
    const badNumber = await save('taxes', taxes(settings, { registrations: [{ scheme: 'EU-OSS', number: 'DE123456789' }, { scheme: 'GB-VAT', number: 'GB12345' }] }));
    expect(badNumber.code).toBe('1001');
    expect(badNumber.data.issues).toEqual([{ path: 'body.value.registrations.1.number', message: 'not a GB-VAT number (for example GB123456789)' }]);

    const ossAbroad = await save('taxes', taxes(settings, { homeCountry: 'GB', registrations: [{ scheme: 'EU-OSS', number: 'X1' }] }));
    expect(ossAbroad.code).toBe('1001');
    expect(ossAbroad.data.issues).toEqual([{ path: 'body.value.registrations.0.scheme', message: 'OSS is for a merchant established in the EU (outside it: IOSS)' }]);

    const noProvince = await save('taxes', taxes(settings, { homeCountry: 'CA', homeRegion: null, registrations: [] }));
    expect(noProvince.data.issues?.map((i) => i.path)).toEqual(['body.value.homeRegion']);

    const badRate = await save('taxes', taxes(settings, { rateEdits: [{ market: 'DE', tax: 'VAT', standard: 19.5, children: null, checkedOn: '2026-11-01' }] }));
    expect(badRate.data.issues?.map((i) => i.path)).toEqual(['body.value.rateEdits.0.standard']);

    expect(await auditCount(shop)).toBe(before);
    expect(await settingsNow()).toEqual({ settings, savedAt });
  });

  it('stores registrations, a US state and a rate edit, reads them back, and audits what changed', async () => {
    const { settings } = await settingsNow();
    const before = await auditCount(shop);
    // Whatever the shop started with (the demo seed's merchant, or the defaults).
    const value = taxes(settings, {
      homeTaxNumber: 'DE999999999',
      registrations: [
        { scheme: 'EU-OSS', number: 'DE123456789' },
        { scheme: 'GB-VAT', number: 'GB 123 4567 89' },
      ],
      usStates: { NY: { rate: 8875, taxShipping: true, number: null } },
      rateEdits: [{ market: 'FR', tax: 'VAT', standard: 20_500, children: null, checkedOn: '2026-11-20' }],
    });
    const answer = await save('taxes', value);
    expect(answer.code, answer.msg).toBe('0000');
    const read = await settingsNow();
    expect(read.settings.taxes).toEqual(value);
    expect(read.savedAt.taxes).not.toBeNull();
    expect(await auditCount(shop)).toBe(before + 1);
    const [row] = await auditRows(shop);
    expect(row).toMatchObject({
      action: 'settings.save',
      entity: 'settings',
      entityId: 'taxes',
      actorId: owner.userId,
      before: { homeTaxNumber: settings.taxes.homeTaxNumber, rateEdits: settings.taxes.rateEdits },
      after: { homeTaxNumber: 'DE999999999', rateEdits: value.rateEdits },
    });

    // Back to the default: the edit goes, the rest stays.
    expect((await save('taxes', { ...value, rateEdits: [] })).code).toBe('0000');
    expect((await settingsNow()).settings.taxes).toEqual({ ...value, rateEdits: [] });
  });

  it('is for the owner only (settings:edit)', async () => {
    const { settings } = await settingsNow();
    expect((await callEntry(shop, adminSettingsApi.saveSettings, { section: 'taxes', value: settings.taxes }, admin)).code).toBe('1403');
    expect((await callEntry(shop, adminSettingsApi.saveSettings, { section: 'seller', value: settings.seller }, admin)).code).toBe('1403');
  });

  it('saves the seller, and refuses one series for both invoices and credit notes', async () => {
    const seller = { legalName: 'Jersey Shop GmbH', address: ['Hauptstraße 1', '10115 Berlin', 'Germany'], email: 'invoices@jersey.example', invoiceSeries: 'RE', creditNoteSeries: 'GS' };
    expect((await save('seller', seller)).code).toBe('0000');
    expect((await settingsNow()).settings.seller).toEqual(seller);
    const before = await auditCount(shop);
    const same = await save('seller', { ...seller, creditNoteSeries: 'RE' });
    expect(same.code).toBe('1001');
    expect(same.data.issues).toEqual([{ path: 'body.value.creditNoteSeries', message: 'credit notes need a series of their own' }]);
    const lower = await save('seller', { ...seller, invoiceSeries: 'inv' });
    expect(lower.data.issues?.map((i) => i.path)).toEqual(['body.value.invoiceSeries']);
    expect(await auditCount(shop)).toBe(before);
    expect((await settingsNow()).settings.seller).toEqual(seller);
  });
});
