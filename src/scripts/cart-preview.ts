/**
 * The cart page's first paint of the lines, before React has arrived: on a slow phone React (about
 * 60 KB gzip) takes a second or more after the cart's answer, and the lines are what the shopper
 * came to see. As soon as the page's early load (cart-page.ts) has the cart, this draws its lines
 * with the island's classes and the same parts (islands/cart/cart-parts.ts): image, name, unit
 * price, details, quantity, line total, a team roster as the island's block (GroupBlock.tsx), and
 * the summary's box as a placeholder; or the empty cart. The product links work; the controls are
 * drawn but inert (and hidden from assistive technology) until the island takes over, which
 * cart.astro lets load only once the cart has answered and the first lines' pictures are shown
 * (two seconds at most): React's 60 KB then never compete with the cart's own request or those
 * pictures.
 *
 * The island is not touched: the preview is a sibling before it, and goes the moment the island
 * draws anything but its built placeholder (a mutation observer runs before the next paint, so
 * the two are never on screen together and nothing moves).
 */
import { cartSegments, groupStartsOpen, type CartLineRecord, type CartPage, type CartSegment } from '../domain/cart.model.ts';
import type { Locale } from '../domain/locale.ts';
import { formatMoney } from '../domain/money.model.ts';
import { MAX_LINE_QUANTITY } from '../domain/pricing.ts';
import { createTranslate, type Messages, type TFunction } from '../i18n/core.ts';
import { EMPTY_CART_ICON, LINE_ICONS, LINE_THUMB, lineDetailRows } from '../islands/cart/cart-parts.ts';
import { homeHref, productHref, teamHref } from '../islands/cart/links.ts';
import { $cart, canDecrease, canIncrease, mediaUrl } from '../stores/cart.ts';
import { pageLocale, readMessages } from './browse/listing-view.ts';

const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** An SVG element with its attributes and children. */
function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, ...children: SVGElement[]): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** Pictures beside words that say the same: hidden from assistive technology. */
const DECORATIVE = { 'aria-hidden': 'true', focusable: 'false' } as const;

function icon(path: string, stroke: { width: string; fill?: boolean }): SVGSVGElement {
  const outline: Record<string, string> = stroke.fill === false ? { fill: 'none', 'stroke-linejoin': 'round' } : {};
  return svg('svg', { viewBox: '0 0 24 24', width: 18, height: 18, ...DECORATIVE }, svg('path', { d: path, stroke: 'currentColor', 'stroke-width': stroke.width, 'stroke-linecap': 'round', ...outline }));
}

/** A control as the island draws it; `allowed` false looks disabled, as there. */
function inertButton(className: string, allowed: boolean, ...children: Node[]): HTMLButtonElement {
  const button = el('button', className, ...children);
  button.type = 'button';
  button.setAttribute('aria-disabled', String(!allowed));
  return button;
}

/** Drawn, but neither focusable nor clickable nor announced until the island's own replace it. */
function inert<T extends HTMLElement>(node: T): T {
  node.inert = true;
  node.setAttribute('aria-hidden', 'true');
  return node;
}

/** Lines whose pictures load at once (a phone's first screen shows about this many); the rest when scrolled to. */
const EAGER_PICTURES = 3;
/** The longest the island waits for those pictures: a slow picture must not hold back the controls. */
const PICTURE_WAIT_MS = 2_000;

function line(record: CartLineRecord, index: number, currency: CartPage['currency'], locale: Locale, t: TFunction): HTMLLIElement {
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const image = el('img', 'cart-line-image');
  const loading = index < EAGER_PICTURES ? 'eager' : 'lazy';
  Object.assign(image, { src: mediaUrl(record.image), width: LINE_THUMB.width, height: LINE_THUMB.height, alt: '', loading, decoding: 'async' });
  const link = el('a', '', record.name);
  link.href = productHref(locale, record.productId);
  const details = el(
    'dl',
    'cart-line-details',
    ...lineDetailRows(record, t).map(([key, label, value]) => {
      const row = el('div', '', el('dt', '', t(label)), el('dd', '', value));
      row.dataset['detail'] = key;
      return row;
    }),
  );
  const qty = el(
    'div',
    'qty',
    inertButton('icon-button qty-button', canDecrease(record), icon(LINE_ICONS.minus, { width: '2.2' })),
    el('span', 'qty-value', String(record.quantity)),
    inertButton('icon-button qty-button', canIncrease(record), icon(LINE_ICONS.plus, { width: '2.2' })),
  );
  const remove = inertButton('cart-line-remove', true, icon(LINE_ICONS.remove, { width: '1.8', fill: false }), el('span', 'cart-line-remove-text', t('cart.line.remove')));
  const item = el(
    'li',
    'cart-line cart-line--page',
    image,
    el('div', 'cart-line-info', el('h3', 'cart-line-name', link), el('p', 'cart-line-each', t('cart.line.each', { price: money(record.price) })), details),
    inert(el('div', 'cart-line-controls', qty, remove)),
  );
  if (!canIncrease(record) && record.stock < MAX_LINE_QUANTITY) item.append(el('p', 'cart-line-limit', t('cart.line.stockLimit', { count: Math.max(0, record.stock) })));
  item.append(el('p', 'cart-line-total', el('span', 'sr-only', `${t('cart.line.lineTotal')}: `), el('span', '', money(record.lineTotal))));
  return item;
}

