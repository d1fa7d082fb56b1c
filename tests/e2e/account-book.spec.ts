/**
 * A shopper's address book, wishlist, reviews and the footer newsletter against the running
 * server, at 1440x900 ("desktop") and 375x812 ("phone"), across both locales.
 *
 * Journeys sign in as the one e2e shopper every worker shares, so a test only ever looks at what
 * it made itself: names, emails and review texts carry a token unique to the test and project,
 * and each project wishlists and reviews products of its own.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page, type TestInfo } from './support/test.ts';
import type { AddressRecord } from '../../src/domain/account.model.ts';
import enAddress from '../../src/i18n/locales/en-US/address.json' with { type: 'json' };
import enLayout from '../../src/i18n/locales/en-US/layout.json' with { type: 'json' };
import enReview from '../../src/i18n/locales/en-US/review.json' with { type: 'json' };
import enWishlist from '../../src/i18n/locales/en-US/wishlist.json' with { type: 'json' };
import zhAddress from '../../src/i18n/locales/zh-CN/address.json' with { type: 'json' };
import zhLayout from '../../src/i18n/locales/zh-CN/layout.json' with { type: 'json' };
import zhReview from '../../src/i18n/locales/zh-CN/review.json' with { type: 'json' };
import zhWishlist from '../../src/i18n/locales/zh-CN/wishlist.json' with { type: 'json' };
import { signIn } from './support/session.ts';
import { holdScript } from './support/hydration.ts';
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';

const TEXT = {
  'en-US': { address: enAddress, layout: enLayout, review: enReview, wishlist: enWishlist },
  'zh-CN': { address: zhAddress, layout: zhLayout, review: zhReview, wishlist: zhWishlist },
} as const;
type Locale = keyof typeof TEXT;

const HONG_KONG = {
  'en-US': { country: 'Hong Kong', provinces: ['Hong Kong Island', 'Kowloon', 'New Territories / Outlying Islands'] },
  'zh-CN': { country: '中国香港', provinces: ['香港岛', '九龙', '新界/离岛'] },
} as const;

const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** A token no other test or project uses, letters only (names refuse digits nowhere, but read better). */
function token(): string {
  return randomBytes(4).toString('hex');
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function api<T>(page: Page, path: string, body: unknown = {}): Promise<T> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('SOY_token') ?? 'null') as string | null);
  return apiData<T>(page.request, path, body, token ? { authorization: `Bearer ${token}` } : {});
}

/**
 * The next answer to a call whose URL contains `part`, read on its way to the page (the page may
 * navigate away at once, after which the browser no longer has the body).
 */
function nextAnswer<T>(page: Page, part: string): Promise<{ code: string; msg: string; data: T }> {
  return new Promise((resolve) => {
    const matcher = (url: URL) => url.pathname.includes(part);
    void page.route(matcher, async (route) => {
      const response = await route.fetch();
      resolve((await response.json()) as { code: string; msg: string; data: T });
      await route.fulfill({ response });
      await page.unroute(matcher);
    });
  });
}

/** Signs the shared shopper in on this page's origin. */
async function signedIn(page: Page, locale: Locale): Promise<void> {
  await page.goto(`/${locale}/`);
  await signIn(page);
}

/** Signs in for an address journey in `locale`; its texts, and the name (unique to this run) the journey's address is for. */
async function addressJourney(page: Page, locale: Locale, given: string, family: string) {
  const first = `${given}${token()}`;
  await signedIn(page, locale);
  return { t: TEXT[locale].address, first, name: `${first} ${family}` };
}

/** The address card whose name line is `name`. */
function card(page: Page, name: string): Locator {
  return page.locator('[data-address-id]').filter({ has: page.getByRole('heading', { name: new RegExp(`^${escapeRegExp(name)}`) }) });
}

/**
 * The card is the default: first in the list and marked. Another worker's journey may make its
 * own address the default at any moment (one shared shopper), so if that happened, this one is
 * made default again with its own button, which is also what that button is for.
 */
