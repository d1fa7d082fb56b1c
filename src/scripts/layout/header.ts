/**
 * The header's enhancements: the menu sheet (modal, scroll lock, focus kept inside), the wide
 * screens' menu bar panels, the search box, the account link and the cart count. Every control is
 * a working link or form in the HTML; these scripts make them better, never make them work.
 */
import { $cartCount, openCartDrawer, watchCartCount } from '../../stores/cart-header.ts';
import { $signedIn } from '../../stores/session.ts';
import { lockPageScroll } from '../../islands/scroll-lock.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
/** Where the menu bar takes over from the menu sheet (Header.astro's wide breakpoint). */
const WIDE = '(min-width: 64rem)';

function visibleFocusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function link(className: string, from: HTMLAnchorElement, text = from.textContent?.trim() ?? ''): HTMLLIElement {
  const anchor = element('a', className, text);
  anchor.href = from.getAttribute('href') ?? '#';
  return element('li', '', anchor);
}

/**
 * The menu sheet's accordion, made from the menu bar's links (DesktopNav.astro, the page's one
 * copy of the tree): a sport or league with entries below opens to "All <name>" and those
 * entries; anything else (teams always) is a link.
 */
export function buildMenuTree(bar: HTMLElement, list: HTMLElement): void {
  const allOf = (name: string) => (bar.dataset['allOf'] ?? '{name}').replace('{name}', name);
  const branch = (level: 1 | 2, head: HTMLAnchorElement, entries: HTMLLIElement[]): HTMLLIElement => {
    const name = head.textContent?.trim() ?? '';
    return element('li', '', element('details', `tree-node level-${level}`, element('summary', '', name), element('ul', '', link('tree-link tree-all', head, allOf(name)), ...entries)));
  };
  const entries = [...bar.querySelectorAll<HTMLElement>('[data-menubar-item]')].flatMap((item) => {
    const sport = item.querySelector<HTMLAnchorElement>('.menubar-link');
    if (!sport) return [];
    const leagues = [...item.querySelectorAll<HTMLElement>('.mega-columns > li')].flatMap((column) => {
      const league = column.querySelector<HTMLAnchorElement>(':scope > a');
      if (!league) return [];
      const teams = [...column.querySelectorAll<HTMLAnchorElement>('.mega-teams a')].map((team) => link('tree-link level-3', team));
      return [teams.length > 0 ? branch(2, league, teams) : link('tree-link', league)];
    });
    return [leagues.length > 0 ? branch(1, sport, leagues) : link('tree-link level-1', sport)];
  });
  list.replaceChildren(...entries);
}

/**
 * The sheet's language, currency and help links: copies of the header's top bar (Header.astro),
 * which phones and tablets do not show, in the sheet's larger layout. The built page holds them
 * once, not once for each. The currency select's copy starts on the chosen currency; both follow
 * the store (scripts/header-controls.ts).
 */
export function copyTopBar(topbar: ParentNode, settings: HTMLElement, body: HTMLElement): void {
  const choices = topbar.querySelector<HTMLElement>('.locale-currency');
  if (choices) {
    const copy = choices.cloneNode(true) as HTMLElement;
    copy.classList.remove('compact');
    const from = choices.querySelector('select');
    const to = copy.querySelector('select');
    if (from && to) to.value = from.value;
    settings.replaceChildren(copy);
    settings.hidden = false;
  }
  const help = topbar.querySelector<HTMLElement>('nav.help');
  if (help) {
    const copy = help.cloneNode(true) as HTMLElement;
    copy.classList.replace('bar', 'sheet');
    // The sheet's rows are larger: so is the new-tab icon (HelpLinks.astro).
    for (const icon of copy.querySelectorAll('svg')) {
      icon.setAttribute('width', '16');
      icon.setAttribute('height', '16');
    }
    body.append(copy);
  }
}

