/**
 * A guest pays on the real checkout page of a shop built and started for PayPal's sandbox, in
 * Chromium, under the policy that page really has (the CSP <meta> Astro wrote at the build and
 * the server's header). Nothing reaches PayPal: the page loads PayPal's SDK from its real address
 * (`https://www.sandbox.paypal.com/sdk/js?...`, as @paypal/paypal-js writes it), and the browser's
 * requests to that host are answered by the simulator's stand-in SDK and its approval routes; the
 * shop talks to the REST stand-in (tests/support/paypal-stand-in.ts) through PAYPAL_API_URL. The
 * order ends paid in the database, and a script and a frame from hosts the policy does not name
 * are refused on the same page.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadToolConfig } from '../../src/build-config.ts';
import { PAYPAL_SDK_HOSTS } from '../../src/domain/paypal-csp.ts';
import { buildApp } from '../../src/server/app.ts';
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET, loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { orders, payments } from '../../src/server/db/schema.ts';
import { seedIfEmpty } from '../../src/server/db/seed/index.ts';
import { listen, type Running } from '../../src/server/main.ts';
import { buildSite } from '../../src/server/site-build.ts';
import checkoutText from '../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in.ts';
import { watchErrors } from '../support/errors.ts';
import { typeShippingAddress } from '../support/checkout-form.ts';

/** What a page may take to show what it loads on a loaded two-core machine (vitest's poll gives up after 1 s). */
const PAGE_WAIT = { timeout: 15_000 };

const SANDBOX = PAYPAL_SDK_HOSTS.sandbox;
/** A host no policy of the shop names: its script must never be fetched. */
const FOREIGN_SCRIPT = 'https://scripts.elsewhere.example/tracker.js';
/** PayPal's live host: a sandbox build must not frame it. */
const LIVE_FRAME = `${PAYPAL_SDK_HOSTS.live}/smart/buttons`;

let standIn: PaypalStandIn;
/** The shop as an operator runs it: its data folder, configuration, database and server. */
let folder: string, config: Config, database: Database, running: Running;
let browser: Browser;

beforeAll(async () => {
  standIn = await startPaypalStandIn();
  folder = await mkdtemp(path.join(tmpdir(), 'shop-sandbox-'));
  // As an operator configures a sandbox shop; the stand-in knows the simulator's credentials only.
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    PASSWORD_HASH_COST: '10',
    DATA_DIR: folder,
    SITE_DIR: path.join(folder, 'site'),
    PAYPAL_ENV: 'sandbox',
    PAYPAL_CLIENT_ID: SIM_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: SIM_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID: 'WH-SANDBOX-TEST',
    PAYPAL_API_URL: standIn.apiBase,
  });
  expect(config.paypal).toMatchObject({ mode: 'sandbox', apiBaseUrl: standIn.apiBase });
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  await seedIfEmpty(database.db, { products: 3 });
  // The pages as `npm run build` makes them for this configuration (PUBLIC_PAYPAL_SDK=sandbox);
  // one product page is enough, the checkout pages are what is tested.
  await buildSite(config, database, () => {}, { outDir: config.siteDir!, productIds: [1] });
  const app = await buildApp({ config, database, logger: false });
  running = await listen(app, database, { host: '127.0.0.1', port: 0, graceMs: 5000 });
  browser = await chromium.launch({
    executablePath: loadToolConfig().CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  // running.stop closes the app and the database.
  await running?.stop();
  await standIn?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * Answers the browser's requests to outside hosts: PayPal's sandbox host by the stand-in (its SDK
 * in place of PayPal's, its order and approval routes, which the stand-in SDK calls on the host
 * it was loaded from), anything else refused. Every outside address asked for is recorded.
 */
async function routePaypal(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route(/^https:\/\//, async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.href);
    if (url.origin !== SANDBOX) return route.abort('blockedbyclient');
    // The stand-in SDK reads its base from its own address; PayPal's answers are cross-origin.
    const answer = await route.fetch({ url: `${standIn.apiBase}${url.pathname}${url.search}` });
    return route.fulfill({ response: answer, headers: { ...answer.headers(), 'access-control-allow-origin': '*' } });
  });
  return asked;
}

/** CSP violations the page's documents report, kept across its navigations. */
async function recordViolations(page: Page): Promise<() => Promise<{ directive: string; blocked: string }[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { violations: typeof seen }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
  // zod (the API schemas) probes once whether it may compile with Function() and, refused, does
  // without: that refusal is the policy working, and not one of the page's loads.
  return async () =>
    (await page.evaluate(() => (window as unknown as { violations: { directive: string; blocked: string }[] }).violations)).filter(
      (v) => !(v.directive === 'script-src' && v.blocked === 'eval'),
    );
}

async function cartWithOneShirt(page: Page, visitorId: string): Promise<number[]> {
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const answer = await page.request.post(`${running.url}/api${url}`, { data: body, headers: { 'x-visitor-id': visitorId } });
    const envelope = (await answer.json()) as { code: string; msg: string; data: T };
    expect(envelope.code, envelope.msg).toBe('0000');
    return envelope.data;
  };
  const detail = await post<{ sizes: { size: string; stock: number }[] }>('/demo/ironProduct/queryProductDetail', { id: 1 });
  const size = [...detail.sizes].sort((a, b) => b.stock - a.stock)[0]!.size;
  return (await post<{ ids: number[] }>('/demo/ironCartItem/saveCartItemList', [{ productId: 1, size, customType: 1, quantity: 1 }])).ids;
}

