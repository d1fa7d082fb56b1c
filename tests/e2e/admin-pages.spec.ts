/**
 * Content pages edited in the back office (issue 32, docs/back-office.md "Pages"):
 * - zh-CN at 375 px, dark: the returns policy's Chinese text is edited (a broken link is flagged
 *   while typed, the preview follows), saved, published and seen live on the storefront's
 *   pre-rendered page (axe finds nothing on the list and the editor, dark); then the previous version is restored from History (its diff shown) and
 *   published, and the storefront shows the old text again. The time from publish to live is
 *   printed;
 * - en-US at 1440 px: a new page in one language, shown in the footer: its page is live, the footer's
 *   Information group links it, and the other language's address is the not-found page; axe finds
 *   nothing on the list, the editor and the history.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import enPages from '../../src/i18n/locales/en-US/admin-pages.json' with { type: 'json' };
import zhPages from '../../src/i18n/locales/zh-CN/admin-pages.json' with { type: 'json' };
import { axeViolations } from './support/axe.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, label, test, topDialog, type AdminLocale } from './support/admin.ts';

test.describe.configure({ timeout: 3 * JOURNEY_TIMEOUT_MS });

/** The quiet wait and a rebuild, on a machine running the rest of the suite (site-builds.spec.ts). */
const LIVE_WITHIN_MS = 100_000;

async function servedHtml(request: APIRequestContext, path: string): Promise<{ status: number; html: string }> {
  const response = await request.get(`${path}?t=${Date.now()}`);
  return { status: response.status(), html: await response.text() };
}

/** Publishes the open page (confirmed); answers when the server took it. */
async function publish(page: Page, locale: AdminLocale): Promise<number> {
  await page.getByTestId('page-publish').click();
  await confirmIn(page, ADMIN_TEXT[locale].admin.common.confirm);
  await expect(page.getByTestId('page-publish')).toHaveText(label((locale === 'en-US' ? enPages : zhPages).nothingToPublish));
  return Date.now();
}

