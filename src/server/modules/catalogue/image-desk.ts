/**
 * Uploaded product images: checked by their bytes (JPEG, PNG, WebP, whatever the name or header
 * says), resized with sharp to the storefront's widths as WebP in the shirt art's frame, stored in
 * the database by content hash (so every instance serves the same bytes after any restart), and
 * listed in order per product. The product's `images` follow at once: the uploaded ones, or the
 * generated shirt art when none is left; through migration 0003's trigger that write drops every
 * instance's cached answers. It leaves the version alone: the editor's save never writes images,
 * so an upload does not make the form open beside it stale.
 */
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import {
  IMAGE_ASPECT,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_WIDTHS,
  IMAGES_PER_PRODUCT_MAX,
  sniffImageType,
  uploadedImageUrl,
  type AdminProductImage,
} from '../../../domain/back-office/products.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { metrics } from '../../metrics.ts';
import { loadSharp } from '../../on-first-use.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { mediaFiles, productImages } from './images-schema.ts';
import { products } from './schema.ts';

/**
 * Decodes at once on this instance: each holds up to IMAGE_MAX_PIXELS of the original while
 * sharp resizes it (libvips spreads one decode over every core already), so more at once would
 * only add memory: eight large uploads at once added about 430 MB before this bound.
 */
const DECODES_AT_ONCE = 2;

/** A counting semaphore: `run` waits for one of `size` places, then runs `work` in it. */
class Places {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

const decodes = new Places(DECODES_AT_ONCE);

/**
 * Runs a decode in one of the instance's DECODES_AT_ONCE places: every uploaded picture the shop
 * decodes (product images here, claims' photos in the returns module) shares the one bound.
 */
export function boundedDecode<T>(work: () => Promise<T>): Promise<T> {
  metrics.imageDecodes.inc();
  return decodes.run(work);
}

/**
 * The original's size from its header alone (sharp's metadata() decodes no pixels), refused over
 * IMAGE_MAX_PIXELS with the size it claims.
 */
export async function checkPixels(bytes: Uint8Array): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  const sharp = await loadSharp();
  try {
    // The header's claim is what is checked here, so sharp's own pixel limit must not refuse it first.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw invalid('product.image.unreadable');
  }
  if (!width || !height) throw invalid('product.image.unreadable');
  if (width * height > IMAGE_MAX_PIXELS) throw invalid(msg('product.image.tooManyPixels', { width, height, megapixels: IMAGE_MAX_PIXELS / 1_000_000 }));
}

