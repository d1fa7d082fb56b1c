/**
 * The thin progress bar at the top of the page (docs/storefront.md "Constants": ease, speed 500):
 * it runs while the browser navigates to another page and during API calls that take longer than
 * {@link REQUEST_DELAY_MS}, and completes when all of them are done. The state lives here; the
 * drawing (islands/progress-bar.ts) only follows it.
 */
import { atom } from 'nanostores';
import { onPendingChange, pendingRequests } from '../client/http-hooks.ts';

/** docs/storefront.md "Constants": the bar's transition speed. */
export const PROGRESS_SPEED_MS = 500;
/** A call shorter than this shows no bar: a flash would be noise. */
export const REQUEST_DELAY_MS = 300;
/** How often the running bar creeps forward. */
export const TRICKLE_MS = 400;
/** Where the bar starts, and the value it creeps towards but never reaches while running. */
export const START_VALUE = 0.08;
export const TRICKLE_LIMIT = 0.94;
/**
 * A navigation that has not replaced the page by then was probably not one (a download, a
 * `mailto:` link, a cancelled unload): the bar gives up rather than run for ever.
 */
export const NAVIGATION_GIVE_UP_MS = 15_000;

export interface ProgressState {
  /** idle: hidden; running: at `value`; done: full, fading out. */
  phase: 'idle' | 'running' | 'done';
  /** 0..1 */
  value: number;
}

export const $progress = atom<ProgressState>({ phase: 'idle', value: 0 });

let navigating = false;
let requestsShown = false;
let trickleTimer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let navigationTimer: ReturnType<typeof setTimeout> | undefined;
let requestDelayTimer: ReturnType<typeof setTimeout> | undefined;

/** The next value of a running bar: a tenth of the way to the limit, so it slows down. */
export function trickle(value: number): number {
  return Math.min(TRICKLE_LIMIT, value + (TRICKLE_LIMIT - value) * 0.1);
}

function begin(): void {
  clearTimeout(hideTimer);
  hideTimer = undefined;
  if ($progress.get().phase !== 'running') $progress.set({ phase: 'running', value: START_VALUE });
  trickleTimer ??= setInterval(() => {
    const state = $progress.get();
    if (state.phase === 'running') $progress.set({ phase: 'running', value: trickle(state.value) });
  }, TRICKLE_MS);
}

/** Completes the bar once nothing keeps it running. */
function settle(): void {
  if (navigating || requestsShown || $progress.get().phase !== 'running') return;
  clearInterval(trickleTimer);
  trickleTimer = undefined;
  $progress.set({ phase: 'done', value: 1 });
  // Full for one transition, fading for another, then gone.
  hideTimer = setTimeout(() => {
    hideTimer = undefined;
    $progress.set({ phase: 'idle', value: 0 });
  }, PROGRESS_SPEED_MS * 2);
}

/** The page is about to be replaced (link, form, unload). */
export function startNavigationProgress(): void {
  navigating = true;
  begin();
  clearTimeout(navigationTimer);
  navigationTimer = setTimeout(() => {
    navigating = false;
    settle();
  }, NAVIGATION_GIVE_UP_MS);
}

/** The page is shown again from the back/forward cache: no navigation is under way. */
export function endNavigationProgress(): void {
  clearTimeout(navigationTimer);
  if (!navigating) return;
  navigating = false;
  settle();
}

/**
 * Shows the bar for API calls still pending after {@link REQUEST_DELAY_MS}, until none is.
 * Returns the function that stops following them.
 */
export function followRequests(): () => void {
  const update = (pending: number) => {
    if (pending > 0) {
      if (requestsShown || requestDelayTimer) return;
      requestDelayTimer = setTimeout(() => {
        requestDelayTimer = undefined;
        if (pendingRequests() === 0) return;
        requestsShown = true;
        begin();
      }, REQUEST_DELAY_MS);
      return;
    }
    clearTimeout(requestDelayTimer);
    requestDelayTimer = undefined;
    if (!requestsShown) return;
    requestsShown = false;
    settle();
  };
  const stop = onPendingChange(update);
  update(pendingRequests());
  return stop;
}

/** What a click looked like, as far as navigation is concerned. */
export interface ClickFacts {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click on a link replaces this page with another of this site: a plain left click,
 * not cancelled by a script, on a same-origin http(s) link that opens in this tab, is no download
 * and is not a jump within this page.
 */
export function isPageNavigationClick(click: ClickFacts, link: { href: string; target: string; download: boolean }, here: string): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (link.download || (link.target !== '' && link.target.toLowerCase() !== '_self')) return false;
  return isOtherPageOfSite(link.href, here);
}

/** Whether a form submission replaces this page (a plain GET or POST to this site, in this tab). */
export function isPageNavigationSubmit(
  submit: { defaultPrevented: boolean },
  form: { action: string; method: string; target: string },
  here: string,
): boolean {
  if (submit.defaultPrevented || form.method.toLowerCase() === 'dialog') return false;
  if (form.target !== '' && form.target.toLowerCase() !== '_self') return false;
  return sameOrigin(form.action || here, here);
}

function sameOrigin(href: string, here: string): boolean {
  try {
    const url = new URL(href, here);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(here).origin;
  } catch {
    return false;
  }
}

function isOtherPageOfSite(href: string, here: string): boolean {
  if (!sameOrigin(href, here)) return false;
  const url = new URL(href, here);
  const current = new URL(here);
  // Same path and query with a fragment (even an empty one, `#`): the browser scrolls, it does
  // not load a page.
  return !(url.pathname === current.pathname && url.search === current.search && href.includes('#'));
}

/** Clears every timer and source: for tests. */
export function resetProgressForTests(): void {
  clearInterval(trickleTimer);
  clearTimeout(hideTimer);
  clearTimeout(navigationTimer);
  clearTimeout(requestDelayTimer);
  trickleTimer = hideTimer = navigationTimer = requestDelayTimer = undefined;
  navigating = requestsShown = false;
  $progress.set({ phase: 'idle', value: 0 });
}
