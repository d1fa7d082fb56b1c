/**
 * The floating chat button on phones and tablets: it sits in the bottom-right corner, over the
 * page, so it slides out of the way while the shopper scrolls down (reading, or working down a
 * form whose controls would pass under it) and comes back on a scroll up, near the top and at the
 * page's end (where the footer leaves room for it). Focus brings it back too (ChatButton.astro).
 */

/** ChatButton.astro's breakpoint: narrower than this, the button floats over the content. */
const NARROW = '(max-width: 63.99rem)';
/** Scrolls shorter than this (px) are jitter and change nothing. */
const STEP = 8;

export function initChatButton(): void {
  const button = document.querySelector<HTMLElement>('[data-chat-button]');
  if (!button) return;
  const narrow = window.matchMedia(NARROW);
  let lastY = window.scrollY;
  let queued = false;
  const update = () => {
    queued = false;
    const y = window.scrollY;
    const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - STEP;
    if (!narrow.matches || y < button.offsetHeight || atEnd) button.classList.remove('is-tucked');
    else if (y > lastY + STEP) button.classList.add('is-tucked');
    else if (y < lastY - STEP) button.classList.remove('is-tucked');
    else return;
    lastY = y;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  narrow.addEventListener('change', update);
}
