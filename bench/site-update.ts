/**
 * Section 4, continued: how long a price edit in the back office takes to reach its pre-rendered
 * pages, on the largest catalogue the build section made. The shop is started on that site as an
 * operator would (`npm start`: API, site builder), an owner made with `npm run admin`, and a
 * product's price changed through the admin API (`bulkPrice`); then both locales' page files are
 * read until they carry the new price. The time includes the builder's quiet wait
 * (SITE_BUILD_QUIET_SECONDS, 5 s), the rebuild of the product's pages and the listings, and the swap.
 * Then a content page published from the back office (docs/back-office.md "Pages"): the Chinese
 * returns policy saved and published through the admin API, and its page file read until it holds
 * the new text (the quiet wait, the build of that page alone, the swap).
 */
import { readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { accountsApi } from '../src/domain/api/accounts.ts';
import { adminPagesApi } from '../src/domain/api/admin/pages.ts';
import { adminProductsApi } from '../src/domain/api/admin/products.ts';
import { SHOP_READY } from './api.ts';
import { startCommand, startServer } from './processes.ts';
import type { BuiltSite } from './build.ts';

export interface SiteUpdateFigures {
  products: number;
  productId: number;
  /** From the admin API's answer to the page files of each locale holding the new price. */
  seconds: Record<'en-US' | 'zh-CN', number>;
  /** What the site builder reported for the build that did it. */
  builderLog: string[];
  /** A content page published in the back office: from the publish call's answer to its page file holding the new text. */
  pagePublish?: { slug: string; locale: 'zh-CN'; seconds: number; builderLog: string[] };
}

const OWNER = { email: 'owner@bench.example', password: 'Bench-Owner-1' };

function createOwner(site: BuiltSite, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/admin.ts', 'create', '--email', OWNER.email, '--role', 'R_SUPER'], { cwd: site.projectDir, env: site.env, stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.stdin.end(`${OWNER.password}\n`);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 || /already/.test(errors) ? resolve() : reject(new Error(`npm run admin -- create exited with ${code}: ${errors} (${logFile})`))));
  });
}

export async function measurePriceEdit(site: BuiltSite, options: { products: number; port: number; logFile: string; log: (message: string) => void }): Promise<SiteUpdateFigures> {
  await createOwner(site, options.logFile);
  const server = await startServer({
    ...startCommand(),
    cwd: site.projectDir,
    env: { ...site.env, SITE_BUILDER: '1', RATE_LIMIT_PER_MINUTE: '' },
    port: options.port,
    readyLine: SHOP_READY,
    readyPath: '/api/health',
    logFile: options.logFile,
    timeoutMs: 20 * 60_000,
  });
  try {
    const post = async (apiPath: string, body: unknown, token?: string) => {
      const response = await fetch(`${server.origin}/api${apiPath}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      return (await response.json()) as { code: string; msg: string; data: any };
    };
    const login = await post(accountsApi.login.path, { username: OWNER.email, password: OWNER.password });
    if (login.code !== '0000') throw new Error(`sign-in failed: ${login.msg}`);
    const token = login.data.token as string;
    // A product from the middle of the catalogue, published, with its page built.
    const listAt = (current: number) => post(adminProductsApi.list.path, { current, size: 1, published: true, sort: 'id', order: 'asc' }, token);
    const first = await listAt(1);
    if (first.code !== '0000') throw new Error(`product list: ${first.msg}`);
    const middle = await listAt(Math.max(1, Math.floor((first.data.total as number) / 2)));
    const productId = middle.data.records[0].id as number;
    const page = (locale: string) => path.join(site.distDir, locale, 'product', String(productId), 'index.html');
    const before = await readFile(page('en-US'), 'utf8');
    const price = Number(/data-price-eur="(\d+)" data-live-price/.exec(before)?.[1]);
    if (!Number.isInteger(price)) throw new Error(`no live price on ${page('en-US')}`);
    const next = price + 100;
    const logSize = (await readFile(options.logFile, 'utf8')).length;
    const started = performance.now();
    const changed = await post(adminProductsApi.bulkPrice.path, { ids: [productId], mode: 'set', value: next }, token);
    if (changed.code !== '0000') throw new Error(`bulkPrice: ${changed.msg}`);
    const seconds: Partial<Record<'en-US' | 'zh-CN', number>> = {};
    const marker = `data-price-eur="${next}" data-live-price`;
    const deadline = Date.now() + 10 * 60_000;
    while (!seconds['en-US'] || !seconds['zh-CN']) {
      if (Date.now() > deadline) throw new Error(`the new price did not reach ${page('en-US')} within 10 minutes`);
      for (const locale of ['en-US', 'zh-CN'] as const) {
        if (seconds[locale]) continue;
        const html = await readFile(page(locale), 'utf8').catch(() => '');
        if (html.includes(marker)) seconds[locale] = Math.round((performance.now() - started) / 100) / 10;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const builderLog = (await readFile(options.logFile, 'utf8')).slice(logSize).split('\n').filter((line) => /site build/.test(line));
    options.log(`site update (${options.products.toLocaleString('en')} products): product ${productId}'s price on its en-US page in ${seconds['en-US']} s, zh-CN in ${seconds['zh-CN']} s`);
    const pagePublish = await measurePagePublish({ post, token, distDir: site.distDir, logFile: options.logFile });
    options.log(`page publish: /zh-CN/${pagePublish.slug}/ live in ${pagePublish.seconds} s`);
    return { products: options.products, productId, seconds: seconds as Record<'en-US' | 'zh-CN', number>, builderLog, pagePublish };
  } finally {
    await server.stop();
  }
}

type Post = (apiPath: string, body: unknown, token?: string) => Promise<{ code: string; msg: string; data: any }>;

async function measurePagePublish(at: { post: Post; token: string; distDir: string; logFile: string }): Promise<NonNullable<SiteUpdateFigures['pagePublish']>> {
  const slug = 'return-policy';
  const locale = 'zh-CN';
  const page = await at.post(adminPagesApi.page.path, { slug }, at.token);
  if (page.code !== '0000') throw new Error(`page: ${page.msg}`);
  const text = page.data.locales[locale].text as { title: string; description: string; updated: string | null; body: string };
  const marker = `基准测试 ${Date.now()}`;
  const saved = await at.post(adminPagesApi.savePage.path, { slug, locale, ...text, body: `${marker}\n\n${text.body}`, inFooter: false }, at.token);
  if (saved.code !== '0000') throw new Error(`savePage: ${saved.msg}`);
  const logSize = (await readFile(at.logFile, 'utf8')).length;
  const file = path.join(at.distDir, locale, slug, 'index.html');
  const started = performance.now();
  const published = await at.post(adminPagesApi.publishPage.path, { slug }, at.token);
  if (published.code !== '0000') throw new Error(`publishPage: ${published.msg}`);
  const deadline = Date.now() + 5 * 60_000;
  while (!(await readFile(file, 'utf8').catch(() => '')).includes(marker)) {
    if (Date.now() > deadline) throw new Error(`the published text did not reach ${file} within 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const builderLog = (await readFile(at.logFile, 'utf8')).slice(logSize).split('\n').filter((line) => /site build/.test(line));
  return { slug, locale, seconds, builderLog };
}
