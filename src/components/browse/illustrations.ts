/**
 * The small illustrations of empty and error states (docs/storefront.md "Failures a shopper
 * meets": network error, no permission, not found, service error, empty data), as SVG markup of
 * one 200 × 150 picture each, so Astro pages (Illustration.astro) and islands (islands/LoadFailure.tsx)
 * draw the same ones. Constant markup, never built from input. One export each, so an island
 * bundles only the ones it draws.
 */

/** The shadow every picture stands on. */
export const GROUND = '<ellipse cx="100" cy="138" rx="70" ry="7" fill="#14213d" opacity="0.08"/>';

export const EMPTY =
  '<path d="M100 22a8 8 0 1 1 8 8c-4 0-8 2-8 6v4" fill="none" stroke="#4a5468" stroke-width="4" stroke-linecap="round"/>' +
  '<path d="M100 40L36 78h128z" fill="none" stroke="#4a5468" stroke-width="4" stroke-linejoin="round"/>' +
  '<path d="M62 88h76v40H62z" fill="#fff" stroke="#dedfe3" stroke-width="3" stroke-dasharray="8 6"/>' +
  '<path d="M88 104h24" stroke="#dedfe3" stroke-width="4" stroke-linecap="round"/>';

export const NOT_FOUND =
  '<path d="M62 28l-28 16 10 22 12-6v66h88V60l12 6 10-22-28-16c-4 9-12 14-24 14s-20-5-24-14z" fill="#fff" stroke="#14213d" stroke-width="4" stroke-linejoin="round"/>' +
  '<text x="100" y="110" text-anchor="middle" font-family="system-ui, sans-serif" font-size="44" font-weight="800" fill="#c1121f">?</text>' +
  '<circle cx="150" cy="38" r="16" fill="none" stroke="#4a5468" stroke-width="5"/>' +
  '<path d="M162 50l14 14" stroke="#4a5468" stroke-width="6" stroke-linecap="round"/>';

export const FORBIDDEN =
  '<rect x="58" y="62" width="84" height="66" rx="10" fill="#14213d"/>' +
  '<path d="M76 62V46a24 24 0 0 1 48 0v16" fill="none" stroke="#14213d" stroke-width="9"/>' +
  '<circle cx="100" cy="90" r="9" fill="#fff"/>' +
  '<path d="M100 96v16" stroke="#fff" stroke-width="6" stroke-linecap="round"/>';

export const SERVER_ERROR =
  '<rect x="50" y="30" width="100" height="40" rx="6" fill="#fff" stroke="#14213d" stroke-width="4"/>' +
  '<rect x="50" y="78" width="100" height="40" rx="6" fill="#fff" stroke="#14213d" stroke-width="4"/>' +
  '<circle cx="66" cy="50" r="5" fill="#1f7a3a"/>' +
  '<circle cx="66" cy="98" r="5" fill="#c1121f"/>' +
  '<path d="M82 50h48M82 98h48" stroke="#dedfe3" stroke-width="5" stroke-linecap="round"/>' +
  '<path d="M158 22l-10 18h12l-10 18" fill="none" stroke="#c2570c" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>';

/** The shop could not be reached: a signal whose outer wave is lost, struck through. */
export const NETWORK_ERROR =
  '<path d="M44 72a80 80 0 0 1 112 0" fill="none" stroke="#dedfe3" stroke-width="9" stroke-linecap="round" stroke-dasharray="14 12"/>' +
  '<path d="M63 92a52 52 0 0 1 74 0" fill="none" stroke="#4a5468" stroke-width="9" stroke-linecap="round"/>' +
  '<path d="M82 112a25 25 0 0 1 36 0" fill="none" stroke="#14213d" stroke-width="9" stroke-linecap="round"/>' +
  '<circle cx="100" cy="128" r="7" fill="#14213d"/>' +
  '<path d="M58 26l84 100" stroke="#fff" stroke-width="15" stroke-linecap="round"/>' +
  '<path d="M58 26l84 100" stroke="#c1121f" stroke-width="7" stroke-linecap="round"/>';

export const ILLUSTRATIONS = {
  empty: EMPTY,
  'not-found': NOT_FOUND,
  forbidden: FORBIDDEN,
  'server-error': SERVER_ERROR,
  'network-error': NETWORK_ERROR,
} as const;

export type IllustrationName = keyof typeof ILLUSTRATIONS;