/** Each width of the original as WebP, cropped to the frame around its centre: one after the other, each a decode. */
async function variantsOf(bytes: Uint8Array): Promise<{ width: number; webp: Buffer }[]> {
  metrics.imageDecodes.inc();
  const variants: { width: number; webp: Buffer }[] = [];
  const sharp = await loadSharp();
  try {
    for (const width of Object.values(IMAGE_WIDTHS)) {
      const webp = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .resize({ width, height: Math.round(width * IMAGE_ASPECT), fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
      variants.push({ width, webp });
    }
  } catch {
    throw invalid('product.image.unreadable');
  }
  return variants;
}

/**
 * The cheap half of the check every image the shop takes goes through (the editor's upload, the
 * catalogue import's zip): size, then type by the first bytes (never the name); answers the
 * original's SHA-256, the key of its stored variants.
 */
export function checkedOriginal(bytes: Uint8Array): string {
  if (bytes.length > IMAGE_MAX_BYTES) throw fail(CODES.PAYLOAD_TOO_LARGE, 'product.image.tooLarge');
  if (sniffImageType(bytes) === null) throw invalid('product.image.type');
  return createHash('sha256').update(bytes).digest('hex');
}

export type ImageVariants = { width: number; webp: Buffer }[];

/** The costly half: the pixels the header claims, then the decode into every width, in one of the instance's decode places. */
export async function imageVariants(bytes: Uint8Array): Promise<ImageVariants> {
  await checkPixels(bytes);
  return decodes.run(() => variantsOf(bytes));
}

/** An original's variants stored by their content-addressed keys (already there: the same bytes, left alone). */
export async function storeVariants(tx: Tx, hash: string, variants: ImageVariants): Promise<void> {
  await tx
    .insert(mediaFiles)
    .values(variants.map((v) => ({ key: `${hash}-${v.width}.webp`, contentType: 'image/webp', bytes: v.webp })))
    .onConflictDoNothing();
}

/**
 * A picture of something other than a product (a patch, an add-on): checked and stored as a product
 * image is, answering its content hash. Nothing names it until a save does.
 */
export async function storePicture(db: Db, base64: string): Promise<string> {
  const bytes = Buffer.from(base64, 'base64');
  const hash = checkedOriginal(bytes);
  const variants = await imageVariants(bytes);
  await db.transaction((tx) => storeVariants(tx, hash, variants));
  return hash;
}

/** Whether the picture `hash` names was stored (every variant is written at once, so one says it). */
export async function pictureStored(db: Db | Tx, hash: string): Promise<boolean> {
  const [row] = await db.select({ key: mediaFiles.key }).from(mediaFiles).where(eq(mediaFiles.key, `${hash}-${IMAGE_WIDTHS.large}.webp`));
  return row !== undefined;
}

const tooMany = () => fail(CODES.CONFLICT, msg('product.image.tooMany', { max: IMAGES_PER_PRODUCT_MAX }));

const imageOf = (hash: string): AdminProductImage => ({ hash, url: uploadedImageUrl(hash, 'large'), thumbUrl: uploadedImageUrl(hash, 'thumb') });

export class ProductImageDesk extends AuditedDesk {
  /** One stored variant by its key ("<hash>-<width>.webp"), or null. */
  async file(key: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
    const [row] = await this.db.select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes }).from(mediaFiles).where(eq(mediaFiles.key, key));
    return row ?? null;
  }

  private async hashes(tx: Tx, productId: number): Promise<string[]> {
    const rows = await tx.select({ hash: productImages.hash }).from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.sort));
    return rows.map((r) => r.hash);
  }

  /** Locks the product; answers its art. */
  private async lockProduct(tx: Tx, productId: number): Promise<string[]> {
    const [row] = await tx.select({ art: products.art }).from(products).where(eq(products.id, productId)).for('update');
    if (!row) throw notFound('product');
    return row.art;
  }

  /** Writes the order and the product's storefront images, with the audit row. */
  private async save(tx: Tx, actor: AuditActor, productId: number, action: string, before: string[], after: string[], art: string[]): Promise<AdminProductImage[]> {
    await tx.delete(productImages).where(eq(productImages.productId, productId));
    if (after.length) await tx.insert(productImages).values(after.map((hash, sort) => ({ productId, hash, sort })));
    const images = after.length ? after.map((hash) => uploadedImageUrl(hash, 'large')) : art;
    await tx
      .update(products)
      .set({ images, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await this.audit.record(tx, { actor, action, entity: 'product', entityId: productId, before: { images: before }, after: { images: after } });
    return after.map(imageOf);
  }

  /**
   * This instance's uploads of each product that passed the count and are not added yet: counted
   * with the product's images, so of ten uploads at once to a product holding none, two are
   * refused before anything decodes them.
   */
  private readonly pending = new Map<number, number>();

  private release(productId: number): void {
    const left = (this.pending.get(productId) ?? 1) - 1;
    if (left > 0) this.pending.set(productId, left);
    else this.pending.delete(productId);
  }

  /**
   * Everything cheap comes before the decode: size, type, the product's count under its lock
   * (its images and this instance's uploads under way), then the pixels its header claims. The
   * decode waits for one of DECODES_AT_ONCE places, outside any transaction; the image is added
   * under the lock again, whose count check is what holds across instances.
   */
  async upload(actor: AuditActor, productId: number, base64: string): Promise<AdminProductImage[]> {
    const bytes = Buffer.from(base64, 'base64');
    const hash = checkedOriginal(bytes);
    let reserved = false;
    try {
      const known = await this.db.transaction(async (tx) => {
        await this.lockProduct(tx, productId);
        const before = await this.hashes(tx, productId);
        if (before.includes(hash)) return before;
        const under = this.pending.get(productId) ?? 0;
        if (before.length + under >= IMAGES_PER_PRODUCT_MAX) throw tooMany();
        this.pending.set(productId, under + 1);
        reserved = true;
        return null;
      });
      if (known) return known.map(imageOf);
      const variants = await imageVariants(bytes);
      return await this.db.transaction(async (tx) => {
        const art = await this.lockProduct(tx, productId);
        const before = await this.hashes(tx, productId);
        if (before.includes(hash)) return before.map(imageOf);
        if (before.length >= IMAGES_PER_PRODUCT_MAX) throw tooMany();
        await storeVariants(tx, hash, variants);
        const images = await this.save(tx, actor, productId, 'product.imageAdd', before, [...before, hash], art);
        // Before the commit: an upload waiting for this lock then finds the image in the table, not also here.
        this.release(productId);
        reserved = false;
        return images;
      });
    } finally {
      if (reserved) this.release(productId);
    }
  }

  /** The product's images in a new order: every one of them, once. */
  async reorder(actor: AuditActor, productId: number, hashes: string[]): Promise<AdminProductImage[]> {
    return this.db.transaction(async (tx) => {
      const art = await this.lockProduct(tx, productId);
      const before = await this.hashes(tx, productId);
      if (hashes.length !== before.length || new Set(hashes).size !== hashes.length || !hashes.every((h) => before.includes(h))) throw invalid('product.image.order');
      if (hashes.every((h, i) => h === before[i])) return before.map(imageOf);
      return this.save(tx, actor, productId, 'product.imageOrder', before, hashes, art);
    });
  }

  /** Takes one image off the product (its bytes stay: an old URL keeps working for caches and orders' mails). */
  async remove(actor: AuditActor, productId: number, hash: string): Promise<AdminProductImage[]> {
    return this.db.transaction(async (tx) => {
      const art = await this.lockProduct(tx, productId);
      const before = await this.hashes(tx, productId);
      if (!before.includes(hash)) throw notFound('image');
      return this.save(tx, actor, productId, 'product.imageRemove', before, before.filter((h) => h !== hash), art);
    });
  }
}

/** Whether `key` names a stored variant's URL file ("<64 hex>-<width>.webp"). */
export function isImageKey(key: string): boolean {
  const match = /^[0-9a-f]{64}-(\d+)\.webp$/.exec(key);
  return match !== null && (Object.values(IMAGE_WIDTHS) as number[]).includes(Number(match[1]));
}
