/**
 * Toasts: short notices at the edge of the page, kept as a store so that any script can show one
 * and one small renderer (islands/toaster.ts) draws them on every page, React or not.
 *
 * Error toasts from the HTTP layer are deduplicated (docs/api.md "Codes"): a message is not toasted
 * again while it is in the dedupe list, and it leaves the list {@link TOAST_DEDUPE_RESET_MS}
 * after its toast leaves the screen.
 *
 * Text is either literal (`text`: a server message, already in the page's language) or a key of
 * the `app` message namespace (`textKey`) that the renderer looks up, because stores carry no
 * message catalogue.
 */
import { atom } from 'nanostores';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastAction {
  label?: string;
  /** Key in the `app` namespace, e.g. `update.refresh`. */
  labelKey?: string;
  /** Runs when chosen; the toast then closes. */
  run?: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  /** A bold first line above the text (a notification's heading), literal. */
  title?: string;
  text?: string;
  textKey?: string;
  actions: readonly ToastAction[];
  /** Milliseconds on screen, or null to stay until closed. */
  durationMs: number | null;
}

export interface ToastInput {
  kind?: ToastKind;
  title?: string;
  text?: string;
  textKey?: string;
  actions?: readonly ToastAction[];
  durationMs?: number | null;
  /** Called once when the toast leaves, however it left. */
  onClose?: () => void;
}

/** docs/storefront.md "Constants". */
export const TOAST_DEDUPE_RESET_MS = 5000;
/** How long a toast stays by default; hovering or focusing it holds it. */
export const TOAST_DURATION_MS = 6000;
/** More than this many at once and the oldest goes: a burst of failures must not cover the page. */
export const MAX_TOASTS = 4;

export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const closers = new Map<number, () => void>();
/** Messages of error toasts on screen or recently gone (spec: the dedupe list). */
const dedupe = new Set<string>();

function startTimer(toast: Toast): void {
  if (toast.durationMs === null) return;
  clearTimeout(timers.get(toast.id));
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), toast.durationMs),
  );
}

/** Shows a toast; returns its id. */
export function showToast(input: ToastInput): number {
  const toast: Toast = {
    id: nextId++,
    kind: input.kind ?? 'info',
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.text !== undefined ? { text: input.text } : {}),
    ...(input.textKey !== undefined ? { textKey: input.textKey } : {}),
    actions: input.actions ?? [],
    durationMs: input.durationMs === undefined ? TOAST_DURATION_MS : input.durationMs,
  };
  if (input.onClose) closers.set(toast.id, input.onClose);
  const current = $toasts.get();
  if (current.length >= MAX_TOASTS) dismissToast(current[0]!.id);
  $toasts.set([...$toasts.get(), toast]);
  startTimer(toast);
  return toast.id;
}

/** Removes a toast (timer, close button, action); unknown ids are ignored. */
export function dismissToast(id: number): void {
  const current = $toasts.get();
  if (!current.some((toast) => toast.id === id)) return;
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set(current.filter((toast) => toast.id !== id));
  const onClose = closers.get(id);
  closers.delete(id);
  onClose?.();
}

/** Pauses a toast's countdown while the shopper reads or reaches it (hover, focus). */
export function holdToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** Restarts the countdown of a held toast, in full. */
export function releaseToast(id: number): void {
  const toast = $toasts.get().find((t) => t.id === id);
  if (toast) startTimer(toast);
}

/** Runs one of a toast's actions, then closes the toast. */
export function chooseToastAction(id: number, index: number): void {
  const toast = $toasts.get().find((t) => t.id === id);
  const action = toast?.actions[index];
  if (!toast || !action) return;
  dismissToast(id);
  action.run?.();
}

/**
 * An error toast, unless the same message is in the dedupe list. Returns whether it was shown.
 * Give a literal `text` (a server message) or a `textKey` (our own wording for client failures).
 */
export function toastError(message: { text: string } | { textKey: string }): boolean {
  const key = 'text' in message ? `text:${message.text}` : `key:${message.textKey}`;
  if (dedupe.has(key)) return false;
  dedupe.add(key);
  showToast({
    kind: 'error',
    ...message,
    onClose: () => {
      setTimeout(() => dedupe.delete(key), TOAST_DEDUPE_RESET_MS);
    },
  });
  return true;
}

/** Where {@link showToastOnNextPage} keeps toasts for the next page of this tab. */
const NEXT_PAGE_KEY = 'SOY_nextPageToasts';

/** What survives a page load: literal text only (the next page is in the same language). */
export type CarriedToast = Pick<ToastInput, 'kind' | 'title' | 'text' | 'durationMs'>;

function isCarriedToast(value: unknown): value is CarriedToast {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, title, text, durationMs } = value as Record<string, unknown>;
  return (
    (kind === undefined || kind === 'info' || kind === 'success' || kind === 'error') &&
    (title === undefined || typeof title === 'string') &&
    (text === undefined || typeof text === 'string') &&
    (durationMs === undefined || durationMs === null || (typeof durationMs === 'number' && durationMs > 0))
  );
}

/**
 * Shows a toast on the page this tab opens next (pages are separate documents, so a notice
 * given just before leaving, such as "Login succeeded", would otherwise go with the page). Kept
 * in session storage: this tab only, gone with it. Its time starts when the next page shows it.
 */
export function showToastOnNextPage(toast: CarriedToast): void {
  try {
    const waiting = JSON.parse(sessionStorage.getItem(NEXT_PAGE_KEY) ?? '[]') as unknown;
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify([...(Array.isArray(waiting) ? waiting : []), toast]));
  } catch {
    // No session storage (disabled, full): show it here, for as long as this page lasts.
    showToast(toast);
  }
}

/**
 * The toasts an earlier page left for this one, taken out of storage (the page shell calls it
 * once, and shows them when its toaster is drawn, so their time on screen is all theirs).
 */
export function takeToastsFromLastPage(): CarriedToast[] {
  let waiting: unknown;
  try {
    waiting = JSON.parse(sessionStorage.getItem(NEXT_PAGE_KEY) ?? '[]');
    sessionStorage.removeItem(NEXT_PAGE_KEY);
  } catch {
    return [];
  }
  return Array.isArray(waiting) ? waiting.filter(isCarriedToast) : [];
}

/** Clears everything: for tests. */
export function resetToastsForTests(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  closers.clear();
  dedupe.clear();
  $toasts.set([]);
}
