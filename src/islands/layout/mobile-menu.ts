/**
 * The menu sheet's behaviour (the header's menu button loads it on the first opening): modal, the
 * page's scrolling locked while it is open, focus kept inside and given back to the button, closed
 * by its close button, Escape, a click beside it, or the window growing wide enough for the menu
 * bar.
 */
import { lockPageScroll } from '../scroll-lock.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
/** Where the menu bar takes over from the menu sheet (Header.astro's wide breakpoint). */
const WIDE = '(min-width: 64rem)';

function visibleFocusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Wires the sheet `dialog` opened by `opener`; `open()` shows it. */
export function createMobileMenu(dialog: HTMLDialogElement, opener: HTMLElement): { open(): void } {
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
    releaseScroll = lockPageScroll();
    dialog.showModal();
    opener.setAttribute('aria-expanded', 'true');
  };
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
  return { open };
}
