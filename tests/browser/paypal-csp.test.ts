/**
 * With real PayPal credentials the checkout pages load PayPal's own SDK. This loads it the way
 * the checkout does (@paypal/paypal-js, environment sandbox) in Chromium, under the policy the
 * checkout page is built with (Astro's CSP writer with allowPaypalSdk) and the page header the
 * server sends with credentials. PayPal is not reachable from tests: its hosts are answered by a
 * stand-in that does what the real SDK does to a page (a script from PayPal, a <style> element
 * without a nonce, a button frame and an image from PayPal's hosts). The strict simulator
 * policy is the control: it must block the same SDK.
 */
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from '@playwright/test';
import { renderCspContent } from 'astro/runtime/server/render/csp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadToolConfig } from '../../src/build-config.ts';
import { allowPaypalSdk, frameSources, paypalFrameOrigins } from '../../src/domain/paypal-csp.ts';
import security from '../../src/server/http/security.ts';

/** What PayPal's SDK does to the page it is loaded in, reduced to the parts a CSP decides on. */
const FAKE_SDK = `
const style = document.createElement('style');
style.textContent = '#paypal-buttons .paypal-frame { width: 321px; }';
document.head.appendChild(style);
window.paypal = {
  version: 'test',
  Buttons: () => ({
    isEligible: () => true,
    render: async (container) => {
      const host = typeof container === 'string' ? document.querySelector(container) : container;
      const frame = document.createElement('iframe');
      frame.className = 'paypal-frame';
      frame.title = 'PayPal';
      frame.src = 'https://www.sandbox.paypal.com/smart/buttons';
      host.appendChild(frame);
      const logo = document.createElement('img');
      logo.alt = 'PayPal';
      logo.src = 'https://www.paypalobjects.com/logo.png';
      host.appendChild(logo);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    },
  }),
};
`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const PAGE_SCRIPT = `
import { loadScript } from '/paypal-js.js';
window.events = [];
document.addEventListener('securitypolicyviolation', (e) => window.events.push(['csp', e.effectiveDirective, e.blockedURI]));
try {
  const paypal = await loadScript({ clientId: 'AbCdEfGhIjKlMn', currency: 'EUR', intent: 'capture', environment: 'sandbox' });
  await paypal.Buttons({}).render('#paypal-buttons');
  window.events.push(['rendered']);
} catch (error) {
  window.events.push(['failed', String(error)]);
}
`;

/** The checkout page's <meta> policy as Astro writes it, for PayPal's SDK or the simulator's. */
function metaPolicy(forPaypal: boolean): string {
  const result = {
    scriptDirective: { resources: [] as string[], hashes: [] as string[], strictDynamic: false },
    // Astro always hashes its island styles; the hash is what would shut out PayPal's <style>.
    styleDirective: { resources: [] as string[], hashes: ['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='] },
    // BaseLayout's one frame-src: the sandbox's host on a checkout page built for it, else none.
    directives: [frameSources(forPaypal ? paypalFrameOrigins('sandbox') : [])],
    _metadata: { extraScriptHashes: [] as string[], extraStyleHashes: [] as string[] },
  };
  if (forPaypal) {
    allowPaypalSdk(
      {
        insertScriptResource: (resource) => result.scriptDirective.resources.push(resource),
        insertStyleResource: (resource) => result.styleDirective.resources.push(resource),
      },
      'sandbox',
    );
  }
  return renderCspContent(result as never);
}

async function pageServer(forPaypal: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(security, { corsOrigins: [], apiPrefix: '/api', frameOrigins: forPaypal ? paypalFrameOrigins('sandbox') : [] });
  const loader = await readFile(new URL('../../node_modules/@paypal/paypal-js/dist/esm/paypal-js.js', import.meta.url), 'utf8');
  const policy = metaPolicy(forPaypal).replaceAll('"', '&quot;');
  app.get('/checkout', async (_request, reply) =>
    reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${policy}"><title>checkout</title><script type="module" src="/page.js"></script></head><body><div id="paypal-buttons"></div></body></html>`),
  );
  app.get('/page.js', async (_request, reply) => reply.type('text/javascript').send(PAGE_SCRIPT));
  app.get('/paypal-js.js', async (_request, reply) => reply.type('text/javascript').send(loader));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

let browser: Browser;
const servers: FastifyInstance[] = [];

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: loadToolConfig().CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
});

async function checkout(forPaypal: boolean): Promise<{ page: Page; events: unknown[][] }> {
  const server = await pageServer(forPaypal);
  servers.push(server);
  const page = await browser.newPage();
  const paypalHosts: string[] = [];
  // Only PayPal's hosts are answered; anything else from outside fails the test below.
  await page.route(/^https:\/\//, (route) => {
    const url = new URL(route.request().url());
    paypalHosts.push(url.hostname);
    if (url.hostname === 'www.sandbox.paypal.com' && url.pathname === '/sdk/js') return route.fulfill({ contentType: 'text/javascript', body: FAKE_SDK });
    if (url.hostname === 'www.sandbox.paypal.com') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>buttons</title><p>PayPal buttons</p>' });
    if (url.hostname === 'www.paypalobjects.com') return route.fulfill({ contentType: 'image/png', body: PNG });
    return route.abort();
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await page.goto(`http://127.0.0.1:${port}/checkout`);
  await page.waitForFunction(() => (window as unknown as { events?: unknown[][] }).events?.some((e) => e[0] === 'rendered' || e[0] === 'failed'));
  // Violation reports are queued tasks: let them land.
  await page.waitForTimeout(200);
  const events = await page.evaluate(() => (window as unknown as { events: unknown[][] }).events);
  expect(paypalHosts.every((host) => host.endsWith('paypal.com') || host.endsWith('paypalobjects.com'))).toBe(true);
  return { page, events };
}

describe("checkout page policy with PayPal's own SDK", () => {
  it("loads PayPal's SDK, its styles, button frame and images without a single violation", async () => {
    const { page, events } = await checkout(true);
    expect(events.filter((e) => e[0] === 'csp')).toEqual([]);
    expect(events).toContainEqual(['rendered']);
    const frame = page.frames().find((f) => f.url() === 'https://www.sandbox.paypal.com/smart/buttons');
    expect(await frame?.textContent('p')).toBe('PayPal buttons');
    expect(await page.locator('.paypal-frame').evaluate((el) => getComputedStyle(el).width)).toBe('321px');
    expect(await page.locator('#paypal-buttons img').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await page.close();
  });

  it("admits the configured environment's frames and nothing more: a live PayPal frame on a sandbox page is refused", async () => {
    const { page } = await checkout(true);
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://www.paypal.com/smart/buttons';
      document.body.appendChild(frame);
    });
    await page.waitForFunction(() => (window as unknown as { events: unknown[][] }).events.some((e) => e[0] === 'csp'));
    const events = await page.evaluate(() => (window as unknown as { events: unknown[][] }).events);
    // Refused by both policies (the page's <meta> and the server's header), for this frame only.
    const refused = events.filter((e) => e[0] === 'csp');
    expect(refused.length).toBeGreaterThan(0);
    // Chromium reports a cross-origin frame's origin, not its path.
    expect(refused.every((e) => e[1] === 'frame-src' && String(e[2]).startsWith('https://www.paypal.com'))).toBe(true);
    await page.close();
  });

  it('the strict simulator policy blocks the same SDK (the control: this test can fail)', async () => {
    const { page, events } = await checkout(false);
    expect(events.filter((e) => e[0] === 'csp').map((e) => e[1])).toContain('script-src-elem');
    expect(events.some((e) => e[0] === 'failed')).toBe(true);
    await page.close();
  });
});
