/**
 * The pictures link previews show (`og:image`, `twitter:image`): 1200 x 630 JPEG files the build
 * writes beside the pages (src/social-images.ts). A product's is drawn from its art, one file per
 * picture of art (not per locale, not per product: products that share a shirt share it), named
 * after the art's address, so new art gets a new file and unchanged art keeps its file from build
 * to build. Every other page shows the brand's.
 */
import { MEDIA_PREFIX } from './site-routes.ts';

/** The size link previews ask for (Open Graph's and X's large card). */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** The folder of the pictures, below the site folder. */
export const SOCIAL_IMAGE_DIR = 'og';

/** The brand's picture, for every page that is not a product's. */
export const BRAND_SOCIAL_IMAGE = `${SOCIAL_IMAGE_DIR}/brand.jpg`;

/** Paths of media the API serves: plain segments (no `..`, nothing a file name could misuse). */
const MEDIA_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * A product's picture (below the site folder) for its art (`/api/media/shirt/hoops.d71920.ffffff-front.svg`):
 * `og/shirt/hoops.d71920.ffffff-front.svg.jpg`. The brand's for art the API does not serve.
 */
export function productSocialImage(art: string): string {
  const prefix = `${MEDIA_PREFIX}/`;
  const rest = art.startsWith(prefix) ? art.slice(prefix.length) : '';
  return MEDIA_PATH.test(rest) ? `${SOCIAL_IMAGE_DIR}/${rest}.jpg` : BRAND_SOCIAL_IMAGE;
}

/** The art a picture is drawn from (the reverse of productSocialImage); null for the brand's or a name that is none of these. */
export function socialImageArt(file: string): string | null {
  const prefix = `${SOCIAL_IMAGE_DIR}/`;
  if (file === BRAND_SOCIAL_IMAGE || !file.startsWith(prefix) || !file.endsWith('.jpg')) return null;
  const rest = file.slice(prefix.length, -'.jpg'.length);
  return MEDIA_PATH.test(rest) ? `${MEDIA_PREFIX}/${rest}` : null;
}
