/**
 * Page scroll locking, shared by everything modal that covers the page (the menu sheet, the cart
 * drawer). One count for the whole page: the page scrolls again only when every holder has
 * released, so one modal closing cannot unlock the page under another that is still open, and
 * the body's own inline overflow and padding come back exactly as they were.
 *
 * Inline styles set through the CSSOM are allowed by the Content-Security-Policy (only `style`
 * attributes in the HTML are refused).
 */

interface SavedStyle {
  overflow: string;
  paddingRight: string;
}

let holders = 0;
let saved: SavedStyle | null = null;

/** Locks page scrolling; returns the release, which only counts the first time it is called. */
export function lockPageScroll(): () => void {
  if (holders === 0) {
    const body = document.body;
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Without its scrollbar the page would widen and shift; pad it by the scrollbar's width instead.
    const gap = window.innerWidth - document.documentElement.clientWidth;
    if (gap > 0) body.style.paddingRight = `${(parseFloat(getComputedStyle(body).paddingRight) || 0) + gap}px`;
    body.style.overflow = 'hidden';
  }
  holders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders > 0 || !saved) return;
    document.body.style.overflow = saved.overflow;
    document.body.style.paddingRight = saved.paddingRight;
    saved = null;
  };
}

/** Whether some holder keeps the page from scrolling. */
export function isPageScrollLocked(): boolean {
  return holders > 0;
}
