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
import sharp from 'sharp';
import { asc, eq } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import {
  IMAGE_ASPECT,
  IMAGE_MAX_BYTES,
  IMAGE_WIDTHS,
  IMAGES_PER_PRODUCT_MAX,
  sniffImageType,
  uploadedImageUrl,
  type AdminProductImage,
} from '../../../domain/product-admin.model.ts';
import type { Tx } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { mediaFiles, productImages } from './images-schema.ts';
import { products } from './schema.ts';

/** Decoding bombs: a small file may claim a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Each width of the original as WebP, cropped to the frame around its centre. */
async function variantsOf(bytes: Uint8Array): Promise<{ width: number; webp: Buffer }[]> {
  try {
    return await Promise.all(
      Object.values(IMAGE_WIDTHS).map(async (width) => ({
        width,
        webp: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, height: Math.round(width * IMAGE_ASPECT), fit: 'cover' })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    throw invalid('product.image.unreadable');
  }
}

const imageOf = (hash: string): AdminProductImage => ({ hash, url: uploadedImageUrl(hash, 'large'), thumbUrl: uploadedImageUrl(hash, 'thumb') });

export class ProductImages extends AuditedDesk {
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

  async upload(actor: AuditActor, productId: number, base64: string): Promise<AdminProductImage[]> {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > IMAGE_MAX_BYTES) throw fail(CODES.PAYLOAD_TOO_LARGE, 'product.image.tooLarge');
    if (sniffImageType(bytes) === null) throw invalid('product.image.type');
    const hash = createHash('sha256').update(bytes).digest('hex');
    // Resizing is the slow part: done before the transaction holds any lock.
    const variants = await variantsOf(bytes);
    return this.db.transaction(async (tx) => {
      const art = await this.lockProduct(tx, productId);
      const before = await this.hashes(tx, productId);
      if (before.includes(hash)) return before.map(imageOf);
      if (before.length >= IMAGES_PER_PRODUCT_MAX) throw fail(CODES.CONFLICT, msg('product.image.tooMany', { max: IMAGES_PER_PRODUCT_MAX }));
      await tx
        .insert(mediaFiles)
        .values(variants.map((v) => ({ key: `${hash}-${v.width}.webp`, contentType: 'image/webp', bytes: v.webp })))
        .onConflictDoNothing();
      return this.save(tx, actor, productId, 'product.imageAdd', before, [...before, hash], art);
    });
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
