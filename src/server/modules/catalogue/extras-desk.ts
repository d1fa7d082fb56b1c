/**
 * The back office's patches and add-ons (docs/back-office.md "Patches and add-ons"): list, create,
 * edit and (de)activate, each write in one transaction with its audit row (the fields it changed).
 * Nothing is ever deleted: orders froze their own copy of a line's patches and add-ons (name and
 * price, orders' `patches`/`addons` columns), and an inactive one is hidden from the configurator
 * and refused in new cart lines (cart/statements.ts). Carts price them from these tables on every
 * read (cart/pricing.ts), so a new price reaches every cart at once; migration 0009's triggers
 * queue the rebuild of every page (the configurator's choices are on each product page). The
 * storefront reads both tables uncached, so there is no cache to drop.
 */
import { and, arrayContains, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '../../../domain/api/envelope.ts';
import type { AdminAddonRow, AdminPatchRow } from '../../../domain/back-office/extras.model.ts';
import { changedFields, uploadedImageUrl } from '../../../domain/back-office/products.model.ts';
import type { Localised } from '../../../domain/locale.ts';
import { MEDIA_PREFIX } from '../../../domain/site-routes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { pictureStored, storePicture } from './image-desk.ts';
import { addons, navItems, patches, teams } from './schema.ts';
import { containsPattern } from './team-desk.ts';

export interface ExtraListFilter {
  query?: string | undefined;
  active?: 'active' | 'inactive' | undefined;
}

export interface PatchInput {
  nameEn: string;
  nameZh: string;
  price: number;
  image: string;
  fitsTags: string[];
}

export interface AddonInput {
  teamId: number;
  kind: string;
  nameEn: string;
  nameZh: string;
  price: number;
  image: string;
}

const UPLOADED = new RegExp(`^${MEDIA_PREFIX.replace(/[/.]/g, '\\$&')}/image/([0-9a-f]{64})-\\d+\\.webp$`);

const nameOf = (input: { nameEn: string; nameZh: string }): Localised => ({ 'en-US': input.nameEn, 'zh-CN': input.nameZh });

const nameMatches = (column: AnyPgColumn, like: string) => or(ilike(sql`${column}->>'en-US'`, like), ilike(sql`${column}->>'zh-CN'`, like))!;

const patchRowOf = (row: typeof patches.$inferSelect): AdminPatchRow => ({ id: row.id, name: row.patchName, price: row.patchPrice, image: row.image, fitsTags: row.fitsTags, active: row.active });

/** What an edit of a patch may change, as its audit row records it. */
const patchSnapshot = (row: AdminPatchRow) => ({ name: row.name, price: row.price, image: row.image, fitsTags: row.fitsTags });

const addonFields = { id: addons.id, teamId: addons.teamId, teamName: teams.name, kind: addons.kind, name: addons.name, price: addons.price, image: addons.image, active: addons.active };

const addonSnapshot = (row: Pick<AdminAddonRow, 'teamId' | 'kind' | 'name' | 'price' | 'image'>) => ({ teamId: row.teamId, kind: row.kind, name: row.name, price: row.price, image: row.image });

export class ExtrasDesk extends AuditedDesk {
  async patchList(filter: ExtraListFilter & { tag?: string | undefined }, page: PageRequest): Promise<Page<AdminPatchRow>> {
    const where: SQL[] = [];
    if (filter.query) where.push(nameMatches(patches.patchName, containsPattern(filter.query)));
    if (filter.active) where.push(eq(patches.active, filter.active === 'active'));
    if (filter.tag) where.push(arrayContains(patches.fitsTags, [filter.tag]));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      onePage(this.db.select().from(patches).where(condition).orderBy(asc(patches.id)).$dynamic(), page),
      this.db.select({ n: count() }).from(patches).where(condition),
    ]);
    return pageOf(rows.map(patchRowOf), total?.n ?? 0, page);
  }

  async createPatch(actor: AuditActor, input: PatchInput): Promise<AdminPatchRow> {
    return this.db.transaction(async (tx) => {
      await this.checkPatch(tx, input, null);
      const [row] = await tx.insert(patches).values({ patchName: nameOf(input), patchPrice: input.price, image: input.image, fitsTags: uniqueTags(input.fitsTags) }).returning();
      const created = patchRowOf(row!);
      await this.audit.record(tx, { actor, action: 'patch.create', entity: 'patch', entityId: created.id, before: null, after: patchSnapshot(created) });
      return created;
    });
  }

  async updatePatch(actor: AuditActor, id: number, input: PatchInput): Promise<AdminPatchRow> {
    return this.db.transaction(async (tx) => {
      const old = await this.lockPatch(tx, id);
      await this.checkPatch(tx, input, old.image);
      const next: AdminPatchRow = { ...old, name: nameOf(input), price: input.price, image: input.image, fitsTags: uniqueTags(input.fitsTags) };
      const diff = changedFields(patchSnapshot(old), patchSnapshot(next));
      if (Object.keys(diff.after).length === 0) return old;
      const [row] = await tx.update(patches).set({ patchName: next.name, patchPrice: next.price, image: next.image, fitsTags: next.fitsTags }).where(eq(patches.id, id)).returning();
      await this.audit.record(tx, { actor, action: 'patch.update', entity: 'patch', entityId: id, ...diff });
      return patchRowOf(row!);
    });
  }

  async setPatchActive(actor: AuditActor, id: number, active: boolean): Promise<AdminPatchRow> {
    return this.db.transaction(async (tx) => {
      const old = await this.lockPatch(tx, id);
      if (old.active === active) return old;
      const [row] = await tx.update(patches).set({ active }).where(eq(patches.id, id)).returning();
      await this.audit.record(tx, { actor, action: active ? 'patch.activate' : 'patch.deactivate', entity: 'patch', entityId: id, before: { active: old.active }, after: { active } });
      return patchRowOf(row!);
    });
  }

  async addonList(filter: ExtraListFilter & { team?: string | undefined }, page: PageRequest): Promise<Page<AdminAddonRow>> {
    const where: SQL[] = [];
    if (filter.query) {
      const like = containsPattern(filter.query);
      where.push(or(nameMatches(addons.name, like), ilike(addons.kind, like), nameMatches(teams.name, like))!);
    }
    if (filter.active) where.push(eq(addons.active, filter.active === 'active'));
    if (filter.team) where.push(eq(teams.tag, filter.team));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      onePage(this.db.select(addonFields).from(addons).innerJoin(teams, eq(teams.id, addons.teamId)).where(condition).orderBy(asc(addons.id)).$dynamic(), page),
      this.db.select({ n: count() }).from(addons).innerJoin(teams, eq(teams.id, addons.teamId)).where(condition),
    ]);
    return pageOf(rows, total?.n ?? 0, page);
  }

  async createAddon(actor: AuditActor, input: AddonInput): Promise<AdminAddonRow> {
    return this.db.transaction(async (tx) => {
      await this.checkAddon(tx, input, null);
      const [row] = await tx.insert(addons).values({ teamId: input.teamId, kind: input.kind, name: nameOf(input), price: input.price, image: input.image }).returning({ id: addons.id });
      const created = await this.addon(tx, row!.id);
      await this.audit.record(tx, { actor, action: 'addon.create', entity: 'addon', entityId: created.id, before: null, after: addonSnapshot(created) });
      return created;
    });
  }

  async updateAddon(actor: AuditActor, id: number, input: AddonInput): Promise<AdminAddonRow> {
    return this.db.transaction(async (tx) => {
      const old = await this.addon(tx, id, true);
      await this.checkAddon(tx, input, old.image);
      const diff = changedFields(addonSnapshot(old), addonSnapshot({ teamId: input.teamId, kind: input.kind, name: nameOf(input), price: input.price, image: input.image }));
      if (Object.keys(diff.after).length === 0) return old;
      await tx.update(addons).set({ teamId: input.teamId, kind: input.kind, name: nameOf(input), price: input.price, image: input.image }).where(eq(addons.id, id));
      await this.audit.record(tx, { actor, action: 'addon.update', entity: 'addon', entityId: id, ...diff });
      return this.addon(tx, id);
    });
  }

  async setAddonActive(actor: AuditActor, id: number, active: boolean): Promise<AdminAddonRow> {
    return this.db.transaction(async (tx) => {
      const old = await this.addon(tx, id, true);
      if (old.active === active) return old;
      await tx.update(addons).set({ active }).where(eq(addons.id, id));
      await this.audit.record(tx, { actor, action: active ? 'addon.activate' : 'addon.deactivate', entity: 'addon', entityId: id, before: { active: old.active }, after: { active } });
      return this.addon(tx, id);
    });
  }

  /** Checks and stores an uploaded picture (as a product image is), answering the URL a save takes. */
  async picture(base64: string): Promise<{ image: string }> {
    return { image: uploadedImageUrl(await storePicture(this.db, base64), 'large') };
  }

  private async lockPatch(tx: Tx, id: number): Promise<AdminPatchRow> {
    const [row] = await tx.select().from(patches).where(eq(patches.id, id)).for('update');
    if (!row) throw notFound('patch');
    return patchRowOf(row);
  }

  private async addon(tx: Tx, id: number, lock = false): Promise<AdminAddonRow> {
    const query = tx.select(addonFields).from(addons).innerJoin(teams, eq(teams.id, addons.teamId)).where(eq(addons.id, id));
    const [row] = lock ? await query.for('update', { of: addons }) : await query;
    if (!row) throw notFound('addon');
    return row;
  }

  /** Every tag a patch fits must be in the navigation tree (a typo would fit no product). */
  private async checkPatch(tx: Tx, input: PatchInput, currentImage: string | null): Promise<void> {
    const tags = uniqueTags(input.fitsTags);
    const known = await tx.select({ tag: navItems.tag }).from(navItems).where(inArray(navItems.tag, tags));
    const unknown = tags.filter((tag) => !known.some((row) => row.tag === tag));
    if (unknown.length) throw invalidFields({ path: 'body.fitsTags', problem: msg('extras.unknownTags', { tags: unknown.join(', ') }) });
    await checkImage(tx, input.image, currentImage);
  }

  private async checkAddon(tx: Tx, input: AddonInput, currentImage: string | null): Promise<void> {
    const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, input.teamId));
    if (!team) throw invalidFields({ path: 'body.teamId', problem: msg('notFound.team') });
    await checkImage(tx, input.image, currentImage);
  }
}

/**
 * A saved picture is the one the row has already, or one uploaded through the picture call: never
 * an address typed by hand, which would skip the upload's checks.
 */
async function checkImage(db: Db | Tx, image: string, current: string | null): Promise<void> {
  if (image === current) return;
  const hash = UPLOADED.exec(image)?.[1];
  if (!hash || !(await pictureStored(db, hash))) throw invalidFields({ path: 'body.image', problem: msg('extras.pictureNotUploaded') });
}

function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}
