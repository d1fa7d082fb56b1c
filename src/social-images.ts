/**
 * The link-preview pictures of the built pages (src/domain/social-image.ts): 1200 x 630 JPEG
 * files drawn with sharp at the end of the build (src/build/script-preloads.ts), from the brand's logo and
 * illustration and from each product's art, which the build fetches from the catalogue API like
 * everything else it renders.
 *
 * Drawing costs about 20 ms of CPU a picture, so each is drawn once: pictures are named after the
 * art's address (one per art, whatever the locale or the number of products that share it), and
 * kept in a cache folder by the hash of the art's bytes and of this drawing. A full build draws
 * only art it has never seen; a build of a few products (docs/site-builds.md) only theirs.
 *
 * Node only, like src/build-config.ts: the build uses it, no page does.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { BRAND_SOCIAL_IMAGE, SOCIAL_IMAGE, socialImageArt } from './domain/social-image.ts';

const { width: W, height: H } = SOCIAL_IMAGE;
const INK = '#14213d';
const ACCENT = '#c1121f';
const PAPER = '#f6f6f3';
/** Change when the drawing below changes: cached pictures of the old drawing are then not reused. */
const DRAWING = 'v4: the logo in the corner, the art on paper, mozjpeg q70';
/** Where the art stands in a product's picture: in the middle, clear of the logo. */
const ART_BOX = { left: 260, top: 30, width: 680, height: 570 } as const;

/** An SVG document nested at a place and size (its own viewBox keeps its drawing). */
function placed(svg: string, x: number, y: number, width: number, height: number): string {
  return svg.replace(/<svg\b[^>]*?\bviewBox="([^"]+)"[^>]*>/, (_tag, viewBox: string) => `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="${viewBox}">`);
}

/** The navy panel with the logo on a white disc, left of every picture. */
function brandPanel(logo: string, panelWidth: number): string {
  const cx = panelWidth / 2;
  return `<rect width="${panelWidth}" height="${H}" fill="${INK}"/><rect x="${panelWidth - 12}" width="12" height="${H}" fill="${ACCENT}"/><circle cx="${cx}" cy="${H / 2}" r="150" fill="#fff"/>${placed(logo, cx - 110, H / 2 - 110, 220, 220)}`;
}

async function jpeg(image: Sharp): Promise<Buffer> {
  // mozjpeg's encoder (trellis quantisation, its own tables, progressive scans): a quarter smaller
  // than libjpeg's at the same quality (15.7 -> 11.9 KB a picture, looking the same side by side),
  // about 7 MB at 10,000 products, for a few ms more a picture, drawn once per art.
  return image.flatten({ background: PAPER }).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
}

/** The brand's picture: the logo's panel and the shop's illustration. */
async function drawBrand(brand: Brand): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${PAPER}"/>${brandPanel(brand.logo, 440)}${placed(brand.hero, 470, 90, 700, 450)}</svg>`;
  return jpeg(sharp(Buffer.from(svg)));
}

/** What every product's picture has behind its art, drawn once a build (raw pixels): paper and the logo. */
async function productBackground(brand: Brand): Promise<{ data: Buffer; info: OutputInfo }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${PAPER}"/>${placed(brand.logo, 40, 40, 112, 112)}</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/**
 * A product's picture: the art, as large as fits, on paper, the logo in the corner. Plain paper
 * keeps each file near 17 KB (with the brand's navy panel beside the art it was 25 KB, some
 * 15 MB more at 10,000 products).
 */
async function drawProduct(background: { data: Buffer; info: OutputInfo }, art: Buffer): Promise<Buffer> {
  // Vector art is drawn at the size it is shown (not enlarged from its own 400 pixels).
  const { width = 1, height = 1, format } = await sharp(art).metadata();
  const scale = Math.min(ART_BOX.width / width, ART_BOX.height / height);
  const source = format === 'svg' ? sharp(art, { density: Math.min(72 * scale, 600) }) : sharp(art);
  const fitted = await source.resize({ width: ART_BOX.width, height: ART_BOX.height, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png({ compressionLevel: 0 }).toBuffer();
  const { width: w, height: h, channels } = background.info;
  return jpeg(sharp(background.data, { raw: { width: w, height: h, channels } }).composite([{ input: fitted, left: ART_BOX.left, top: ART_BOX.top }]));
}

interface Brand {
  logo: string;
  hero: string;
}

export interface SocialImageRun {
  /** The built site's folder. */
  outDir: string;
  /** The pictures the pages name, below the site folder (`og/brand.jpg`, `og/shirt/....jpg`). */
  files: Iterable<string>;
  /** The catalogue API the build renders from (CATALOGUE_API_URL): its origin serves the art. */
  catalogueApi: string;
  /** The project's public/ folder (the logo and the illustration). */
  publicDir: string;
  /** Kept between builds (Astro's cache folder). */
  cacheDir: string;
  warn: (message: string) => void;
}

/** Writes each picture into the site, from the cache or drawn now; answers how many were drawn and how many reused. */
export async function writeSocialImages(run: SocialImageRun): Promise<{ drawn: number; reused: number }> {
  const brand: Brand = {
    logo: await readFile(path.join(run.publicDir, 'images', 'logo.svg'), 'utf8'),
    hero: await readFile(path.join(run.publicDir, 'images', 'hero.svg'), 'utf8'),
  };
  const drawing = createHash('sha256').update(DRAWING).update(brand.logo).update(brand.hero);
  await mkdir(run.cacheDir, { recursive: true });
  const counts = { drawn: 0, reused: 0 };
  let background: ReturnType<typeof productBackground> | undefined;
  const one = async (file: string) => {
    const art = socialImageArt(file);
    if (file !== BRAND_SOCIAL_IMAGE && art === null) throw new Error(`a page names ${file} as its link picture, which is neither the brand's nor a product's`);
    // Art the API cannot give (an upload removed meanwhile) leaves the product with the brand's picture under its name.
    const bytes = art === null ? null : await fetchArt(new URL(art, run.catalogueApi)).catch((error: unknown) => (run.warn(String(error)), null));
    const key = drawing.copy().update(art ?? 'brand').update(bytes ?? '').digest('hex').slice(0, 32);
    const cached = path.join(run.cacheDir, `${key}.jpg`);
    const target = path.join(run.outDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(cached, target);
      counts.reused += 1;
      return;
    } catch {
      // Not drawn before: drawn now, then kept (written aside and renamed, so a reader never sees half a file).
    }
    const picture = bytes === null ? await drawBrand(brand) : await drawProduct(await (background ??= productBackground(brand)), bytes);
    const partial = `${cached}.${process.pid}.part`;
    await writeFile(partial, picture);
    await rename(partial, cached);
    await writeFile(target, picture);
    counts.drawn += 1;
  };
  // Two at a time: sharp draws on its own threads, and the build has two cores.
  const queue = [...new Set(run.files)];
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) await one(file);
  };
  await Promise.all([worker(), worker()]);
  return counts;
}

async function fetchArt(url: URL): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the art of a link picture, ${url}, answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