/** The phones' and tablets' menu: a modal `<dialog>` opened by the menu button. */
export function initMobileMenu(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-menu]');
  const opener = document.querySelector<HTMLElement>('[data-menu-open]');
  if (!dialog || !opener || typeof dialog.showModal !== 'function') return;
  const bar = document.querySelector<HTMLElement>('[data-menubar]');
  const tree = dialog.querySelector<HTMLElement>('[data-menu-tree]');
  const topbar = document.querySelector<HTMLElement>('.site-header .topbar');
  const settings = dialog.querySelector<HTMLElement>('[data-menu-settings]');
  const body = dialog.querySelector<HTMLElement>('.drawer-body');
  let treeBuilt = false;

  let releaseScroll: (() => void) | null = null;
  // The page scrolls again as the sheet goes: the 'close' event comes a task later (after the
  // browser has already given focus back), so every way of closing releases first.
  const unlock = () => {
    releaseScroll?.();
    releaseScroll = null;
  };
  const close = () => {
    unlock();
    dialog.close();
  };
  const open = () => {
    if (dialog.open) return;
    if (!treeBuilt) {
      if (bar && tree) buildMenuTree(bar, tree);
      if (topbar && settings && body) copyTopBar(topbar, settings, body);
      treeBuilt = true;
    }
    releaseScroll = lockPageScroll();
    dialog.showModal();
    opener.setAttribute('aria-expanded', 'true');
  };
  opener.setAttribute('aria-expanded', 'false');
  opener.addEventListener('click', (event) => {
    event.preventDefault();
    open();
  });
  // The opener is a link (so it works without this script) playing a button: Space opens too.
  opener.addEventListener('keydown', (event) => {
    if (event.key === ' ') {
      event.preventDefault();
      open();
    }
  });

  dialog.querySelector('[data-menu-close]')?.addEventListener('click', close);
  // Escape closes a modal dialog natively: 'cancel' at once, the dialog closes, 'close' later.
  dialog.addEventListener('cancel', (event) => {
    if (!event.defaultPrevented) unlock();
  });
  // Every way out ends here (the release is idempotent).
  dialog.addEventListener('close', () => {
    unlock();
    opener.setAttribute('aria-expanded', 'false');
    opener.focus();
  });
  // A click on the dimmed page beside the sheet closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) close();
  });
  // The page behind is inert while the dialog is modal; Tab also wraps inside the sheet rather than
  // leaving for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = visibleFocusables(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  // Rotating a tablet to a width with the menu bar leaves no menu button to come back to.
  window.matchMedia(WIDE).addEventListener('change', (event) => {
    if (event.matches && dialog.open) close();
  });
}

/** The wide screens' menu bar: the chevrons become disclosure buttons for their panels. */
export function initMenubar(): void {
  const bar = document.querySelector<HTMLElement>('[data-menubar]');
  if (!bar) return;
  const toggles = [...bar.querySelectorAll<HTMLButtonElement>('[data-menubar-toggle]')];
  bar.setAttribute('data-enhanced', '');

  const setOpen = (toggle: HTMLButtonElement, open: boolean) => toggle.setAttribute('aria-expanded', String(open));
  const closeAll = (except?: HTMLButtonElement) => {
    for (const toggle of toggles) if (toggle !== except) setOpen(toggle, false);
  };

  for (const toggle of toggles) {
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      closeAll(toggle);
      setOpen(toggle, open);
    });
  }
  for (const item of bar.querySelectorAll<HTMLElement>('[data-menubar-item]')) {
    // Pointing at another sport shows its panel: an open one elsewhere would cover it.
    item.addEventListener('mouseenter', () => {
      const own = item.querySelector<HTMLButtonElement>('[data-menubar-toggle]') ?? undefined;
      if (own?.getAttribute('aria-expanded') !== 'true') closeAll(own);
    });
    item.addEventListener('mouseleave', () => item.removeAttribute('data-hover-off'));
  }
  bar.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const item = (event.target as Element).closest<HTMLElement>('[data-menubar-item]');
    const toggle = item?.querySelector<HTMLButtonElement>('[data-menubar-toggle]');
    if (!item || !toggle) return;
    setOpen(toggle, false);
    // A panel shown by hover closes too, until the pointer leaves the entry.
    if (item.matches(':hover')) item.setAttribute('data-hover-off', '');
    toggle.focus();
  });
  // Focus leaving an entry closes its panel.
  bar.addEventListener('focusout', (event) => {
    const from = (event.target as Element).closest('[data-menubar-item]');
    const to = event.relatedTarget instanceof Element ? event.relatedTarget.closest('[data-menubar-item]') : null;
    if (from && from !== to) {
      const toggle = from.querySelector<HTMLButtonElement>('[data-menubar-toggle]');
      if (toggle) setOpen(toggle, false);
    }
  });
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Node) || !bar.contains(event.target)) closeAll();
  });
}