async function expectDefault(page: Page, locale: Locale, name: string): Promise<void> {
  const t = TEXT[locale].address.book;
  await expect(async () => {
    await page.reload();
    const mine = card(page, name);
    await expect(mine).toBeVisible({ timeout: 5_000 });
    const setDefault = mine.getByRole('button', { name: new RegExp(`^${escapeRegExp(t.setDefault)}`) });
    if (await setDefault.isVisible()) {
      await setDefault.click();
      await expect(page.locator('.ab-status')).toHaveText(t.defaultChanged, { timeout: 5_000 });
    }
    await expect(page.locator('[data-address-id]').first()).toHaveAttribute('data-address-id', (await mine.getAttribute('data-address-id'))!, { timeout: 2_000 });
    await expect(mine.locator('.ab-badge')).toHaveText(t.default, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('address book', () => {
  test('en-US: add a Hong Kong address as the default, edit it, delete it after the yes/no question', async ({ page }) => {
    const locale = 'en-US';
    const { t, first, name } = await addressJourney(page, locale, 'Kai', 'Chan');

    await page.goto(`/${locale}/address/`);
    await expect(page.getByRole('heading', { level: 1, name: t.book.title })).toBeVisible();
    await page.getByRole('link', { name: t.book.add }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/add-address/$`));
    await expect(page.getByRole('heading', { level: 1, name: t.editor.titleAdd })).toBeVisible();

    // Every message appears next to its field, in the page's language.
    await page.getByRole('button', { name: t.editor.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.editor.fixErrors })).toBeVisible();
    const firstName = page.getByLabel(t.fields.firstName);
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription(t.errors.firstNameRequired);
    await expect(page.getByLabel(t.fields.country)).toHaveAccessibleDescription(t.errors.countryRequired);

    await firstName.fill(first);
    await page.getByLabel(t.fields.lastName).fill('Chan');
    await page.getByRole('textbox', { name: t.fields.address, exact: true }).fill('8 Canton Road');
    await page.getByLabel(t.fields.country).selectOption({ label: HONG_KONG[locale].country });
    // The phone code comes from the country; the province list is Hong Kong's three.
    await expect(page.getByLabel(t.fields.phoneCode)).toHaveValue('+852');
    const province = page.getByLabel(t.fields.province);
    await expect(province.locator('option:not([value=""])')).toHaveText([...HONG_KONG[locale].provinces]);
    await province.selectOption({ label: 'Kowloon' });
    await page.getByLabel(t.fields.city).fill('Tsim Sha Tsui');
    await page.getByRole('textbox', { name: t.fields.phone, exact: true }).fill('5123 4567');
    const makeDefault = page.getByLabel(t.fields.isDefault);
    await makeDefault.check();

    const saved = nextAnswer<{ records: AddressRecord[] }>(page, '/ironUserAddress/saveOrUpdateBatch');
    await page.getByRole('button', { name: t.editor.save }).click();
    const answer = await saved;
    expect(answer.code).toBe('0000');
    expect(answer.data.records[0]).toMatchObject({ firstName: first, country: 'HK', province: 'KLN', phoneCode: '+852', isDefault: true });
    const id = answer.data.records[0]!.id;

    await expect(page).toHaveURL(new RegExp(`/${locale}/address/$`));
    await expect(page.locator('.ab-status')).toHaveText(t.book.saved);
    const mine = card(page, name);
    await expect(mine.locator('address')).toContainText('Tsim Sha Tsui, Kowloon');
    await expect(mine.locator('address')).toContainText('Hong Kong');
    await expect(mine.locator('address')).toContainText('+852 5123 4567');
    await expectDefault(page, locale, name);

    // Edit: the form opens filled in; the change shows in the book.
    await card(page, name).getByRole('link', { name: new RegExp(`^${t.book.edit}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/add-address/\\?id=${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: t.editor.titleEdit })).toBeVisible();
    await expect(page.getByLabel(t.fields.firstName)).toHaveValue(first);
    await expect(page.getByLabel(t.fields.province)).toHaveValue('KLN');
    await page.getByLabel(t.fields.city).fill('Mong Kok');
    await page.getByRole('button', { name: t.editor.save }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/address/$`));
    await expect(card(page, name).locator('address')).toContainText('Mong Kok, Kowloon');

    // Delete: "No" keeps it, "Yes" removes it.
    const dialog = page.getByRole('alertdialog', { name: t.book.confirmTitle });
    await card(page, name).getByRole('button', { name: new RegExp(`^${t.book.delete}`) }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(t.book.confirmDelete);
    expect(t.book.confirmDelete).toBe('Are you sure remove this address?');
    await expect(dialog.getByRole('button', { name: t.book.no })).toBeFocused();
    await dialog.getByRole('button', { name: t.book.no }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toBeVisible();

    await card(page, name).getByRole('button', { name: new RegExp(`^${t.book.delete}`) }).click();
    await dialog.getByRole('button', { name: t.book.yes }).click();
    await expect(page.locator('.ab-status')).toHaveText(t.book.deleted);
    await expect(card(page, name)).toHaveCount(0);
    const left = await api<{ records: AddressRecord[] }>(page, '/demo/ironUserAddress/queryList');
    expect(left.records.some((record) => record.id === id)).toBe(false);
  });

  test('zh-CN: a pasted one-line address fills the form, the default moves to it, Esc answers no', async ({ page }) => {
    const locale = 'zh-CN';
    const { t, first, name } = await addressJourney(page, locale, 'Mei', 'Wong');
    await page.goto(`/${locale}/add-address/`);
    await expect(page.getByRole('heading', { level: 1, name: t.editor.titleAdd })).toBeVisible();

    await page.getByLabel(t.fields.firstName).fill(first);
    await page.getByLabel(t.fields.lastName).fill('Wong');
    const line = page.getByRole('textbox', { name: t.fields.address, exact: true });
    await line.fill('12楼A室，弥敦道1号，尖沙咀，九龙，中国香港');
    const suggestion = page.locator('[data-address-suggestion]');
    await expect(suggestion).toContainText(t.suggestion.typed);
    await expect(suggestion).toContainText('弥敦道1号');
    await expect(suggestion).toContainText('九龙');
    await suggestion.getByRole('button', { name: t.suggestion.apply }).click();
    await expect(suggestion).toHaveCount(0);
    await expect(line).toBeFocused();
    await expect(line).toHaveValue('弥敦道1号');
    await expect(page.getByLabel(t.fields.address2)).toHaveValue('12楼A室');
    await expect(page.getByLabel(t.fields.country)).toHaveValue('HK');
    await expect(page.getByLabel(t.fields.phoneCode)).toHaveValue('+852');
    await expect(page.getByLabel(t.fields.province)).toHaveValue('KLN');
    await expect(page.getByLabel(t.fields.city)).toHaveValue('尖沙咀');
    await page.getByRole('textbox', { name: t.fields.phone, exact: true }).fill('9123 4567');
    await page.getByLabel(t.fields.isDefault).uncheck();
    await page.getByRole('button', { name: t.editor.save }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/address/$`));
    await expect(page.locator('.ab-status')).toHaveText(t.book.saved);
    const mine = card(page, name);
    await expect(mine.locator('address')).toContainText('尖沙咀, 九龙');
    await expect(mine.locator('address')).toContainText('中国香港');
    await expectDefault(page, locale, name);

    const dialog = page.getByRole('alertdialog', { name: t.book.confirmTitle });
    await card(page, name).getByRole('button', { name: new RegExp(`^${t.book.delete}`) }).click();
    await expect(dialog).toHaveAccessibleDescription(t.book.confirmDelete);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toBeVisible();
    await card(page, name).getByRole('button', { name: new RegExp(`^${t.book.delete}`) }).click();
    await dialog.getByRole('button', { name: t.book.yes }).click();
    await expect(card(page, name)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: t.book.title })).toBeFocused();
  });

  test('signed out, the address book sends the visitor to sign in and back', async ({ page }) => {
    await page.goto('/en-US/address/');
    await expect(page).toHaveURL(/\/en-US\/login\/\?redirect=%2Fen-US%2Faddress%2F$/);
  });
});

