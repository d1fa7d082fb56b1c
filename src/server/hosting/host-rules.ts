/**
 * The host rules of a release, written from the one description of the site's addresses
 * (src/domain/site-routes.ts) that the shop's own server answers from: an nginx snippet to
 * include in a server block, `_redirects` and `_headers` files (Netlify, Cloudflare Pages) and a
 * JSON list for any other host. Each also gives the pages the headers the shop's server gives
 * them (src/server/http/security.ts `pageHeaders`). docs/deployment.md "Static hosting" says how
 * each is used.
 */
import { catalogueApi } from '../../domain/api/catalogue.ts';
import { paypalFrameOrigins, paypalSdkFrom } from '../../domain/paypal-csp.ts';
import {
  API_PREFIX,
  CACHE_CONTROL,
  ERROR_PAGES,
  FINGERPRINTED_DIR,
  HIDDEN_PATH_PATTERN,
  SHELL_ROUTES,
  SIMULATOR_PREFIX,
  localeAreaPattern,
  notFoundPageFile,
  shellRoutePattern,
  type ShellRoute,
} from '../../domain/site-routes.ts';
import { LOCALES } from '../../domain/locale.ts';
import { pageHeaders } from '../http/security.ts';

/** What a release's rules depend on: the build's settings. */
export interface HostSettings {
  /** The public origin (PUBLIC_SITE_URL), for the sitemap's absolute addresses. */
  siteUrl: string;
  /** `/`, or `/prefix/`: where the pages live on that origin. */
  basePath: string;
  /** Whether the pages load the PayPal simulator's stand-in SDK, which the API server answers. */
  simulator: boolean;
  /** The headers of every answer but the API's, by lower-case name (the page policy admits the build's PayPal frames). */
  pageHeaders: Readonly<Record<string, string>>;
}

/** The settings from the build's own variables (astro.config.mjs, and the site builder's `buildSettings`). */
export async function hostSettings(build: { SITE_URL: string; BASE_PATH: string; PUBLIC_PAYPAL_SDK: string }): Promise<HostSettings> {
  const basePath = build.BASE_PATH.endsWith('/') ? build.BASE_PATH : `${build.BASE_PATH}/`;
  const paypal = paypalSdkFrom(build.PUBLIC_PAYPAL_SDK);
  return { siteUrl: build.SITE_URL, basePath, simulator: paypal === 'simulator', pageHeaders: await pageHeaders(paypalFrameOrigins(paypal)) };
}

/** `X-Content-Type-Options` for `x-content-type-options`: as hosts' documentation writes them. */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}

/**
 * The add_header lines of a location that answers with the site's files: the page headers, on
 * every status (`always`: 404 and redirects too, as the shop's server sends them), and its cache
 * rule. A location with any add_header of its own inherits none from the server block, so each
 * such location carries them all, and the API's locations none (it sends its own).
 */
