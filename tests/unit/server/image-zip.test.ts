/**
 * The catalogue import's zip of images (src/server/modules/catalogue/image-zip.ts): folders
 * flattened, __MACOSX/ and dotfiles ignored, path traversal, too many entries and a zip bomb
 * (declared sizes) refuse the whole zip, an entry over the image limit or a name given twice
 * refuses the rows naming it, and only the names the file gives are inflated.
 */
import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_ZIP_MAX_BYTES, CATALOGUE_ZIP_MAX_ENTRIES, CATALOGUE_ZIP_MAX_UNCOMPRESSED, readCatalogueFile } from '../../../src/domain/back-office/catalogue-file.model.ts';
import { IMAGE_MAX_BYTES } from '../../../src/domain/back-office/products.model.ts';
import { AppError } from '../../../src/server/errors.ts';
import { catalogueHeadings } from '../../../src/server/modules/catalogue/catalogue-file-desk.ts';
import { readImageZip } from '../../../src/server/modules/catalogue/image-zip.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const zip = (files: Zippable) => zipSync(files, { level: 6 });

/** The refusal readImageZip throws, as code and English text. */
function refusal(work: () => unknown): { code: string; message: string } {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  throw new Error('not refused');
}

/**
 * Every central-directory record's "uncompressed size" set to `size`: a header that lies, as a
 * zip bomb's does (fflate inflates into a buffer of the declared size, so this is what bounds memory).
 */
function declaring(data: Uint8Array, size: number): Uint8Array {
  const copy = data.slice();
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 4 <= copy.length; at++) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
  return copy;
}

describe('the zip of images', () => {
  it('flattens folders, ignores __MACOSX/, dotfiles and folders, and inflates only the names asked for', () => {
    const images = readImageZip(
      zip({
        'front.jpg': bytes('front'),
        'shirts/back.png': bytes('back'),
        'shirts/': {},
        '__MACOSX/._front.jpg': bytes('fork'),
        '.DS_Store': bytes('finder'),
        'shirts/.hidden.jpg': bytes('hidden'),
        'unused.jpg': bytes('unused'),
      }),
      new Set(['front.jpg', 'back.png', '._front.jpg', '.DS_Store', '.hidden.jpg']),
    );
    expect([...images.keys()].sort()).toEqual(['back.png', 'front.jpg']);
    expect(new TextDecoder().decode((images.get('back.png') as { bytes: Uint8Array }).bytes)).toBe('back');
  });

  it('refuses the whole zip for a name that leaves its folder, whichever slash it uses', () => {
    for (const name of ['../evil.jpg', 'shirts/../../evil.jpg', '/etc/evil.jpg', 'C:/evil.jpg', '..\\evil.jpg']) {
      const answer = refusal(() => readImageZip(zip({ [name]: bytes('x') }), new Set(['evil.jpg'])));
      expect(answer.code, name).toBe('1001');
      expect(answer.message, name).toContain('leaves its folder');
    }
  });

  it('refuses what is not a zip, and a zip over its size limit before reading it', () => {
    expect(refusal(() => readImageZip(bytes('not a zip at all, just text'), new Set(['a.jpg']))).message).toBe('The zip could not be read; nothing was changed');
    const huge = new Uint8Array(CATALOGUE_ZIP_MAX_BYTES + 1);
    expect(refusal(() => readImageZip(huge, new Set(['a.jpg'])))).toEqual({ code: '1004', message: 'The zip is larger than 100 MB; split the import' });
  });

  it('refuses a zip with more entries than the limit (ignored ones not counted)', () => {
    const files: Zippable = {};
    for (let i = 0; i < CATALOGUE_ZIP_MAX_ENTRIES; i++) files[`i${i}.jpg`] = new Uint8Array(0);
    files['__MACOSX/._x'] = new Uint8Array(0);
    expect(readImageZip(zipSync(files, { level: 0 }), new Set(['i1.jpg'])).size).toBe(1);
    files['one-more.jpg'] = new Uint8Array(0);
    expect(refusal(() => readImageZip(zipSync(files, { level: 0 }), new Set(['i1.jpg']))).message).toBe(`The zip holds more than ${CATALOGUE_ZIP_MAX_ENTRIES} files; split the import`);
  });

  it('refuses a zip bomb by the sizes its entries declare, before inflating anything', () => {
    const files: Zippable = {};
    for (let i = 0; i < 5; i++) files[`bomb${i}.jpg`] = new Uint8Array(1000);
    const bomb = declaring(zip(files), CATALOGUE_ZIP_MAX_UNCOMPRESSED / 4);
    expect(refusal(() => readImageZip(bomb, new Set(['bomb0.jpg']))).message).toBe('The zip unpacks to more than 200 MB; split the import');
  });

  it('never inflates more than an entry declares: a header that lies small yields a truncated picture', () => {
    const lying = declaring(zip({ 'a.jpg': new Uint8Array(1_000_000) }), 10);
    const entry = readImageZip(lying, new Set(['a.jpg'])).get('a.jpg') as { bytes: Uint8Array };
    expect(entry.bytes.length).toBeLessThanOrEqual(10);
  });

  it('refuses, for the rows naming them, an entry larger than an image may be and a name two entries share', () => {
    const big = declaring(zip({ 'big.jpg': new Uint8Array(100) }), IMAGE_MAX_BYTES + 1);
    expect(readImageZip(big, new Set(['big.jpg'])).get('big.jpg')).toEqual({ refused: 'tooLarge' });
    const twice = readImageZip(zip({ 'a/front.jpg': bytes('1'), 'b/front.jpg': bytes('2'), 'c/front.jpg': bytes('3') }), new Set(['front.jpg']));
    expect(twice.get('front.jpg')).toEqual({ refused: 'twice' });
  });
});

describe('the images column', () => {
  const read = (text: string) => readCatalogueFile(text, catalogueHeadings());

  it('reads file names separated by spaces, commas or semicolons; an empty cell keeps the product images', () => {
    const { products, issues } = read('handle,size,stock,images\na,M,1,"front.jpg, back.png;side.webp  front.jpg"\nb,M,1,\n');
    expect(issues).toEqual([]);
    expect(products.map((p) => p.images)).toEqual([['front.jpg', 'back.png', 'side.webp'], null]);
  });

  it('refuses more images than a product carries, and a later row naming other images', () => {
    const { issues } = read(`handle,size,stock,images\na,M,1,${Array.from({ length: 9 }, (_, i) => `${i}.jpg`).join(' ')}\nb,M,1,x.jpg\nb,L,1,y.jpg\n`);
    expect(issues).toEqual([
      { line: 2, column: 'images', issue: 'tooManyImages', value: '8' },
      { line: 4, column: 'images', issue: 'differs', value: 'y.jpg' },
    ]);
  });
});
