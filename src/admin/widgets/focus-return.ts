/**
 * Focus for keyboard users after a dialog or drawer that leaves the page when it closes (antd
 * gives focus back only from one it keeps mounted): the control that opened it gets the focus
 * back, or, when that control is gone or disabled by then (the refund button after a full
 * refund), the screen's main region (docs/back-office.md "Keyboard").
 */
import { useLayoutEffect, useRef } from 'react';

/** The shell's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'admin-content';

/** antd's closing animation may move the focus once more after the first try. */
const SETTLE_MS = 400;

function usable(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(':disabled') && element.getClientRects().length > 0;
}

function lost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

export function returnFocus(opener: HTMLElement | null): void {
  const target = opener && usable(opener) ? opener : document.getElementById(MAIN_CONTENT_ID);
  target?.focus();
}

/**
 * Call with whether the dialog is open: the element focused as it opens is remembered, and
 * focused again once it has closed, unless the user has put the focus somewhere else meanwhile.
 */
export function useFocusReturn(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      return undefined;
    }
    const from = opener.current;
    if (from === null) return undefined;
    opener.current = null;
    const first = setTimeout(() => {
      if (lost() || document.activeElement?.closest('[role="dialog"]')) returnFocus(from);
    }, 0);
    const again = setTimeout(() => lost() && returnFocus(from), SETTLE_MS);
    return () => {
      clearTimeout(first);
      clearTimeout(again);
    };
  }, [open]);
}
