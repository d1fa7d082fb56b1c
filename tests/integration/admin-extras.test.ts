/**
 * The back office's patches and add-ons (`product:edit`): create, edit and (de)activate with one
 * audit row each (the fields changed), bad input refused with nothing changed, the pictures
 * checked as product images are, the storefront and carts following at once (a deactivated patch
 * refused in a new cart line, a new price in a cart's price), and every page queued for a rebuild.
 */
import { and, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminExtrasApi } from '../../src/domain/api/admin/extras.ts';
import type { CartPage } from '../../src/domain/cart.model.ts';
import type { AdminAddonRow, AdminPatchRow } from '../../src/domain/back-office/extras.model.ts';
import type { Addon, Patch } from '../../src/domain/catalogue.schema.ts';
import { addons, patches, productSizes, products, teams } from '../../src/server/db/schema.ts';
import { auditCount, auditRows, callEntry, siteChangeMark, type Staff, staffTrio } from './admin-support.ts';
import { call, createTestShop, visitor, type TestShop } from './harness.ts';

let shop: TestShop;
let admin: Staff, customer: Staff;
/** A published shirt of a team, with stock in `size`, under a league tag. */
let product: { id: number; teamId: number; teamTag: string; leagueTag: string; size: string };
let picture: string;

beforeAll(async () => {
  shop = await createTestShop();
  ({ admin, customer } = await staffTrio(shop));
  const [row] = await shop.database.db
    .select({ id: products.id, teamId: teams.id, teamTag: teams.tag, leagueTag: teams.leagueTag, size: productSizes.size })
    .from(products)
    .innerJoin(teams, eq(teams.id, products.teamId))
    .innerJoin(productSizes, and(eq(productSizes.productId, products.id), gt(productSizes.stock, 20)))
    .where(eq(products.active, true))
    .limit(1);
  product = row!;
  const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#aa2233' } }).png().toBuffer();
  picture = (await callEntry<{ image: string }>(shop, adminExtrasApi.patchPicture, { data: png.toString('base64') }, admin)).data.image;
});
afterAll(async () => shop?.close());

const offeredPatches = async () => (await call<{ records: Patch[] }>(shop.app, '/demo/ironPatch/queryList', { productId: product.id, size: 100 })).data.records;
const offeredAddons = async () => (await call<Addon[] | { records: Addon[] }>(shop.app, '/demo/ironAddon/queryList', { productId: product.id })).data;
const addonIdsOf = (answer: Addon[] | { records: Addon[] }) => (Array.isArray(answer) ? answer : answer.records).map((addon) => addon.id);
const as = (visitorId: string) => ({ headers: { 'x-visitor-id': visitorId } });
const addLine = (visitorId: string, extras: { patch?: string; addons?: string }) =>
  call(shop.app, '/demo/ironCartItem/saveCartItemList', [{ productId: product.id, size: product.size, customType: 1, quantity: 1, ...extras }], as(visitorId));
const cartOf = async (visitorId: string) => (await call<CartPage>(shop.app, '/demo/ironCartItem/queryCartItemList', { currency: 'EUR' }, as(visitorId))).data;

function patchDraft(overrides: Record<string, unknown> = {}) {
  return { nameEn: 'Anniversary Badge', nameZh: '周年纪念徽章', price: 650, image: picture, fitsTags: [product.leagueTag], ...overrides };
}