test.describe(() => {
  test.use({ adminLocale: 'zh-CN', adminStorage: { SOY_themeSettings: { themeScheme: 'dark' } } });

  test('zh-CN: the returns policy edited, previewed, published and live, then the previous version restored and live again', async ({ page, request }, testInfo) => {
    const T = zhPages;
    const marker = `后台编辑测试 ${randomBytes(3).toString('hex')}`;
    await page.goto('/admin/pages');
    await expect(page.getByTestId('pages-table')).toContainText('/return-policy/');
    await screenshot(page, 'admin-pages-list-zh-CN', testInfo);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('page-open-return-policy').click();
    const zh = page.getByTestId('page-locale-zh-CN');
    const body = zh.getByTestId('page-body-zh-CN');
    await expect(body).not.toBeEmpty();
    const original = await body.inputValue();

    // The file's text first becomes a version of its own, so there is a previous one to restore
    // (a second try finds a version saved already, maybe published: nothing differs, Save is disabled).
    if (await zh.getByTestId('page-save-zh-CN').isEnabled()) {
      await zh.getByTestId('page-save-zh-CN').click();
      await expect(zh.getByText(T.unpublished)).toBeVisible();
    }

    await body.fill(`${marker}。[坏链接](../no-such-page/)\n\n${original}`);
    await expect(zh.getByTestId('page-broken-zh-CN')).toContainText('../no-such-page/');
    await expect(zh.getByTestId('page-preview-zh-CN')).toContainText(marker);
    await body.fill(`${marker}。\n\n${original}`);
    await expect(zh.getByTestId('page-broken-zh-CN')).toHaveCount(0);
    await expect(zh.getByText(T.linksOk)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pages-editor-zh-CN', testInfo, { fullPage: true });
    await zh.getByTestId('page-save-zh-CN').click();
    await expect(page.getByText(T.saved).first()).toBeVisible();

    const published = await publish(page, 'zh-CN');
    await expect.poll(async () => (await servedHtml(request, '/zh-CN/return-policy/')).html.includes(marker), { timeout: LIVE_WITHIN_MS }).toBe(true);
    testInfo.annotations.push({ type: 'publish to live', description: `${((Date.now() - published) / 1000).toFixed(1)} s` });
    // The English page was not touched.
    expect((await servedHtml(request, '/en-US/return-policy/')).html).not.toContain(marker);

    await zh.getByTestId('page-history-zh-CN').click();
    const history = page.getByTestId('page-history-drawer-zh-CN');
    await expect(history.getByTestId('page-diff')).toContainText(marker);
    // The drawer has slid in (for the picture).
    await expect.poll(async () => (await history.getByTestId('page-restore').boundingBox())?.x ?? -1).toBeLessThan(375 - 60);
    await screenshot(page, 'admin-pages-history-zh-CN', testInfo);
    await history.getByTestId('page-restore').click();
    await confirmIn(page, ADMIN_TEXT['zh-CN'].admin.common.confirm);
    await expect(body).not.toHaveValue(new RegExp(marker));

    await publish(page, 'zh-CN');
    await expect.poll(async () => (await servedHtml(request, '/zh-CN/return-policy/')).html.includes(marker), { timeout: LIVE_WITHIN_MS }).toBe(false);
    expect((await servedHtml(request, '/zh-CN/return-policy/')).status).toBe(200);
  });
});

test.describe(() => {
  test.use({ adminLocale: 'en-US' });

  test('en-US: a new page in one language, listed in the footer, live where it exists and not found where it does not; axe passes', async ({ page, request }, testInfo) => {
    const T = enPages;
    const slug = `size-guide-${randomBytes(3).toString('hex')}`;
    // Its own title: a second try's footer also lists the first try's page.
    const title = `Size guide ${slug.slice(-6)}`;
    await page.goto('/admin/pages');
    await expect(page.getByTestId('pages-table')).toContainText('/return-policy/');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pages-list-en-US', testInfo);

    await page.getByTestId('page-new').click();
    await page.getByTestId('page-slug').fill('cart');
    await confirmIn(page, T.create);
    await expect(topDialog(page)).toContainText(T.errors.reserved);
    await page.getByTestId('page-slug').fill(slug);
    await confirmIn(page, T.create);

    const en = page.getByTestId('page-locale-en-US');
    await en.getByLabel(T.fields.title).fill(title);
    await en.getByLabel(T.fields.description).fill('How our shirts fit, size by size.');
    await en.getByLabel(T.fields.updated).fill('2026-11-29');
    await en.getByLabel(T.fields.inFooter).check();
    await en.getByTestId('page-body-en-US').fill('Measure a shirt you like.\n\n## Sizes\n\nSee the [FAQ](../faq/) and [sizes](#sizes).\n');
    await expect(en.getByTestId('page-preview-en-US').getByRole('heading', { name: 'Sizes' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pages-new-en-US', testInfo, { fullPage: true });
    await en.getByTestId('page-save-en-US').click();
    await expect(page.getByText(T.saved).first()).toBeVisible();

    await publish(page, 'en-US');

    // A footer change rebuilds every page: the new page, and the footer linking it everywhere.
    await expect.poll(async () => (await servedHtml(request, `/en-US/${slug}/`)).html.includes('Measure a shirt you like.'), { timeout: 2 * LIVE_WITHIN_MS }).toBe(true);
    // Every page is rebuilt, the new one not necessarily last.
    await expect.poll(async () => (await servedHtml(request, '/en-US/faq/')).html.includes(`/en-US/${slug}/`), { timeout: LIVE_WITHIN_MS }).toBe(true);
    await page.goto('/en-US/faq/');
    await expect(page.locator('.site-footer').getByRole('link', { name: title })).toHaveAttribute('href', new RegExp(`/en-US/${slug}/$`));
    expect((await servedHtml(request, `/zh-CN/${slug}/`)).status).toBe(404);

    await page.goto(`/admin/pages?slug=${slug}`);
    await page.getByTestId('page-history-en-US').click();
    await expect(page.getByTestId('page-history-drawer-en-US')).toContainText(T.live);
    expect(await axeViolations(page)).toEqual([]);
  });
});
