/**
 * The shop's settings (domain/settings.model.ts): the settings table's one writer, and the one
 * reader everything prices from. Reads go through an in-process cache that every instance drops
 * when the database announces a change (migration 0012's trigger on SETTINGS_CHANNEL, the same
 * LISTEN/NOTIFY path as the catalogue's caches), so a saved rate or threshold prices the next cart
 * on every instance. A section without a row is its default: a fresh shop behaves as before.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { checkoutTerms, pricingTerms, defaultSettings, settingChanges, SETTING_SECTIONS, type AdminSettings, type CheckoutTerms, type SettingSection, type ShopSettings } from '../../../domain/settings.model.ts';
import { settingsSaveRequestSchema, type SettingsSaveRequest } from '../../../domain/settings.schema.ts';
import type { DiscountTier } from '../../../domain/pricing.ts';
import type { PricingTerms } from '../../../domain/shipping.ts';
import type { Db, Tx } from '../../db/client.ts';
import { Cached } from '../../http/cached.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { settings } from './schema.ts';

/** Migration 0012's triggers say "<section>" here whenever a settings row changes. */
export const SETTINGS_CHANNEL = 'settings_changes';

interface Snapshot {
  settings: ShopSettings;
  savedAt: Record<SettingSection, string | null>;
}

/** Each section's schema, for reading a stored row back (a row that no longer fits falls back to the default). */
function sectionSchema(section: SettingSection): z.ZodType {
  const option = settingsSaveRequestSchema.options.find((o) => o.shape.section.value === section)!;
  return option.shape.value;
}

export class SettingsService {
  private readonly db: Db;
  private readonly audit: AuditLog;
  private readonly defaults: ShopSettings;
  private readonly snapshot: Cached<Snapshot>;
  private readonly log: (message: string, section: string) => void;

  /** `discountTiers`: the configured DISCOUNT_TIERS, the tiers section's default. */
  constructor(deps: { db: Db; audit: AuditLog; merchantEmail: string | null; discountTiers?: readonly DiscountTier[]; warn?: (message: string, section: string) => void }) {
    this.db = deps.db;
    this.audit = deps.audit;
    this.defaults = defaultSettings(deps.merchantEmail, deps.discountTiers);
    this.log = deps.warn ?? (() => {});
    this.snapshot = new Cached(() => this.load(), 'settings');
  }

  private async load(db: Db | Tx = this.db): Promise<Snapshot> {
    const rows = await db.select().from(settings);
    const current: Record<string, unknown> = { ...this.defaults };
    const savedAt = Object.fromEntries(SETTING_SECTIONS.map((s) => [s, null])) as Record<SettingSection, string | null>;
    for (const row of rows) {
      if (!(SETTING_SECTIONS as readonly string[]).includes(row.section)) continue;
      const section = row.section as SettingSection;
      const parsed = sectionSchema(section).safeParse(row.value);
      if (!parsed.success) {
        this.log('a stored setting does not fit its schema: the default is used', section);
        continue;
      }
      current[section] = parsed.data;
      savedAt[section] = row.updatedAt.toISOString();
    }
    return { settings: current as unknown as ShopSettings, savedAt };
  }

  /** A notification from SETTINGS_CHANNEL (null: some may have been missed): drop what is kept. */
  changed(): void {
    this.snapshot.invalidate();
  }

  async current(): Promise<ShopSettings> {
    return (await this.snapshot.get()).settings;
  }

  /**
   * The settings for work inside a caller's transaction (an invoice's seller, the merchant's
   * address in the paying transaction): the kept value, or, after a save dropped it, read through
   * that transaction. Never through the pool: PGlite's one connection cannot serve it while the
   * transaction holds it, and the payment would wait for itself.
   */
  async currentIn(tx: Tx): Promise<ShopSettings> {
    return (this.snapshot.peek() ?? (await this.load(tx))).settings;
  }

  /** What the server prices with now. */
  async terms(): Promise<PricingTerms> {
    return pricingTerms(await this.current());
  }

  /** What checkout prices and taxes with now (the tax settings and the rates with the merchant's edits). */
  async checkoutTerms(): Promise<CheckoutTerms> {
    return checkoutTerms(await this.current());
  }

  async adminView(): Promise<AdminSettings> {
    const { settings: value, savedAt } = await this.snapshot.get();
    return { settings: value, savedAt };
  }

  /**
   * Saves one section with its audit row (the changed fields, before and after) in one
   * transaction. Saving what is there already writes and records nothing.
   */
  async save(actor: AuditActor, request: SettingsSaveRequest): Promise<AdminSettings> {
    const { section, value } = request;
    const changed = await this.db.transaction(async (tx) => {
      // One writer per section at a time, so the audit's "before" is what the save replaced.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`settings|${section}`}, 0))`);
      const [row] = await tx.select().from(settings).where(eq(settings.section, section)).for('update');
      const stored = row ? sectionSchema(section).safeParse(row.value) : null;
      const before = stored?.success ? stored.data : this.defaults[section];
      const changes = settingChanges(before, value);
      if (changes.length === 0) return false;
      await tx
        .insert(settings)
        .values({ section, value })
        .onConflictDoUpdate({ target: settings.section, set: { value, updatedAt: sql`now()` } });
      await this.audit.record(tx, { actor, action: 'settings.save', entity: 'settings', entityId: section, before: Object.fromEntries(changes.map((c) => [c.path, c.before])), after: Object.fromEntries(changes.map((c) => [c.path, c.after])) });
      return true;
    });
    // This instance hears its own notification too; dropping now means the answer below is fresh.
    if (changed) this.snapshot.invalidate();
    return this.adminView();
  }
}