describe('patches', () => {
  it('are for product:edit only', async () => {
    expect((await callEntry(shop, adminExtrasApi.patchList, {}, customer)).code).toBe('1403');
    expect((await callEntry(shop, adminExtrasApi.patchCreate, patchDraft(), customer)).code).toBe('1403');
    expect((await callEntry(shop, adminExtrasApi.addonList, {}, null)).status).toBe(401);
  });

  it('creates a patch the league’s products offer, edits it (carts reprice, pages rebuild) and deactivates it (refused in new lines)', async () => {
    const mark = await siteChangeMark(shop);
    const created = await callEntry<AdminPatchRow>(shop, adminExtrasApi.patchCreate, patchDraft(), admin);
    expect(created.code).toBe('0000');
    expect(created.data).toMatchObject({ name: { 'en-US': 'Anniversary Badge', 'zh-CN': '周年纪念徽章' }, price: 650, image: picture, fitsTags: [product.leagueTag], active: true });
    const id = created.data.id;
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'patch.create', entity: 'patch', entityId: String(id), before: null, after: { price: 650, fitsTags: [product.leagueTag] } });
    expect(await siteChangeMark(shop)).toBeGreaterThan(mark);
    expect((await offeredPatches()).find((patch) => patch.id === id)).toMatchObject({ patchName: 'Anniversary Badge', patchPrice: 650, image: picture });

    const shopper = visitor();
    expect((await addLine(shopper, { patch: String(id) })).code).toBe('0000');
    const before = (await cartOf(shopper)).records[0]!.price;

    const afterCreate = await siteChangeMark(shop);
    const edited = await callEntry<AdminPatchRow>(shop, adminExtrasApi.patchUpdate, { id, ...patchDraft({ price: 900 }) }, admin);
    expect(edited.data.price).toBe(900);
    // One row, with only what changed.
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'patch.update', entityId: String(id), before: { price: 650 }, after: { price: 900 } });
    expect(Object.keys((await auditRows(shop))[0]!.after as object)).toEqual(['price']);
    expect(await siteChangeMark(shop)).toBeGreaterThan(afterCreate);
    expect((await cartOf(shopper)).records[0]!.price).toBe(before + 250);

    // The same values again write nothing.
    const rows = await auditCount(shop);
    expect((await callEntry(shop, adminExtrasApi.patchUpdate, { id, ...patchDraft({ price: 900 }) }, admin)).code).toBe('0000');
    expect(await auditCount(shop)).toBe(rows);

    const off = await callEntry<AdminPatchRow>(shop, adminExtrasApi.patchSetActive, { id, active: false }, admin);
    expect(off.data.active).toBe(false);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'patch.deactivate', before: { active: true }, after: { active: false } });
    expect((await offeredPatches()).map((patch) => patch.id)).not.toContain(id);
    expect((await addLine(visitor(), { patch: String(id) })).code).not.toBe('0000');
    // The row stays (orders keep their own copy); the list shows it under "inactive".
    const inactive = await callEntry(shop, adminExtrasApi.patchList, { active: 'inactive', tag: product.leagueTag }, admin);
    expect(inactive.data.records.map((row: AdminPatchRow) => row.id)).toContain(id);
    const active = await callEntry(shop, adminExtrasApi.patchList, { active: 'active', tag: product.leagueTag }, admin);
    expect(active.data.records.map((row: AdminPatchRow) => row.id)).not.toContain(id);
  });

  it('refuses bad input and changes nothing', async () => {
    const [existing] = await shop.database.db.select().from(patches).where(eq(patches.active, true)).limit(1);
    const rows = await auditCount(shop);
    const count = (await shop.database.db.select().from(patches)).length;
    const bad: [Record<string, unknown>, string][] = [
      [patchDraft({ nameEn: '' }), 'nameEn'],
      [patchDraft({ nameZh: 'x'.repeat(81) }), 'nameZh'],
      [patchDraft({ price: -1 }), 'price'],
      [patchDraft({ price: 100_001 }), 'price'],
      [patchDraft({ price: 6.5 }), 'price'],
      [patchDraft({ fitsTags: [] }), 'fitsTags'],
      [patchDraft({ fitsTags: ['no-such-league'] }), 'no-such-league'],
      [patchDraft({ image: 'https://example.com/badge.png' }), 'image'],
      [patchDraft({ image: picture.replace(/[0-9a-f]{64}/, 'f'.repeat(64)) }), 'image'],
      [patchDraft({ extra: true }), 'extra'],
    ];
    for (const [body, field] of bad) {
      const answer = await callEntry(shop, adminExtrasApi.patchCreate, body, admin);
      expect(answer.code, JSON.stringify(body)).toBe('1001');
      expect(JSON.stringify(answer), field).toContain(field);
      expect((await callEntry(shop, adminExtrasApi.patchUpdate, { id: existing!.id, ...body }, admin)).code).toBe('1001');
    }
    expect((await callEntry(shop, adminExtrasApi.patchUpdate, { id: 999_999, ...patchDraft() }, admin)).code).toBe('1404');
    expect(await auditCount(shop)).toBe(rows);
    expect((await shop.database.db.select().from(patches)).length).toBe(count);
    expect((await shop.database.db.select().from(patches).where(eq(patches.id, existing!.id)))[0]).toEqual(existing);
    // An unknown tag is named in the shopper's language.
    const zh = await callEntry(shop, adminExtrasApi.patchCreate, patchDraft({ fitsTags: ['no-such-league'] }), admin, { 'accept-language': 'zh-CN' });
    expect(JSON.stringify(zh)).toContain('导航中没有这些标签');
  });

  it('checks an uploaded picture as a product image', async () => {
    const notImage = await callEntry(shop, adminExtrasApi.patchPicture, { data: Buffer.from('not a picture at all').toString('base64') }, admin);
    expect(notImage.code).toBe('1001');
    // An existing picture (the seed's drawn art) is kept on an edit without an upload.
    const [existing] = await shop.database.db.select().from(patches).limit(1);
    const kept = await callEntry<AdminPatchRow>(shop, adminExtrasApi.patchUpdate, { id: existing!.id, nameEn: existing!.patchName['en-US'], nameZh: existing!.patchName['zh-CN'], price: existing!.patchPrice, image: existing!.image, fitsTags: existing!.fitsTags }, admin);
    expect(kept.code).toBe('0000');
  });
});

