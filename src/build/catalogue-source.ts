/**
 * Fails a build that has no catalogue to render from, with the way to build instead, and points
 * the dev server's own page rendering at the API it proxies.
 */
import type { AstroIntegration } from 'astro';
import { isSet, siteUrlWarning, type BuildConfig } from '../build-config.ts';

export function catalogueSource(settings: BuildConfig): AstroIntegration {
  return {
    name: 'jersey-shop:catalogue-source',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        // `npm run build` always passes it (and says so itself when PUBLIC_SITE_URL was not set).
        if (command === 'build' && !isSet(process.env, 'SITE_URL')) logger.warn(siteUrlWarning('SITE_URL', settings.SITE_URL));
        if (command === 'dev') {
          process.env['CATALOGUE_API_URL'] ??= `http://127.0.0.1:${settings.API_PORT}/api`;
        }
        if (command === 'build' && !settings.CATALOGUE_API_URL) {
          throw new Error(
            'CATALOGUE_API_URL is not set. The pages are pre-rendered from the catalogue API, so the build ' +
              'needs it running: use `npm run build` (it starts the API for the build), or start the API ' +
              'yourself and run `CATALOGUE_API_URL=http://127.0.0.1:3000/api astro build`.',
          );
        }
      },
    },
  };
}
