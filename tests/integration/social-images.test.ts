/**
 * The link pictures the build writes (src/social-images.ts): 1200 x 630 JPEG files drawn from the
 * art the catalogue API serves (and the brand's), each drawn once and taken from the cache by
 * every later build until its art changes.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BRAND_SOCIAL_IMAGE, SOCIAL_IMAGE, productSocialImage } from '../../src/domain/social-image.ts';
import { shirtImageUrl } from '../../src/server/media/shirt-svg.ts';
import { writeSocialImages } from '../../src/social-images.ts';
import { createTestShop, type TestShop } from './harness.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));

let shop: TestShop;
let folder: string;
let catalogueApi: string;
beforeAll(async () => {
  shop = await createTestShop();
  await shop.app.listen({ host: '127.0.0.1', port: 0 });
  const address = shop.app.server.address();
  catalogueApi = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  folder = await mkdtemp(path.join(tmpdir(), 'shop-social-'));
});
afterAll(async () => {
  await shop?.close();
  await rm(folder, { recursive: true, force: true });
});

const build = (outDir: string, files: string[], warnings: string[] = []) =>
  writeSocialImages({ outDir: path.join(folder, outDir), files, catalogueApi, publicDir: PUBLIC_DIR, cacheDir: path.join(folder, 'cache'), warn: (message) => warnings.push(message) });

it('draws the brand and each art once as a 1200 x 630 JPEG, and later builds take them from the cache until the art changes', async () => {
  const hoops = productSocialImage(shirtImageUrl('hoops.d71920.ffffff', 'front'));
  expect(hoops).toBe('og/shirt/hoops.d71920.ffffff-front.svg.jpg');
  // Two pages naming one picture (the locales, or two products of one shirt) make one file.
  expect(await build('first', [BRAND_SOCIAL_IMAGE, hoops, hoops])).toEqual({ drawn: 2, reused: 0 });
  for (const file of [BRAND_SOCIAL_IMAGE, hoops]) {
    const picture = await sharp(path.join(folder, 'first', file)).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', SOCIAL_IMAGE.width, SOCIAL_IMAGE.height]);
  }
  const size = (await sharp(path.join(folder, 'first', hoops)).toBuffer()).length;
  expect(size).toBeLessThan(60_000);

  // The next build (a new, empty folder) draws only the new art.
  const stripes = productSocialImage(shirtImageUrl('stripes.0b2545.ffffff', 'front'));
  expect(await build('second', [BRAND_SOCIAL_IMAGE, hoops, stripes])).toEqual({ drawn: 1, reused: 2 });
  expect((await readdir(path.join(folder, 'second', 'og', 'shirt'))).sort()).toEqual([path.basename(hoops), path.basename(stripes)].sort());
  // The two shirts' pictures differ: each is drawn from its own art.
  const [a, b] = await Promise.all([hoops, stripes].map((file) => sharp(path.join(folder, 'second', file)).raw().toBuffer()));
  expect(a!.equals(b!)).toBe(false);
});

it('gives a product whose art the API cannot serve the brand picture under its name, with a warning', async () => {
  const warnings: string[] = [];
  const gone = productSocialImage('/api/media/image/0000000000000000-800.webp');
  expect(await build('third', [gone], warnings)).toEqual({ drawn: 1, reused: 0 });
  expect(warnings.join('\n')).toContain('/api/media/image/0000000000000000-800.webp');
  expect((await sharp(path.join(folder, 'third', gone)).metadata()).width).toBe(SOCIAL_IMAGE.width);
});
