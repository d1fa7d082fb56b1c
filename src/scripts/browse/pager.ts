/**
 * The numbered pager under category and search listings, drawn in the browser (the pages beyond
 * the first exist only there). Every page is a real link with its own URL, so it can be opened in
 * a new tab or shared; the listing script turns plain clicks into in-page loads.
 */
import { pageCount, pageWindow } from './listing-url.ts';

export interface PagerLabels {
  /** Accessible name of the pager: "Pages". */
  nav: string;
  previous: string;
  next: string;
  /** "Page {{page}}" (%d is replaced). */
  page: string;
}

export interface PagerModel {
  page: number;
  total: number;
  size: number;
  /** The URL of page `page`. */
  href(page: number): string;
}

/** Phones get a narrower window so the pager fits 320 px with 44 px targets. */
function windowRadius(): number {
  return typeof matchMedia === 'function' && matchMedia('(min-width: 40rem)').matches ? 2 : 0;
}

function pageLink(model: PagerModel, page: number, labels: PagerLabels, text: string, extra: { rel?: string; className?: string; label?: string } = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = model.href(page);
  a.dataset['page'] = String(page);
  a.className = extra.className ?? 'panel pager-link';
  a.textContent = text;
  if (extra.rel) a.rel = extra.rel;
  a.setAttribute('aria-label', extra.label ?? labels.page.replace('%d', String(page)));
  return a;
}

function item(child: Node): HTMLLIElement {
  const li = document.createElement('li');
  li.append(child);
  return li;
}

/** Draws the pager into `nav` (empty, and hidden, when everything fits on one page). */
export function renderPager(nav: HTMLElement, model: PagerModel, labels: PagerLabels): void {
  const count = pageCount(model.total, model.size);
  nav.setAttribute('aria-label', labels.nav);
  if (count <= 1) {
    nav.hidden = true;
    nav.replaceChildren();
    return;
  }
  nav.hidden = false;
  const list = document.createElement('ul');
  list.className = 'pager-list';
  const edge = (page: number, rel: 'prev' | 'next', label: string, arrow: string) => {
    if (page < 1 || page > count) {
      const span = document.createElement('span');
      span.className = 'panel pager-link pager-edge';
      span.setAttribute('aria-disabled', 'true');
      span.setAttribute('aria-label', label);
      span.textContent = arrow;
      return item(span);
    }
    return item(pageLink(model, page, labels, arrow, { rel, className: 'panel pager-link pager-edge', label }));
  };
  list.append(edge(model.page - 1, 'prev', labels.previous, '‹'));
  for (const entry of pageWindow(model.page, count, windowRadius())) {
    if (entry === 'gap') {
      const gap = document.createElement('span');
      gap.className = 'pager-gap';
      gap.textContent = '…';
      gap.setAttribute('aria-hidden', 'true');
      list.append(item(gap));
      continue;
    }
    const link = pageLink(model, entry, labels, String(entry));
    if (entry === model.page) link.setAttribute('aria-current', 'page');
    list.append(item(link));
  }
  list.append(edge(model.page + 1, 'next', labels.next, '›'));
  nav.replaceChildren(list);
}

/** The page a click on the pager asks for, or null (not a page link, or a click meant for a new tab). */
export function pageFromClick(event: MouseEvent): number | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-page]') : null;
  if (!link) return null;
  const page = Number(link.dataset['page']);
  return Number.isSafeInteger(page) && page >= 1 ? page : null;
}