/** The search box: no empty searches (the input is also `required` for pages without script). */
export function initSearch(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-form]')) {
    // The search page's own form has its own script (scripts/browse/search-page.ts), which also
    // keeps its button disabled while a search runs: two scripts must not both drive one button.
    if (form.closest('[data-search-page]')) continue;
    const input = form.querySelector<HTMLInputElement>('input[name="q"]');
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!input || !submit) continue;
    // On the results page, show what was searched for.
    const current = new URLSearchParams(location.search).get('q');
    if (current && location.pathname.replace(/\/+$/, '').endsWith('/search')) input.value = current;
    const sync = () => {
      submit.disabled = input.value.trim() === '';
    };
    input.addEventListener('input', sync);
    form.addEventListener('submit', (event) => {
      const q = input.value.trim();
      if (q === '') event.preventDefault();
      else input.value = q;
    });
    sync();
  }
}

/** The account icon: login when signed out, the account hub when signed in (any tab's login). */
export function initAccountLink(): void {
  const link = document.querySelector<HTMLAnchorElement>('a[data-account-link]');
  if (!link) return;
  const signedOut = { href: link.getAttribute('href') ?? '', label: link.getAttribute('aria-label') ?? '' };
  const signedIn = { href: link.dataset['accountHref'] ?? signedOut.href, label: link.dataset['accountLabel'] ?? signedOut.label };
  $signedIn.subscribe((isIn) => {
    const state = isIn ? signedIn : signedOut;
    link.setAttribute('href', state.href);
    link.setAttribute('aria-label', state.label);
  });
}

/** Whether the page has the cart drawer (it loads on the first `cart-open` event). */
function hasCartDrawer(): boolean {
  return document.querySelector('[data-cart-drawer]') !== null;
}

/** The cart icon: the live item count, and the drawer instead of the cart page where there is one. */
export function initCartLink(): void {
  const link = document.querySelector<HTMLAnchorElement>('a[data-cart-link]');
  if (!link) return;
  const badge = link.querySelector<HTMLElement>('[data-cart-count]');
  const baseLabel = link.getAttribute('aria-label') ?? '';
  const one = link.dataset['labelOne'] ?? baseLabel;
  const other = link.dataset['labelOther'] ?? baseLabel;
  // Made at the first count, not at load: the first Intl object of a page loads locale data.
  let plural: Intl.PluralRules | undefined;

  $cartCount.subscribe((count) => {
    if (count === null) {
      link.setAttribute('aria-label', baseLabel);
      if (badge) badge.hidden = true;
      return;
    }
    plural ??= new Intl.PluralRules(document.documentElement.lang || 'en-US');
    // The name says what the badge shows ("99+" for a team's cart of 120 shirts): a label must
    // hold the visible text (WCAG 2.5.3); the cart itself says how many.
    const shown = count > 99 ? '99+' : String(count);
    link.setAttribute('aria-label', (plural.select(count) === 'one' ? one : other).replace('{n}', shown));
    if (badge) {
      badge.textContent = shown;
      badge.hidden = count === 0;
    }
  });
  watchCartCount();

  link.addEventListener('click', (event) => {
    // A new tab or window still gets the cart page.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!hasCartDrawer()) return;
    event.preventDefault();
    openCartDrawer();
  });
}