/** The empty cart as the island draws it (CartPage.tsx, CartStates.tsx `EmptyCartIcon`). */
function drawEmpty(preview: HTMLElement, locale: Locale, t: TFunction): void {
  const picture = svg(
    'svg',
    { class: 'cart-empty-icon', viewBox: '0 0 48 48', width: 64, height: 64, ...DECORATIVE },
    svg('path', { d: EMPTY_CART_ICON.trolley, fill: 'none', stroke: 'currentColor', 'stroke-width': 2.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
    ...EMPTY_CART_ICON.wheels.map((wheel) => svg('circle', { ...wheel, fill: 'currentColor' })),
  );
  const home = el('a', 'button cart-action', t('cart.page.continueShopping'));
  home.href = homeHref(locale);
  preview.replaceChildren(el('div', 'cart-empty empty-state cart-empty--page panel', picture, el('h2', 'cart-empty-title', t('cart.drawer.empty')), el('p', 'cart-empty-hint', t('cart.page.emptyHint')), home));
}

/**
 * A team roster as the island's block (GroupBlock.tsx): open with its rows when small, closed
 * without them when big, as the island starts it. Its summary does not toggle until the island's
 * does: a closed block here has no rows to show.
 */
function group(segment: Extract<CartSegment, { kind: 'group' }>, drawLine: (record: CartLineRecord) => HTMLLIElement, currency: CartPage['currency'], locale: Locale, t: TFunction): HTMLLIElement {
  const summary = el(
    'summary',
    'cart-group-summary',
    el('span', 'cart-group-name', t('cart.group.name', { name: segment.name })),
    el('span', 'cart-group-count', t('cart.group.shirts', { count: segment.itemCount })),
    el('span', 'cart-group-total', formatMoney(segment.total, currency, locale)),
  );
  const details = el('details', '', inert(summary));
  const change = el('a', 'cart-group-change', t('cart.group.change', { name: segment.name }));
  change.href = teamHref(locale, segment.lines[0]!.productId, segment.id);
  details.append(change);
  if (groupStartsOpen(segment.lines.length)) {
    details.open = true;
    const rows = el('ul', 'cart-lines cart-group-lines', ...segment.lines.map(drawLine));
    rows.setAttribute('role', 'list');
    details.append(rows);
  }
  const item = el('li', 'cart-group', details);
  item.dataset['groupId'] = segment.id;
  return item;
}

function draw(preview: HTMLElement, page: CartPage, locale: Locale, t: TFunction): void {
  let drawn = 0;
  const drawLine = (record: CartLineRecord) => line(record, drawn++, page.currency, locale, t);
  const lines = el(
    'ul',
    'cart-lines',
    ...cartSegments(page.records).map((segment) => (segment.kind === 'line' ? drawLine(segment.line) : group(segment, drawLine, page.currency, locale, t))),
  );
  lines.setAttribute('role', 'list');
  const columns = el('div', 'cart-page-cols', el('span', '', t('cart.page.colProduct')), el('span', '', t('cart.page.colQuantity')), el('span', '', t('cart.page.colTotal')));
  columns.setAttribute('aria-hidden', 'true');
  const summary = el(
    'div',
    'cart-page-summary panel cart-skeleton-summary',
    el('span', 'skeleton cart-skeleton-bar cart-skeleton-bar--wide'),
    el('span', 'skeleton cart-skeleton-bar'),
    el('span', 'skeleton cart-skeleton-bar cart-skeleton-bar--short'),
  );
  summary.setAttribute('aria-hidden', 'true');
  preview.replaceChildren(el('div', 'cart-page-layout', el('section', 'cart-page-lines panel', el('h2', 'sr-only', t('cart.page.linesHeading')), columns, lines), summary));
}

/** Starts the preview on the cart page (a no-op elsewhere). */
export function previewCart(): void {
  const preview = document.querySelector<HTMLElement>('[data-cart-preview]');
  const island = preview?.parentElement?.querySelector('astro-island');
  if (!preview || !island) return;
  const locale = pageLocale();
  const t = createTranslate(locale, readMessages<Partial<Messages>>(preview));
  // The built placeholder goes as soon as React draws any state of its own.
  const islandDrew = () => island.querySelector('.cart-page-pending') === null;
  let released = false;
  const unsubscribe = $cart.subscribe(({ status, page }) => {
    if (!preview.isConnected || islandDrew()) return;
    if (status === 'listing' && page) draw(preview, page, locale, t);
    else if (status === 'empty') drawEmpty(preview, locale, t);
    if (status === 'loading' || status === 'closed' || released) return;
    released = true;
    // The cart has answered (or failed): the island may load (cart.astro) once the first lines'
    // pictures are shown, so React's 60 KB do not share a slow connection with them.
    const pictures = [...preview.querySelectorAll('img')].filter((image) => image.loading === 'eager');
    const shown = Promise.allSettled(pictures.map((image) => image.decode()));
    // After the frame that paints them: the page's largest paint is then recorded before React is asked for.
    const afterPaint = () => requestAnimationFrame(() => setTimeout(() => delete preview.dataset['waiting']));
    void Promise.race([shown, new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS))]).then(afterPaint);
  });
  const observer = new MutationObserver(() => {
    if (!islandDrew()) return;
    preview.remove();
    observer.disconnect();
    unsubscribe();
  });
  observer.observe(island, { childList: true, subtree: true });
}
