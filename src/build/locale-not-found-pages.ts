/**
 * Each locale's not-found page (src/pages/[locale]/404.astro) moved from `<locale>/404/index.html`
 * to `<locale>/404.html` (src/domain/site-routes.ts `notFoundPageFile`): beside the bilingual
 * `404.html`, where hosts that look for the nearest 404.html up the folders find it, and not a
 * page of its own at `/<locale>/404/`.
 */
import { existsSync } from 'node:fs';
import { rename, rmdir } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { LOCALES } from '../domain/locale.ts';
import { notFoundPageFile } from '../domain/site-routes.ts';

export function localeNotFoundPages(): AstroIntegration {
  return {
    name: 'jersey-shop:locale-not-found-pages',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        for (const locale of LOCALES) {
          const folder = new URL(`${locale}/404/`, dir);
          // A build of published content pages alone renders no not-found page (the release keeps the live one).
          if (!existsSync(folder)) continue;
          await rename(new URL('index.html', folder), new URL(notFoundPageFile(locale), dir));
          await rmdir(folder);
        }
      },
    },
  };
}
