// Times writeSocialImages for the distinct arts of a 10,000-product catalogue (cold cache, then warm).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateCatalogue } from '../src/server/db/seed/generate.ts';
import { BRAND_SOCIAL_IMAGE, productSocialImage } from '../src/domain/social-image.ts';
import { writeSocialImages } from '../src/social-images.ts';
const files = new Set<string>([BRAND_SOCIAL_IMAGE]);
for (const bundle of generateCatalogue({ products: 10_000 }).products()) files.add(productSocialImage((bundle.product as unknown as { images: string[] }).images[0]!));
const work = await mkdtemp(path.join(tmpdir(), 'seo-og-'));
const run = async (outDir: string) => {
  const started = performance.now();
  const counts = await writeSocialImages({ outDir: path.join(work, outDir), files, catalogueApi: process.argv[2]!, publicDir: 'public', cacheDir: path.join(work, 'cache'), warn: console.warn });
  return { ...counts, seconds: ((performance.now() - started) / 1000).toFixed(1) };
};
console.log('pictures', files.size, 'cold', await run('a'), 'warm', await run('b'));
const { execSync } = await import('node:child_process');
console.log(execSync(`du -sh ${path.join(work, 'a')}`).toString().trim());
await rm(work, { recursive: true, force: true });
