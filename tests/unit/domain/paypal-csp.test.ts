/**
 * The checkout pages' policy for PayPal's own SDK, rendered by Astro's own CSP writer: PayPal's
 * origins join 'self' for scripts while the page's script hashes stay; inline styles are allowed
 * only there, which only works because Astro then leaves the style hashes out.
 */
import { describe, expect, it } from 'vitest';
// The function that writes the <meta> of every page; pinned by the lockfile.
import { renderCspContent } from 'astro/runtime/server/render/csp.js';
import { PAYPAL_SDK_ORIGINS, allowPaypalSdk, paypalSdkFrom } from '../../../src/domain/paypal-csp.ts';
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

  it("lets PayPal's SDK in: its origins for scripts with the hashes kept, inline styles without hashes", () => {
    const { result, csp } = pageState();
    allowPaypalSdk(csp);
    const policy = renderCspContent(result as never);
    const scripts = directive(policy, 'script-src');
    expect(scripts).toEqual(expect.arrayContaining(["'self'", ...PAYPAL_SDK_ORIGINS, "'sha256-script'"]));
    expect(scripts).not.toContain("'unsafe-inline'");
    const styles = directive(policy, 'style-src');
    expect(styles).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'", ...PAYPAL_SDK_ORIGINS]));
    // A hash next to 'unsafe-inline' would make browsers ignore it and block PayPal's styles.
    expect(styles.some((token) => token.startsWith("'sha"))).toBe(false);
  });

  it('reads the build setting: only "paypal" means PayPal, anything else the simulator', () => {
    expect(paypalSdkFrom('paypal')).toBe('paypal');
    expect(paypalSdkFrom('simulator')).toBe('simulator');
    expect(paypalSdkFrom(undefined)).toBe('simulator');
    expect(paypalSdkFrom('PAYPAL')).toBe('simulator');
  });

  it('builds for PayPal with credentials, and a change of PayPal set-up means a rebuild', async () => {
    const simulator = loadConfig({});
    const sandbox = loadConfig({ PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMn', PAYPAL_CLIENT_SECRET: 'secret-secret-secret' });
    expect(buildSettings(simulator).PUBLIC_PAYPAL_SDK).toBe('simulator');
    expect(buildSettings(sandbox).PUBLIC_PAYPAL_SDK).toBe('paypal');
    expect(buildSettings(loadConfig({ PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMn', PAYPAL_CLIENT_SECRET: 'secret-secret-secret', PAYPAL_ENV: 'simulator' })).PUBLIC_PAYPAL_SDK).toBe('simulator');
    const [a, b, again] = await Promise.all([siteInputsHash(simulator), siteInputsHash(sandbox), siteInputsHash(simulator)]);
    expect(a).not.toBe(b);
    expect(again).toBe(a);
  });
});