describe("the checkout built for PayPal's sandbox, in Chromium", () => {
  it("loads PayPal's SDK from the sandbox host, pays through it and lands on the paid order; the policy refuses what it does not name", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const asked = await routePaypal(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const violations = await recordViolations(page);
    const visitorId = 'b'.repeat(32);
    await context.addCookies([{ name: 'X-Visitor-Id', value: visitorId, url: running.url }]);
    const ids = await cartWithOneShirt(page, visitorId);

    const response = await page.goto(`${running.url}/en-US/checkouts/cart/?from=cart&items=${encodeURIComponent(JSON.stringify(ids))}`);
    const header = response!.headers()['content-security-policy'];
    const meta = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    await page.locator('astro-island[component-url*="CheckoutPage"]:not([ssr])').waitFor({ state: 'attached' });

    await page.locator('.checkout input[name="email"]').fill('sandbox.buyer@example.com');
    await typeShippingAddress(page, 'GB', { given: 'Sandy', family: 'Box' });
    await page.locator('[data-method="standard"]').waitFor();
    await page.getByRole('button', { name: checkoutText.actions.continue }).click();

    // The stand-in's buttons, drawn by the SDK the page loaded from PayPal's sandbox address.
    const buttons = page.locator('[data-paypal-sim="buttons"]');
    await buttons.waitFor();
    const sdk = asked.find((url) => url.startsWith(`${SANDBOX}/sdk/js?`));
    expect(sdk).toBeDefined();
    expect(new URL(sdk!).searchParams.get('client-id')).toBe(SIM_CLIENT_ID);

    // Outside the policy: a script from another host and a frame from PayPal's live host.
    await page.evaluate(
      ([script, frame]) => {
        const element = document.createElement('script');
        element.src = script!;
        document.head.appendChild(element);
        const iframe = document.createElement('iframe');
        iframe.src = frame!;
        document.body.appendChild(iframe);
      },
      [FOREIGN_SCRIPT, LIVE_FRAME],
    );
    await expect.poll(async () => (await violations()).map((v) => v.directive).sort(), PAGE_WAIT).toEqual(['frame-src', 'frame-src', 'script-src-elem']);
    const refused = await violations();
    expect(refused).toContainEqual({ directive: 'script-src-elem', blocked: FOREIGN_SCRIPT });
    // Refused by the <meta> policy and by the header: each reports it. Chromium names a frame's origin only.
    expect(refused.filter((v) => v.directive === 'frame-src').every((v) => v.blocked.startsWith(PAYPAL_SDK_HOSTS.live))).toBe(true);
    // Refused before any request was made.
    expect(asked.filter((url) => !url.startsWith(SANDBOX))).toEqual([]);

    await buttons.getByRole('button', { name: 'PayPal', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Approve payment', exact: true }).click();

    await page.waitForURL(/\/en-US\/order-success\/JS-[A-Z0-9]{5}-[A-Z0-9]{5}\/\?token=/);
    const orderNo = new URL(page.url()).pathname.split('/')[3]!;
    await expect.poll(() => page.locator('[data-status]').textContent(), PAGE_WAIT).toBe(checkoutText.status.paid);
    await expect.poll(() => page.getByRole('heading', { name: checkoutText.success.heading }).count(), PAGE_WAIT).toBe(1);

    const [order] = await database.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
    expect(order?.status).toBe('paid');
    const [payment] = await database.db.select({ status: payments.status, paypalOrderId: payments.paypalOrderId }).from(payments).where(eq(payments.orderId, order!.id));
    expect(payment?.status).toBe('captured');
    // Captured at the REST stand-in, for the PayPal order the page's buttons approved there.
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toContain(`POST /v2/checkout/orders/${payment!.paypalOrderId}/capture`);
    expect(asked).toContain(`${SANDBOX}/checkout/${payment!.paypalOrderId}/approve`);
    // The policy the checkout page brought: the server's header and the build's <meta>, each naming the sandbox only.
    expect(header).toContain(`frame-src ${SANDBOX}`);
    expect(meta).toMatch(new RegExp(`script-src 'self' ${SANDBOX.replaceAll('.', '\\.')} `));
    expect(`${header} ${meta}`).not.toContain(PAYPAL_SDK_HOSTS.live);
    // No other refusal on the way: the SDK, its calls and the order pages all within the policy.
    expect(errors.filter((error) => !error.includes(FOREIGN_SCRIPT) && !error.includes(`'${PAYPAL_SDK_HOSTS.live}/'`))).toEqual([]);
    expect(await violations()).toEqual([]);
    await context.close();
  });
});

// The built pages themselves: the checkout's <meta> names the sandbox, no other page names PayPal.
describe('the sandbox build', () => {
  it("widens only the checkout pages' policy", async () => {
    const checkout = await readFile(path.join(config.siteDir!, 'en-US/checkouts/now/index.html'), 'utf8');
    const home = await readFile(path.join(config.siteDir!, 'en-US/index.html'), 'utf8');
    expect(checkout).toContain(`frame-src ${SANDBOX}`);
    expect(home).not.toContain('paypal.com');
    expect(home).toContain("frame-src 'none'");
  });
});
