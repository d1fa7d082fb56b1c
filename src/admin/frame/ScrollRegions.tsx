/**
 * Keyboard access to antd's scrolled tables (WCAG 2.1.1; axe "scrollable-region-focusable"): a
 * table wider than its box (most of them on a 375 px phone) scrolls sideways, and a table with no
 * link or button in it could not be scrolled from the keyboard. Such a scroller is made a tab stop
 * (the arrow keys then scroll it) while it overflows, and stops being one when it fits.
 */
import { useEffect } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
/** Marks the tab stops this component made, so it only ever takes back its own. */
const MARK = 'data-scroll-stop';

function update(): void {
  for (const element of document.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const overflows = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    const ownStop = element.hasAttribute(MARK);
    const reachable = element.querySelector(FOCUSABLE) !== null;
    if (overflows && !reachable && !ownStop) {
      element.tabIndex = 0;
      element.setAttribute(MARK, '');
    } else if (ownStop && (!overflows || element.querySelector(FOCUSABLE) !== null)) {
      element.removeAttribute('tabindex');
      element.removeAttribute(MARK);
    }
  }
}

export function ScrollRegions() {
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, []);
  return null;
}
