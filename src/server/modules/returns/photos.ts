/**
 * A claim's photo through the shop's image pipeline (catalogue/image-desk.ts): the size as
 * uploaded, the type read from the bytes (JPEG, PNG or WebP, whatever the name says: an SVG or
 * an HTML page is refused), the pixels its header claims, then one decode in the instance's
 * bounded places, re-encoded with sharp to WebP: sharp writes no metadata unless asked, so the
 * camera's EXIF (GPS position included) is gone; the photo is turned upright first.
 */
import { createHash } from 'node:crypto';
import { CODES } from '../../../domain/api/envelope.ts';
import { IMAGE_MAX_PIXELS, sniffImageType } from '../../../domain/back-office/products.model.ts';
import { RETURN_PHOTO_MAX_BYTES } from '../../../domain/returns.model.ts';
import { fail, invalid } from '../../errors.ts';
import { loadSharp } from '../../on-first-use.ts';
import { boundedDecode, checkPixels } from '../catalogue/index.ts';

/** The longest side kept: enough to see a misprint, small enough to store a few per claim. */
export const PHOTO_MAX_SIDE = 1600;

export interface CheckedPhoto {
  /** SHA-256 (hex) of the upload. */
  hash: string;
  bytes: Uint8Array;
}

export interface EncodedPhoto {
  webp: Buffer;
  width: number;
  height: number;
}

/** The cheap checks, before any decode: size and type by the bytes. */
export function checkPhoto(base64: string): CheckedPhoto {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > RETURN_PHOTO_MAX_BYTES) throw fail(CODES.PAYLOAD_TOO_LARGE, 'return.photoTooLarge');
  if (bytes.length === 0 || sniffImageType(bytes) === null) throw invalid('return.photoType');
  return { hash: createHash('sha256').update(bytes).digest('hex'), bytes };
}

/** The header's pixel claim, then the decode and WebP re-encoding in a bounded place. */
export async function encodePhoto(bytes: Uint8Array): Promise<EncodedPhoto> {
  await checkPixels(bytes);
  const sharp = await loadSharp();
  return boundedDecode(async () => {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return { webp: data, width: info.width, height: info.height };
    } catch {
      throw invalid('product.image.unreadable');
    }
  });
}
