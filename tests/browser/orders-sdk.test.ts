/**
 * The simulator's stand-in for PayPal's browser SDK, loaded in Chromium by the real
 * @paypal/paypal-js loadScript from the URL /api/demo/paypal/config gives, under a strict CSP
 * (script-src and style-src 'self', as the shop's pages have): its buttons call the page's
 * createOrder, its dialog approves, declines or cancels, and onApprove / onCancel get the PayPal
 * order id, so the checkout's code path is the one real PayPal would drive.
 */
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadToolConfig } from '../../src/build-config.ts';
import { listen, type Running } from '../../src/server/main.ts';
import { createTestShop, type TestShop } from '../integration/harness.ts';
import { findStock, guestOrder, plainLine } from '../integration/orders-support.ts';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema.ts';

let shop: TestShop;
let running: Running;
let browser: Browser;
let loader: string;

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'none'; frame-src 'none'";

/** The checkout page's PayPal part, reduced to what the SDK needs; events land in window.events. */
const PAGE_SCRIPT = `
import { loadScript } from '/test/paypal-js.js';
const query = new URLSearchParams(location.search);
const orderNo = query.get('orderNo');
const token = query.get('token');
window.events = [];
document.addEventListener('securitypolicyviolation', (e) => window.events.push(['csp', e.violatedDirective, e.blockedURI]));
const config = (await (await fetch('/api/demo/paypal/config')).json()).data;
const paypal = await loadScript({ clientId: config.clientId, currency: 'EUR', intent: 'capture', sdkBaseUrl: config.sdkBaseUrl });
await paypal.Buttons({
  style: { shape: 'pill', height: 48 },
  createOrder: async () => {
    const answer = await (await fetch('/api/demo/paypal/createOrder', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderNo, token }) })).json();
    return answer.data.id;
  },
  onApprove: async (data) => {
    const answer = await (await fetch('/api/demo/paypal/captureOrder?id=' + data.orderID + '&orderNo=' + orderNo)).json();
    window.events.push(['approve', data.orderID, answer.code, answer.data && (answer.data.status || answer.data.reason)]);
  },
  onCancel: (data) => window.events.push(['cancel', data.orderID]),
  onError: (error) => window.events.push(['error', String(error)]),
}).render('#paypal-buttons');
window.events.push(['ready']);
`;

function html(lang: string) {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>checkout</title><script type="module" src="/test/page.js"></script></head><body><main><div id="paypal-buttons"></div></main></body></html>`;
}

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  running = await listen(shop.app, shop.database, { host: '127.0.0.1', port: 0, graceMs: 5000 });
  shop.app.payments.simulator!.setSwitches({ autoWebhooks: false });
  loader = await readFile(new URL('../../node_modules/@paypal/paypal-js/dist/esm/paypal-js.js', import.meta.url), 'utf8');
  browser = await chromium.launch({
    executablePath: loadToolConfig().CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
});
afterAll(async () => {
  await browser?.close();
  // running.stop closes the app and the database; close() then drops what is left.
  await running?.stop();
  await shop?.close().catch(() => undefined);
});

async function checkoutPage(order: { orderNo: string; accessToken: string }, lang = 'en-US', width = 1440): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.route('**/test/checkout*', (route) => route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': CSP }, body: html(lang) }));
  await page.route('**/test/page.js', (route) => route.fulfill({ contentType: 'text/javascript', body: PAGE_SCRIPT }));
  await page.route('**/test/paypal-js.js', (route) => route.fulfill({ contentType: 'text/javascript', body: loader }));
  await page.goto(`${running.url}/test/checkout?orderNo=${order.orderNo}&token=${order.accessToken}`);
  await page.waitForFunction(() => (window as unknown as { events: unknown[][] }).events?.some((e) => e[0] === 'ready'));
  return page;
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { events: unknown[][] }).events);

async function status(orderNo: string) {
  const [row] = await shop.database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
  return row!.status;
}

describe('the stand-in PayPal SDK in a browser', () => {
  it('is loaded by @paypal/paypal-js and draws a PayPal and a card button, within the CSP', async () => {
    const stock = await findStock(shop, 20);
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const page = await checkoutPage(order);
    await expect(page.getByRole('button', { name: 'PayPal' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Debit or Credit Card' }).isVisible()).resolves.toBe(true);
    const script = await page.evaluate(() => document.querySelector('script[src*="/paypal-sim/sdk/js"]')?.getAttribute('src'));
    expect(script).toBe('/paypal-sim/sdk/js?client-id=sim-client-id&currency=EUR&intent=capture');
    expect((await events(page)).filter((e) => e[0] === 'csp')).toEqual([]);
    await page.close();
  });

  it('approves in its dialog, then the page captures and the order is paid', async () => {
    const stock = await findStock(shop, 20);
    const { order } = await guestOrder(shop, [plainLine(stock, 2)]);
    const page = await checkoutPage(order);
    await page.getByRole('button', { name: 'PayPal' }).click();
    const dialog = page.getByRole('dialog', { name: 'PayPal (simulator)' });
    await dialog.waitFor();
    await expect(dialog.getByText(`€${(order.total / 100).toFixed(2)}`).isVisible()).resolves.toBe(true);
    // The approve button has focus, so Enter approves.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { events: unknown[][] }).events.some((e) => e[0] === 'approve'));
    const approved = (await events(page)).find((e) => e[0] === 'approve')!;
    expect(approved.slice(2)).toEqual(['0000', 'paid']);
    expect(await status(order.orderNo)).toBe('paid');
    expect(await dialog.count()).toBe(0);
    await page.close();
  });

  it('cancels with Cancel or Escape: onCancel gets the PayPal order id and the order stays unpaid', async () => {
    const stock = await findStock(shop, 20);
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const page = await checkoutPage(order);
    await page.getByRole('button', { name: 'PayPal' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => (window as unknown as { events: unknown[][] }).events.some((e) => e[0] === 'cancel'));
    await page.getByRole('button', { name: 'PayPal' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => (window as unknown as { events: unknown[][] }).events.filter((e) => e[0] === 'cancel').length === 2);
    const cancels = (await events(page)).filter((e) => e[0] === 'cancel');
    expect(cancels[0]![1]).toMatch(/^[A-Z0-9]{17}$/);
    expect(cancels[1]![1]).toBe(cancels[0]![1]);
    expect(await status(order.orderNo)).toBe('pending_payment');
    await page.close();
  });

  it('declines a card, and the buyer pays on the second try', async () => {
    const stock = await findStock(shop, 20);
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const page = await checkoutPage(order, 'zh-CN', 375);
    await page.getByRole('button', { name: '借记卡或信用卡' }).click();
    await page.getByRole('dialog', { name: 'PayPal（模拟器）' }).getByRole('button', { name: '使用会被拒绝的卡' }).click();
    await page.waitForFunction(() => (window as unknown as { events: unknown[][] }).events.some((e) => e[0] === 'approve'));
    expect((await events(page)).find((e) => e[0] === 'approve')!.slice(2)).toEqual(['1402', 'INSTRUMENT_DECLINED']);
    expect(await status(order.orderNo)).toBe('pending_payment');
    await page.getByRole('button', { name: '借记卡或信用卡' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认付款' }).click();
    await page.waitForFunction(() => (window as unknown as { events: unknown[][] }).events.filter((e) => e[0] === 'approve').length === 2);
    expect((await events(page)).filter((e) => e[0] === 'approve')[1]!.slice(2)).toEqual(['0000', 'paid']);
    expect(await status(order.orderNo)).toBe('paid');
    await page.close();
  });
});
