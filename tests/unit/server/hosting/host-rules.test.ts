/**
 * The page headers in each host's rules: the ones the shop's server sends (security.ts
 * `pageHeaders`), with the build's PayPal frames in the policy. How nginx answers with them is
 * tests/integration/static-host.test.ts; this checks every place of each file.
 */
import { describe, expect, it } from 'vitest';
import { PAYPAL_SDK_HOSTS, paypalFrameOrigins } from '../../../../src/domain/paypal-csp.ts';
import { headersFile, hostSettings, nginxRules, routesJson } from '../../../../src/server/hosting/host-rules.ts';
import { pageHeaders } from '../../../../src/server/http/security.ts';

const sandbox = await hostSettings({ SITE_URL: 'https://shop.example', BASE_PATH: '/views', PUBLIC_PAYPAL_SDK: 'sandbox' });
const simulator = await hostSettings({ SITE_URL: 'https://shop.example', BASE_PATH: '/', PUBLIC_PAYPAL_SDK: 'simulator' });
const SANDBOX_HEADERS = await pageHeaders(paypalFrameOrigins('sandbox'));

/** The snippet's top-level location blocks: their opening line and every line inside (nested blocks included). */
function locations(snippet: string): { head: string; body: string[] }[] {
  const blocks: { head: string; body: string[] }[] = [];
  let depth = 0;
  for (const line of snippet.split('\n')) {
    if (depth === 0 && line.startsWith('location ')) blocks.push({ head: line, body: [] });
    else if (depth > 0) blocks.at(-1)!.body.push(line);
    // A block opens at the end of a line and closes on a line of its own (patterns hold braces too).
    if (line.trimEnd().endsWith('{') && !line.startsWith('#')) depth++;
    else if (line.trim() === '}') depth--;
  }
  return blocks;
}

/** A block's `add_header name "value" always;` lines, by lower-case name. */
function alwaysHeaders(body: string[]): Record<string, string> {
  return Object.fromEntries(body.flatMap((line) => [...line.matchAll(/^\s*add_header (\S+) "([^"]*)" always;$/g)].map((m) => [m[1]!.toLowerCase(), m[2]!])));
}

describe('page headers in the host rules', () => {
  it('are the shop server page headers, its policy framing only the build environment PayPal host', () => {
    expect(sandbox.pageHeaders).toEqual(SANDBOX_HEADERS);
    expect(sandbox.pageHeaders['content-security-policy']).toContain(`frame-src ${PAYPAL_SDK_HOSTS.sandbox}`);
    expect(simulator.pageHeaders['content-security-policy']).toContain("frame-src 'none'");
    // What a static host must not lose: the policy a <meta> cannot carry, and the transport rules.
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(sandbox.pageHeaders[name], name).toBeTruthy();
    }
    expect(sandbox.pageHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('nginx: every location that adds a header adds them all, on every status; the API locations add none', () => {
    const blocks = locations(nginxRules(sandbox));
    const withHeaders = blocks.filter((block) => block.body.some((line) => line.trim().startsWith('add_header ')));
    // The fingerprinted files, the rest of the site, pages, 3 error pages, 4 shells per locale... and the unknown product.
    expect(withHeaders.length).toBeGreaterThanOrEqual(3 + 3 + 2 * 4 + 2);
    for (const block of withHeaders) expect(alwaysHeaders(block.body), block.head).toEqual(SANDBOX_HEADERS);
    const forwarded = blocks.filter((block) => block.body.some((line) => line.includes('proxy_pass')));
    expect(forwarded.map((block) => block.head)).toEqual(['location ^~ /api/ {', 'location = /.shop/product-exists {']);
    for (const block of forwarded) expect(block.body.filter((line) => line.includes('add_header')), block.head).toEqual([]);
    // Outside any location they would reach no answer that has a location's own add_header.
    const outside = nginxRules(sandbox)
      .split('\n')
      .filter((line) => line.startsWith('add_header'));
    expect(outside).toEqual([]);
  });

  it('_headers: one rule for every address below the base path, with each header', () => {
    const lines = headersFile(sandbox)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines[0]).toBe('/views/*');
    const written = Object.fromEntries(lines.slice(1).map((line) => [line.trim().slice(0, line.trim().indexOf(':')).toLowerCase(), line.trim().slice(line.trim().indexOf(':') + 2)]));
    expect(written).toEqual(SANDBOX_HEADERS);
    expect(lines.slice(1).every((line) => line.startsWith('  '))).toBe(true);
  });

  it('routes.json lists them as data', () => {
    const values = (JSON.parse(routesJson(sandbox)) as { headers: { values: Record<string, string> } }).headers.values;
    expect(Object.fromEntries(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]))).toEqual(SANDBOX_HEADERS);
  });
});
