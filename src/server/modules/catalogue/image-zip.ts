/**
 * The catalogue import's zip of images (docs/back-office.md "Catalogue file"): read from its
 * central directory, every rule checked on the names and declared sizes before anything is
 * inflated, and only the entries the file names inflated, each into a buffer of its declared size
 * (fflate never grows it, so a lying header yields a truncated picture the image check refuses,
 * never more memory). What each image is (type, size, pixels) is image-desk.ts's check, not here.
 */
import { unzipSync } from 'fflate';
import { IMAGE_MAX_BYTES } from '../../../domain/back-office/products.model.ts';
import { CATALOGUE_ZIP_MAX_BYTES, CATALOGUE_ZIP_MAX_ENTRIES, CATALOGUE_ZIP_MAX_UNCOMPRESSED } from '../../../domain/back-office/catalogue-file.model.ts';
import { AppError, fail, invalid } from '../../errors.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import { msg } from '../../messages/index.ts';

/** An entry of the zip by its file name (folders flattened): its bytes, or why it cannot be used. */
export type ZipImage = { bytes: Uint8Array } | { refused: 'tooLarge' | 'twice' | 'unreadable' };

/** Entries that are no picture of anyone's: macOS's resource forks, dotfiles (.DS_Store), folders. */
function ignored(path: string): boolean {
  return path.endsWith('/') || path.split('/').some((part) => part === '__MACOSX' || part.startsWith('.'));
}

/** A name that climbs out of the folder it is unpacked in, or starts at a root or a drive. */
function unsafe(path: string): boolean {
  return path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.split('/').includes('..') || path.includes('\0');
}

/**
 * The zip's images by file name, nested folders flattened (`shirts/front.jpg` is `front.jpg`),
 * inflating only the names in `wanted`. The whole zip is refused (1001, or 1413 over its size)
 * when it is not a zip, holds a path-traversal name, more than CATALOGUE_ZIP_MAX_ENTRIES entries
 * or more than CATALOGUE_ZIP_MAX_UNCOMPRESSED bytes once inflated. An entry over the image limit,
 * or a name two entries share, is refused for the rows naming it.
 */
export function readImageZip(zip: Uint8Array, wanted: ReadonlySet<string>): Map<string, ZipImage> {
  if (zip.length > CATALOGUE_ZIP_MAX_BYTES) throw fail(CODES.PAYLOAD_TOO_LARGE, msg('catalogueFile.zip.tooLarge', { mb: CATALOGUE_ZIP_MAX_BYTES / 1024 / 1024 }));
  const images = new Map<string, ZipImage>();
  const take = new Map<string, string>();
  let entries = 0;
  let total = 0;
  let inflated: Record<string, Uint8Array>;
  try {
    inflated = unzipSync(zip, {
      filter: (file) => {
        const path = file.name.replace(/\\/g, '/');
        if (unsafe(path)) throw invalid(msg('catalogueFile.zip.unsafe', { name: file.name }));
        if (ignored(path)) return false;
        entries++;
        total += file.originalSize;
        if (entries > CATALOGUE_ZIP_MAX_ENTRIES) throw invalid(msg('catalogueFile.zip.tooManyEntries', { max: CATALOGUE_ZIP_MAX_ENTRIES }));
        if (total > CATALOGUE_ZIP_MAX_UNCOMPRESSED) throw invalid(msg('catalogueFile.zip.tooMuch', { mb: CATALOGUE_ZIP_MAX_UNCOMPRESSED / 1024 / 1024 }));
        const name = path.split('/').pop()!;
        if (!wanted.has(name)) return false;
        if (images.has(name) || take.has(name)) {
          images.set(name, { refused: 'twice' });
          take.delete(name);
          return false;
        }
        if (file.originalSize > IMAGE_MAX_BYTES) {
          images.set(name, { refused: 'tooLarge' });
          return false;
        }
        // Stored or deflated only: anything else fflate cannot inflate, and it is no photo's.
        if (file.compression !== 0 && file.compression !== 8) {
          images.set(name, { refused: 'unreadable' });
          return false;
        }
        take.set(name, file.name);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid('catalogueFile.zip.unreadable');
  }
  for (const [name, entry] of take) {
    const bytes = inflated[entry];
    if (bytes) images.set(name, { bytes });
  }
  return images;
}