function nginxHeaders(settings: HostSettings, cacheControl: string | null): string[] {
  const lines = Object.entries(settings.pageHeaders).map(([name, value]) => {
    if (/["\\\n]/.test(value)) throw new Error(`the ${name} header cannot be written into nginx's configuration: ${value}`);
    return `  add_header ${headerName(name)} "${value}" always;`;
  });
  return cacheControl ? [...lines, `  add_header Cache-Control "${cacheControl}";`] : lines;
}

/** The address prefixes the host forwards to the API instances. */
export function forwardedPrefixes(settings: HostSettings): string[] {
  return [`${API_PREFIX}/`, ...(settings.simulator ? [`${SIMULATOR_PREFIX}/`] : [])];
}

/** Where the product check asks the API whether a product is published. */
const PRODUCT_CHECK = { method: 'POST', path: `${API_PREFIX}${catalogueApi.productDetail.path}` } as const;

/** The upstream name the nginx snippet forwards to; the operator defines it in the http block. */
export const NGINX_UPSTREAM = 'shop_api';
/**
 * The parameters the snippet's example gives each instance of the upstream (docs/deployment.md
 * "nginx"): a refused connection takes an instance out for 2 s (nginx's default is 10 s), then one
 * request tries it again; a refused connection is retried on another instance, so a shopper sees
 * nothing, and a restarted instance gets requests at most 2 s after it listens.
 */
export const NGINX_SERVER_PARAMETERS = 'max_fails=1 fail_timeout=2s';
/**
 * How long nginx waits for an instance to accept a connection before it tries the next: a host
 * that is gone drops packets rather than refusing them, and nginx's default (60 s) would hold
 * every request sent its way for a minute.
 */
const NGINX_CONNECT_TIMEOUT = '2s';
const CHECK_LOCATION = '/.shop/product-exists';
const NOT_FOUND_LOCATION = '@shop_not_found';

function nginxName(route: ShellRoute): string {
  return `@shop_${route.kind.replace(/-/g, '_')}${route.locale ? `_${route.locale.replace(/-/g, '_')}` : ''}`;
}

/** An nginx snippet for a server block whose `root` holds the site (BASE_PATH included). */
export function nginxRules(settings: HostSettings): string {
  const base = settings.basePath;
  const lines: string[] = [
    '# Jersey shop: the host rules of this release, written by the build (docs/deployment.md,',
    '# "Static hosting"). Include it in a server block whose root holds the site, with the API',
    `# instances as an upstream named ${NGINX_UPSTREAM} in the http block:`,
    '#',
    `#   upstream ${NGINX_UPSTREAM} {`,
    `#     server 10.0.0.11:3000 ${NGINX_SERVER_PARAMETERS};`,
    `#     server 10.0.0.12:3000 ${NGINX_SERVER_PARAMETERS};`,
    '#     keepalive 16;',
    '#   }',
    '#   server {',
    '#     listen 80;',
    '#     root /srv/shop/dist;',
    '#     include /srv/shop/dist/.hosting/nginx.conf;',
    '#   }',
    '',
    '# Redirects (a page address without its slash) stay on the address the visitor used.',
    'absolute_redirect off;',
    'index index.html;',
    `error_page 404 ${NOT_FOUND_LOCATION};`,
    '',
    `# The API instances (start them with TRUST_PROXY=true).`,
    ...forwardedPrefixes(settings).flatMap((prefix) => [
      `location ^~ ${prefix} {`,
      `  proxy_pass http://${NGINX_UPSTREAM};`,
      `  proxy_connect_timeout ${NGINX_CONNECT_TIMEOUT};`,
      '  proxy_http_version 1.1;',
      '  proxy_set_header Connection "";',
      '  proxy_set_header Host $host;',
      '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      '  proxy_set_header X-Forwarded-Proto $scheme;',
      '}',
    ]),
    '',
    '# Names starting with a dot (these rules, the build stamp) are not pages.',
    `location ~ "${HIDDEN_PATH_PATTERN}" {`,
    '  return 404;',
    '}',
    '',
    `location ^~ ${base}${FINGERPRINTED_DIR}/ {`,
    '  try_files $uri =404;',
    ...nginxHeaders(settings, CACHE_CONTROL.fingerprinted),
    '}',
    '',
    `location ${base} {`,
    '  try_files $uri $uri/ =404;',
    ...nginxHeaders(settings, CACHE_CONTROL.other),
    '}',
    '',
    '# Pages, reached by their folder: a browser asks again at each visit.',
    'location ~ "\\.html$" {',
    ...nginxHeaders(settings, CACHE_CONTROL.page),
    '}',
    '',
    '# The standalone error pages.',
    ...ERROR_PAGES.flatMap((code) => [
      `location = ${base}${code} {`,
      `  try_files ${base}${code}.html ${base}${code}/index.html =404;`,
      ...nginxHeaders(settings, CACHE_CONTROL.page),
      '}',
    ]),
    '',
    "# Unknown addresses: the locale's own not-found page below each locale, the bilingual one elsewhere",
    '# (the status stays 404). $uri is still the address asked for.',
    `location ${NOT_FOUND_LOCATION} {`,
    `  set $shop_not_found ${base}${notFoundPageFile(null)};`,
    ...LOCALES.map((locale) => `  if ($uri ~ "${localeAreaPattern(locale, base)}") { set $shop_not_found ${base}${notFoundPageFile(locale)}; }`),
    '  rewrite ^ $shop_not_found break;',
    ...nginxHeaders(settings, CACHE_CONTROL.page),
    '}',
    '',
    '# Pages that exist for any value of their address, answered by their shell page.',
  ];
  for (const route of SHELL_ROUTES) {
    const shell = `${base}${route.shell}`;
    lines.push(`location ~ "${shellRoutePattern(route, base)}" {`);
    if (route.onlyIfProductExists) {
      // The built page when there is one; else the shell, once the API says the product is published.
      lines.push('  set $shop_product_id $1;', `  try_files $uri $uri/index.html ${nginxName(route)};`, ...nginxHeaders(settings, CACHE_CONTROL.page), '}');
      lines.push(
        `location ${nginxName(route)} {`,
        `  auth_request ${CHECK_LOCATION};`,
        '  auth_request_set $shop_product_check $upstream_status;',
        // The check's 404 (or a failure to ask) comes back as a 500, told apart below.
        '  recursive_error_pages on;',
        '  error_page 500 = @shop_product_unknown;',
        `  try_files ${shell} =404;`,
        ...nginxHeaders(settings, CACHE_CONTROL.shell),
        '}',
      );
    } else {
      lines.push(`  try_files $uri $uri/index.html ${shell} =404;`, ...nginxHeaders(settings, CACHE_CONTROL.shell), '}');
    }
  }
  lines.push(
    '',
    '# An unknown product is a real 404; an API that cannot answer, a 502.',
    'location @shop_product_unknown {',
    `  error_page 404 ${NOT_FOUND_LOCATION};`,
    // For the 502 (the 404 goes on to the not-found location, with its own headers).
    ...nginxHeaders(settings, null),
    '  if ($shop_product_check = 404) {',
    '    return 404;',
    '  }',
    '  return 502;',
    '}',
    `location = ${CHECK_LOCATION} {`,
    '  internal;',
    `  proxy_method ${PRODUCT_CHECK.method};`,
    '  proxy_pass_request_body off;',
    '  proxy_set_header Content-Type application/json;',
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    `  proxy_set_body '{"id":$shop_product_id}';`,
    `  proxy_connect_timeout ${NGINX_CONNECT_TIMEOUT};`,
    `  proxy_pass http://${NGINX_UPSTREAM}${PRODUCT_CHECK.path};`,
    '}',
    '',
  );
  return lines.join('\n');
}

/** Netlify's placeholder form of a route's address (`/en-US/product/:id`, `/admin/*`). */
function redirectsSource(route: ShellRoute, base: string): string {
  return route.param === 'rest' ? `${base}${route.prefix}/*` : `${base}${route.prefix}/:${route.param.name}`;
}

/**
 * A `_redirects` file: rewrites (status 200) of the shell routes. Such hosts serve a file that
 * exists before a rewrite (Netlify's shadowing) and cannot ask the API, so an unknown product's
 * address shows the shell's "not found" with status 200 there.
 */
export function redirectsFile(settings: HostSettings): string {
  const base = settings.basePath;
  const width = Math.max(...SHELL_ROUTES.map((route) => redirectsSource(route, base).length));
  return [
    '# Jersey shop: rewrites for hosts that read _redirects, written by the build (docs/deployment.md).',
    '# A file that exists is served first; the API (/api/) must be forwarded by the host or a CDN rule.',
    ...SHELL_ROUTES.map((route) => `${redirectsSource(route, base).padEnd(width)}  ${base}${route.shell.replace(/index\.html$/, '')}  200`),
    "# Unknown addresses below a locale: that locale's not-found page (elsewhere the host's own 404.html).",
    ...LOCALES.map((locale) => `${`${base}${locale}/*`.padEnd(width)}  ${base}${notFoundPageFile(locale)}  404`),
    '',
  ].join('\n');
}

/**
 * A `_headers` file (Netlify, Cloudflare Pages): the page headers on every file of the site. The
 * API's answers come from the instances with their own; docs/deployment.md says what to check
 * where the host's own proxy forwards them.
 */
export function headersFile(settings: HostSettings): string {
  return [
    '# Jersey shop: the headers the shop\'s server gives its pages, for hosts that read _headers,',
    '# written by the build (docs/deployment.md "Static hosting").',
    `${settings.basePath}*`,
    ...Object.entries(settings.pageHeaders).map(([name, value]) => `  ${headerName(name)}: ${value}`),
    '',
  ].join('\n');
}

/** Every rule as data, for a host configured some other way (a CDN's edge rules, a load balancer). */
export function routesJson(settings: HostSettings): string {
  const base = settings.basePath;
  const document = {
    about: 'Jersey shop host rules, written by the build from src/domain/site-routes.ts; docs/deployment.md "Static hosting".',
    basePath: base,
    forwardToApi: forwardedPrefixes(settings),
    index: 'index.html',
    root: { path: base, serve: `${base}index.html`, note: 'a page that sends the visitor to their language (SOY_lang, then Accept-Language as the browser reports it, else en-US)' },
    hidden: { pattern: HIDDEN_PATH_PATTERN, status: 404 },
    headers: { note: 'on every answer but those forwarded to the API (which sends its own), whatever the status', values: Object.fromEntries(Object.entries(settings.pageHeaders).map(([name, value]) => [headerName(name), value])) },
    notFound: {
      serve: `${base}${notFoundPageFile(null)}`,
      status: 404,
      byLocale: LOCALES.map((locale) => ({ pattern: localeAreaPattern(locale, base), serve: `${base}${notFoundPageFile(locale)}`, status: 404 })),
      note: 'the first byLocale entry whose pattern matches the address asked for, else serve',
    },
    errorPages: ERROR_PAGES.map((code) => ({ path: `${base}${code}`, serve: [`${base}${code}.html`, `${base}${code}/index.html`], status: 200 })),
    cacheControl: [
      { prefix: `${base}${FINGERPRINTED_DIR}/`, value: CACHE_CONTROL.fingerprinted },
      { suffix: '.html', value: CACHE_CONTROL.page },
      { shells: true, value: CACHE_CONTROL.shell },
      { otherwise: true, value: CACHE_CONTROL.other },
    ],
    shells: SHELL_ROUTES.map((route) => ({
      kind: route.kind,
      locale: route.locale,
      pattern: shellRoutePattern(route, base),
      whenNoFile: true,
      serve: `${base}${route.shell}`,
      status: 200,
      ...(route.onlyIfProductExists
        ? { onlyIf: { ask: { ...PRODUCT_CHECK, body: { id: '$1' } }, answers: 'HTTP 200 when the product is published, 404 when not', otherwise: { serve: `${base}${notFoundPageFile(route.locale)}`, status: 404 } } }
        : {}),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
