/**
 * The checkout pages' policy for PayPal's own SDK, rendered by Astro's own CSP writer: PayPal's
 * origins join 'self' for scripts while the page's script hashes stay; inline styles are allowed
 * only there, which only works because Astro then leaves the style hashes out.
 */
import { describe, expect, it } from 'vitest';
// The function that writes the <meta> of every page; pinned by the lockfile.
import { renderCspContent } from 'astro/runtime/server/render/csp.js';
import { PAYPAL_ASSETS_HOST, PAYPAL_SDK_HOSTS, allowPaypalSdk, frameSources, paypalFrameOrigins, paypalSdkFrom } from '../../../src/domain/paypal-csp.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { buildSettings, siteInputsHash } from '../../../src/server/site-build.ts';

/** A page's CSP state as Astro keeps it, with one inline script and one inline style hashed. */
function pageState() {
  const result = {
    scriptDirective: { resources: [] as string[], hashes: ['sha256-script'], strictDynamic: false },
    styleDirective: { resources: [] as string[], hashes: ['sha256-style'] },
    directives: [] as string[],
    _metadata: { extraScriptHashes: [] as string[], extraStyleHashes: [] as string[] },
  };
  const csp = {
    insertScriptResource: (resource: string) => result.scriptDirective.resources.push(resource),
    insertStyleResource: (resource: string) => result.styleDirective.resources.push(resource),
  };
  return { result, csp };
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([first]) => first === name);
  if (!found) throw new Error(`${name} missing from ${policy}`);
  return found.slice(1);
}

describe('checkout page CSP for PayPal', () => {
  it('stays strict for the simulator: scripts and styles from self and their hashes only', () => {
    const { result } = pageState();
    const policy = renderCspContent(result as never);
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'sha256-script'"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'sha256-style'"]);
  });

  it.each([
    ['sandbox', 'live'],
    ['live', 'sandbox'],
  ] as const)("lets %s PayPal's SDK in and not %s's: its hosts for scripts with the hashes kept, inline styles without hashes", (environment, other) => {
    const { result, csp } = pageState();
    allowPaypalSdk(csp, environment);
    const policy = renderCspContent(result as never);
    const scripts = directive(policy, 'script-src');
    expect([...scripts].sort()).toEqual(["'self'", PAYPAL_SDK_HOSTS[environment], PAYPAL_ASSETS_HOST, "'sha256-script'"].sort());
    expect(scripts).not.toContain(PAYPAL_SDK_HOSTS[other]);
    const styles = directive(policy, 'style-src');
    expect([...styles].sort()).toEqual(["'self'", "'unsafe-inline'", PAYPAL_SDK_HOSTS[environment], PAYPAL_ASSETS_HOST].sort());
    // A hash next to 'unsafe-inline' would make browsers ignore it and block PayPal's styles.
    expect(styles.some((token) => token.startsWith("'sha"))).toBe(false);
  });

  it("frames: none by default, the configured environment's PayPal host on its checkout pages", () => {
    expect(frameSources([])).toBe("frame-src 'none'");
    expect(frameSources(paypalFrameOrigins('sandbox'))).toBe('frame-src https://www.sandbox.paypal.com');
    expect(frameSources(paypalFrameOrigins('live'))).toBe('frame-src https://www.paypal.com');
  });

  it('reads the build setting: sandbox or live means that PayPal, anything else the simulator', () => {
    expect(paypalSdkFrom('sandbox')).toBe('sandbox');
    expect(paypalSdkFrom('live')).toBe('live');
    expect(paypalSdkFrom('simulator')).toBe('simulator');
    expect(paypalSdkFrom(undefined)).toBe('simulator');
    expect(paypalSdkFrom('paypal')).toBe('simulator');
  });

  it('builds for PayPal with credentials, and a change of PayPal set-up means a rebuild', async () => {
    const simulator = loadConfig({});
    const sandbox = loadConfig({ PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMn', PAYPAL_CLIENT_SECRET: 'secret-secret-secret' });
    expect(buildSettings(simulator).PUBLIC_PAYPAL_SDK).toBe('simulator');
    expect(buildSettings(sandbox).PUBLIC_PAYPAL_SDK).toBe('sandbox');
    expect(buildSettings(loadConfig({ PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMn', PAYPAL_CLIENT_SECRET: 'secret-secret-secret', PAYPAL_ENV: 'live' })).PUBLIC_PAYPAL_SDK).toBe('live');
    expect(buildSettings(loadConfig({ PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMn', PAYPAL_CLIENT_SECRET: 'secret-secret-secret', PAYPAL_ENV: 'simulator' })).PUBLIC_PAYPAL_SDK).toBe('simulator');
    const [a, b, again] = await Promise.all([siteInputsHash(simulator), siteInputsHash(sandbox), siteInputsHash(simulator)]);
    expect(a).not.toBe(b);
    expect(again).toBe(a);
  });
});
