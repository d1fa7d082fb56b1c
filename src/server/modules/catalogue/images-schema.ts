/**
 * Uploaded product images (the back office's image-desk.ts): the bytes live in the database, so every
 * API instance serves the same picture after any restart. A file's key is its content hash and
 * its width, so a URL always means the same bytes and may be cached forever.
 */
import { index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, parentId } from '../../db/columns.ts';
import { products } from './schema.ts';

export const mediaFiles = pgTable('media_files', {
  /** "<sha256 of the original>-<width>.webp", as in its URL. */
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

export const productImages = pgTable(
  'product_images',
  {
    productId: parentId('product_id', () => products.id),
    /** SHA-256 (hex) of the original upload. */
    hash: text('hash').notNull(),
    sort: smallint('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.hash] }), index('product_images_sort_idx').on(t.productId, t.sort)],
);