test.describe('footer newsletter', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`${locale}: checks the address, subscribes, and answers a second sign-up as kindly`, async ({ page }, info) => {
      const t = TEXT[locale].layout.footer;
      await page.goto(`/${locale}/`);
      if (isPhone(info)) await page.locator('footer details[data-footer-group]').nth(3).locator('summary').click();
      const email = page.locator('footer input[type="email"]');
      const submit = page.locator('form[data-newsletter] button[type="submit"]');
      const status = page.locator('[data-newsletter-status]');

      // The server's check is stricter than the page's quick one: its refusal is said in the page's language too.
      await email.fill('fan@example.c');
      const refused = page.waitForResponse((r) => r.url().includes('/ironSubscribe/saveOrUpdateBatch'));
      await submit.click();
      expect(((await (await refused).json()) as { code: string }).code).toBe('1001');
      await expect(status).toHaveText(t.invalidEmail);
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      // Quiet: the footer says it; no toast says it again.
      await expect(page.locator('.app-toast')).toHaveCount(0);

      const address = `fan-${token()}@example.com`;
      for (let attempt = 0; attempt < 2; attempt++) {
        await email.fill(address);
        const answer = page.waitForResponse((r) => r.url().includes('/ironSubscribe/saveOrUpdateBatch'));
        await submit.click();
        expect(((await (await answer).json()) as { code: string }).code).toBe('0000');
        await expect(status).toHaveText(t.subscribed);
        await expect(email).toHaveValue('');
        await expect(email).not.toHaveAttribute('aria-invalid');
      }
    });
  }
});

