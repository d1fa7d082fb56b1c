/** Screenshots of the products screens (not a test): node /tmp/cat-shots.ts [name...] */
import { chromium } from '@playwright/test';
import sharp from 'sharp';
const BASE = 'http://127.0.0.1:4510';
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const api = async (path: string, body: unknown, token?: string) => {
  const r = await fetch(`${BASE}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return ((await r.json()) as { data: any }).data;
};
const pair = await api('/demo/permissionAuth/doLogin', { username: 'admin@demo.jersey-shop.example', password: 'Admin-Jersey-1' });
// One product with an uploaded image for the shots.
const png = await sharp({ create: { width: 500, height: 550, channels: 3, background: '#1e6091' } }).composite([{ input: Buffer.from('<svg width="500" height="550"><circle cx="250" cy="275" r="150" fill="#f4d35e"/></svg>') }]).png().toBuffer();
await api('/admin/products/images/upload', { productId: 3, data: png.toString('base64') }, pair.token);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const shots: [string, string, 'en-US' | 'zh-CN', number, boolean][] = [
  ['products-en-1440', '/admin/products', 'en-US', 1440, false],
  ['products-zh-375', '/admin/products', 'zh-CN', 375, false],
  ['products-dark-1440', '/admin/products', 'en-US', 1440, true],
  ['editor-en-1440', '/admin/products/3', 'en-US', 1440, false],
  ['editor-zh-375', '/admin/products/3', 'zh-CN', 375, false],
  ['editor-dark-1440', '/admin/products/3', 'zh-CN', 1440, true],
  ['editor-new-en-1440', '/admin/products/new', 'en-US', 1440, false],
  ['editor-images-en-1440', '/admin/products/3', 'en-US', 1440, false],
  ['editor-sizes-zh-375', '/admin/products/3', 'zh-CN', 375, false],
  ['editor-images-dark-375', '/admin/products/3', 'zh-CN', 375, true],
  ['editor-stale-en-1440', '/admin/products/3', 'en-US', 1440, false],
];
const only = process.argv.slice(2);
for (const [name, path, locale, width, dark] of shots) {
  if (only.length && !only.includes(name)) continue;
  const storage: Record<string, unknown> = { SOY_lang: locale, SOY_token: pair.token, SOY_refreshToken: pair.refreshToken, ...(dark ? { SOY_themeSettings: { themeScheme: 'dark' } } : {}) };
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    storageState: { cookies: [], origins: [{ origin: BASE, localStorage: Object.entries(storage).map(([n, v]) => ({ name: n, value: JSON.stringify(v) })) }] },
  });
  const page = await context.newPage();
  await page.goto(`${BASE}${path}`);
  await page.waitForSelector(path.endsWith('products') ? '[data-testid="products-table"] .ant-table-row' : '[data-testid="product-editor"]', { timeout: 30000 });
  await page.waitForTimeout(800);
  if (name.includes('images')) await page.getByTestId('product-image-upload').scrollIntoViewIfNeeded();
  if (name.includes('sizes')) await page.getByTestId('product-size-row').first().scrollIntoViewIfNeeded();
  if (name.includes('stale')) {
    // Someone else saves first: this editor's save is then refused.
    const current = await api('/admin/products/get', { id: 3 }, pair.token);
    const { id, version, published, images, art, patches, addons, updatedAt, ...fields } = current;
    await api('/admin/products/update', { id, version, ...fields }, pair.token);
    await page.getByTestId('product-save').click();
    await page.getByTestId('product-stale').waitFor();
    await page.getByTestId('product-stale').scrollIntoViewIfNeeded();
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: `.data/screens/cat-${name}.png` });
  await context.close();
  console.log('shot', name);
}
await browser.close();