describe('add-ons', () => {
  it('creates a new kind for a team, offered with its products, edits it (carts reprice) and deactivates it', async () => {
    const draft = { teamId: product.teamId, kind: 'training-top', nameEn: 'Training top', nameZh: '训练上衣', price: 2500, image: picture };
    const created = await callEntry<AdminAddonRow>(shop, adminExtrasApi.addonCreate, draft, admin);
    expect(created.code).toBe('0000');
    const id = created.data.id;
    expect(created.data).toMatchObject({ teamId: product.teamId, kind: 'training-top', price: 2500, active: true });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'addon.create', entity: 'addon', entityId: String(id), after: { kind: 'training-top', price: 2500 } });
    expect(addonIdsOf(await offeredAddons())).toContain(id);

    const shopper = visitor();
    expect((await addLine(shopper, { addons: String(id) })).code).toBe('0000');
    const before = (await cartOf(shopper)).records[0]!.price;
    await callEntry(shop, adminExtrasApi.addonUpdate, { id, ...draft, price: 2000 }, admin);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'addon.update', before: { price: 2500 }, after: { price: 2000 } });
    expect((await cartOf(shopper)).records[0]!.price).toBe(before - 500);

    const listed = await callEntry(shop, adminExtrasApi.addonList, { team: product.teamTag, query: 'training' }, admin);
    expect(listed.data.records.map((row: AdminAddonRow) => row.id)).toEqual([id]);

    await callEntry(shop, adminExtrasApi.addonSetActive, { id, active: false }, admin);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'addon.deactivate' });
    expect(addonIdsOf(await offeredAddons())).not.toContain(id);
    expect((await addLine(visitor(), { addons: String(id) })).code).not.toBe('0000');
    expect((await shop.database.db.select().from(addons).where(eq(addons.id, id))).length).toBe(1);
  });

  it('refuses bad input and changes nothing', async () => {
    const rows = await auditCount(shop);
    const count = (await shop.database.db.select().from(addons)).length;
    const draft = { teamId: product.teamId, kind: 'socks', nameEn: 'Away socks', nameZh: '客场球袜', price: 900, image: picture };
    for (const body of [
      { ...draft, teamId: 999_999 },
      { ...draft, kind: 'Shorts!' },
      { ...draft, kind: '' },
      { ...draft, nameEn: ' ' },
      { ...draft, price: 100_001 },
      { ...draft, image: '/api/media/shorts/000000.ffffff.svg' },
    ]) {
      expect((await callEntry(shop, adminExtrasApi.addonCreate, body, admin)).code, JSON.stringify(body)).toBe('1001');
    }
    expect(await auditCount(shop)).toBe(rows);
    expect((await shop.database.db.select().from(addons)).length).toBe(count);
  });
});