test.describe('wishlist', () => {
  /** Products of this project's own, so the two projects never press the same heart. */
  const pageProduct = (info: TestInfo) => (isPhone(info) ? 201 : 200);

  test('en-US: signed out, the product page’s heart goes to sign in, and back there it is added; the wishlist lists it until removed', async ({ page }, info) => {
    const locale = 'en-US';
    const t = TEXT[locale].wishlist;
    const id = pageProduct(info);
    // The heart is tapped before its script is here (held, as on a slow phone): the tap is kept.
    const releaseHearts = await holdScript(page, 'hearts');
    await page.goto(`/${locale}/product/${id}/`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const heart = page.locator('.info').getByRole('button', { name: fill(t.heart.label, { name: title }) });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    releaseHearts();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?redirect=${escapeRegExp(encodeURIComponent(`/${locale}/product/${id}/`))}$`));

    // The login page decides once, as it loads, whether a session sends it on (scripts/guard.ts): the
    // tokens are stored after that, or its own redirect races this journey's next page (ERR_ABORTED).
    await expect(page.locator('html')).toHaveAttribute('data-route-ready', '');
    // Signed in (as the login page would), back on the product: the heart is pressed for them.
    await signIn(page);
    const added = page.waitForResponse((r) => r.url().includes('/ironCollect/collection'));
    await page.goto(`/${locale}/product/${id}/`);
    expect((await added).request().postDataJSON()).toEqual({ productId: id, action: 'add' });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.goto(`/${locale}/wishlist/`);
    await expect(page.getByRole('heading', { level: 1, name: t.page.heading })).toBeVisible();
    const item = page.locator(`[data-card][data-product-id="${id}"]`);
    await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/${locale}/product/${id}/`);
    await expect(item.getByRole('button', { name: fill(t.heart.label, { name: title }) })).toHaveAttribute('aria-pressed', 'true');
    await item.getByRole('button', { name: fill(t.page.removeNamed, { name: title }) }).click();
    await expect(item).toHaveCount(0);
    await expect(page.locator('[data-wishlist-status]')).toHaveText(fill(t.page.removed, { name: title }));
    await page.reload();
    await expect(page.locator('[data-wishlist-page]')).toHaveAttribute('data-state', 'ready');
    await expect(item).toHaveCount(0);
    await page.goto(`/${locale}/product/${id}/`);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  test('zh-CN: a card’s heart, with one question for the whole page; the wishlist shows it, and the heart there takes it off', async ({ page }, info) => {
    const locale = 'zh-CN';
    const t = TEXT[locale].wishlist;
    await signedIn(page, locale);
    const questions: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ironCollect/queryCollected')) questions.push(request.postDataJSON());
    });
    await page.goto(`/${locale}/`);
    const cards = page.locator('[data-product-grid] [data-card]');
    await expect(cards.first()).toBeVisible();
    // One question names every card on the page.
    await expect.poll(() => questions.length).toBe(1);
    const ids = await cards.evaluateAll((all) => all.map((el) => Number((el as HTMLElement).dataset['productId'])));
    expect(questions[0]).toEqual({ productIds: ids });

    const choices = ids.filter((id) => id !== 200 && id !== 201);
    const id = choices[isPhone(info) ? 1 : 0]!;
    const item = page.locator(`[data-product-grid] [data-card][data-product-id="${id}"]`);
    const title = (await item.locator('.card-link').textContent())!.trim();
    const heart = item.getByRole('button', { name: fill(t.heart.label, { name: title }) });
    await heart.scrollIntoViewIfNeeded();
    const changed = page.waitForResponse((r) => r.url().includes('/ironCollect/collection'));
    await heart.click();
    expect(((await (await changed).json()) as { data: unknown }).data).toEqual({ productId: id, collected: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(questions).toHaveLength(1);

    await page.goto(`/${locale}/wishlist/`);
    const listed = page.locator(`[data-product-grid] [data-card][data-product-id="${id}"]`);
    await expect(listed.getByRole('link', { name: title })).toBeVisible();
    const listedHeart = listed.getByRole('button', { name: fill(t.heart.label, { name: title }) });
    await expect(listedHeart).toHaveAttribute('aria-pressed', 'true');
    await listedHeart.click();
    await expect(listedHeart).toHaveAttribute('aria-pressed', 'false');
    const after = await api<{ productIds: number[] }>(page, '/demo/ironCollect/queryCollected', { productIds: [id] });
    expect(after.productIds).toEqual([]);
    await page.reload();
    await expect(page.locator('[data-wishlist-page]')).toHaveAttribute('data-state', 'ready');
    await expect(listed).toHaveCount(0);
  });
});

test.describe('reviews', () => {
  /** A product per locale and project: one review per shopper and product, and the shopper is shared. */
  const product = (locale: Locale, info: TestInfo) => (locale === 'en-US' ? 40 : 42) + (isPhone(info) ? 1 : 0);

  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`${locale}: signed out, a link to sign in and back; signed in, a rating and text, shown as text`, async ({ page }, info) => {
      const t = TEXT[locale].review;
      const id = product(locale, info);
      const tabName = locale === 'en-US' ? 'Customer reviews' : '顾客评价';

      await page.goto(`/${locale}/product/${id}/`);
      await page.getByRole('tab', { name: tabName }).click();
      await expect(page.getByRole('link', { name: t.signIn })).toHaveAttribute('href', `/${locale}/login/?redirect=${encodeURIComponent(`/${locale}/product/${id}/#reviews`)}`);

      await signIn(page);
      // Coming back from sign-in lands on the reviews tab (a page in between: a hash alone would not reload).
      await page.goto(`/${locale}/`);
      await page.goto(`/${locale}/product/${id}/#reviews`);
      await expect(page.getByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
      const form = page.getByRole('form', { name: t.title });
      await expect(form).toBeVisible();

      await form.getByRole('button', { name: t.submit }).click();
      await expect(form.getByText(t.errors.ratingInvalid)).toBeVisible();
      await expect(form.getByText(t.errors.reviewRequired)).toBeVisible();
      await expect(form.getByRole('radio', { name: fill(t.star_one, { count: 1 }) })).toBeFocused();
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, `review-form-${locale}`, info);

      const stars = form.getByRole('group', { name: t.rating });
      await stars.getByRole('radio', { name: fill(t.star_other, { count: 4 }) }).check();
      const text = `<b>hi</b> <script>alert(1)</script> ${token()}`;
      await form.getByLabel(t.content).fill(text);
      const posted = page.waitForResponse((r) => r.url().includes('/ironProductComment/save'));
      await form.getByRole('button', { name: t.submit }).click();
      const answer = (await (await posted).json()) as { code: string; data: { id: number; rating: number; content: string; authorName: string } };
      expect(answer.code).toBe('0000');
      expect(answer.data).toMatchObject({ rating: 4, content: text });
      await expect(form.getByRole('status')).toHaveText(t.posted);

      // In the list, as the characters typed: no bold, no script.
      const review = page.locator('.review').filter({ hasText: text });
      await expect(review.locator('.review-text')).toHaveText(text);
      await expect(review.locator('.review-text b, .review-text script')).toHaveCount(0);
      await expect(review).toContainText(answer.data.authorName);
      await page.reload();
      await page.getByRole('tab', { name: tabName }).click();
      await expect(page.locator('.review-text').filter({ hasText: text })).toHaveText(text);
    });
  }
});
