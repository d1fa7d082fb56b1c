/**
 * The files the hosts read beside the pages: host rules (and the pages' headers) for nginx, for
 * `_redirects` and `_headers` hosts and for any other, sitemap.xml and robots.txt
 * (docs/deployment.md "Static hosting"). After a build of a few products the site builder writes
 * them again over the merged release.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { BuildConfig } from '../build-config.ts';
import { hostSettings } from '../server/hosting/host-rules.ts';
import { writeSiteFiles } from '../server/hosting/site-files.ts';

export function hostFiles(settings: BuildConfig): AstroIntegration {
  return {
    name: 'jersey-shop:host-files',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeSiteFiles(fileURLToPath(dir), await hostSettings(settings));
      },
    },
  };
}
