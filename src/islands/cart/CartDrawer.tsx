/**
 * The cart drawer: a modal side sheet, full width on
 * phones. It is placed once per page (CartDrawerMount.astro) and rendered on the first `cart-open`
 * (scripts/layout/cart-drawer.ts), so no React loads until the shopper opens it;
 * `openCartDrawer()` sets `$cartDrawerOpen` and dispatches that event.
 *
 * A native modal <dialog> keeps focus inside and the page inert; Esc, the close button and the
 * backdrop close it; page scrolling is locked while it is open; focus returns to the opener.
 * States come from the cart store: loading (skeleton), empty ("Cart is empty" + View Cart),
 * listing (lines, totals, View Cart and Checkout), or a failed first load with a retry.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { $cart, $cartDrawerOpen, CART_OPEN_EVENT, cartLineIds, closeCartDrawer, watchCart } from '../../stores/cart.ts';
import { lockPageScroll } from '../scroll-lock.ts';
import { CartLines } from './CartLine.tsx';
import { CartNotice } from './CartNotice.tsx';
import { CartSkeleton } from './CartSkeleton.tsx';
import { CartLoadError, EmptyCart } from './CartStates.tsx';
import { CartTotals, PersonalisedNotice, TierHint } from './CartSummary.tsx';
import { cartHref, checkoutHref } from './links.ts';
import { useLineActions } from './useLineActions.ts';

/** What Tab can reach inside the drawer. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

export default withIslandI18n(Drawer);

function Drawer({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const open = useStore($cartDrawerOpen);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const releaseScrollRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    // The drawer is rendered on the first `cart-open`, which has already fired by now: that event
    // was the request to open, whoever sent it. Later ones are heard here.
    $cartDrawerOpen.set(true);
    const onOpen = () => $cartDrawerOpen.set(true);
    window.addEventListener(CART_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(CART_OPEN_EVENT, onOpen);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The page behind does not scroll while the drawer is open (one lock shared with the menu sheet).
    const releaseScroll = lockPageScroll();
    releaseScrollRef.current = releaseScroll;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    const stopWatching = watchCart();
    return () => {
      stopWatching();
      if (dialog.open) dialog.close();
      releaseScroll();
      if (opener && opener.isConnected && opener !== document.body) opener.focus();
    };
  }, [open]);

  // Esc closes the dialog natively; the close event brings the store along. That event comes a
  // task after the dialog has gone, so the page is given its scrolling back on 'cancel' already.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (!event.defaultPrevented) releaseScrollRef.current?.();
  };
  const onClose = () => closeCartDrawer();
  // A modal dialog makes the page inert, but Tab past its last control would leave for the
  // browser's own UI; keep it going round inside the drawer.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !event.currentTarget.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  // Clicks on the backdrop land on the <dialog> itself; the panel covers all of its box.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) closeCartDrawer();
  };

  return (
    <dialog ref={dialogRef} className="cart-drawer" aria-labelledby="cart-drawer-title" onCancel={onCancel} onClose={onClose} onClick={onDialogClick} onKeyDown={onKeyDown}>
      <div className="cart-drawer-panel">
        <div className="cart-drawer-head">
          <h2 id="cart-drawer-title" className="cart-drawer-title" ref={titleRef} tabIndex={-1}>
            {t('cart.drawer.title')}
          </h2>
          <button ref={closeRef} type="button" className="icon-button cart-icon-button" onClick={closeCartDrawer}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="sr-only">{t('cart.drawer.close')}</span>
          </button>
        </div>
        {open ? <DrawerContent locale={locale} titleRef={titleRef} /> : null}
      </div>
    </dialog>
  );
}

function DrawerContent({ locale, titleRef }: { locale: Locale; titleRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const { status, page, busyIds } = useStore($cart);
  // A removed line takes the focused button with it: continue from the drawer's title.
  const focusTitle = useCallback(() => titleRef.current?.focus(), [titleRef]);
  const lineActions = useLineActions(focusTitle);

  let body;
  if (status === 'listing' && page) {
    body = (
      <>
        <div className="cart-drawer-body">
          <p className="cart-drawer-count">{t('cart.summary.items', { count: page.summary.itemCount })}</p>
          <CartNotice />
          <CartLines page={page} locale={locale} variant="drawer" busyIds={busyIds} actions={lineActions} />
        </div>
        <div className="cart-drawer-foot">
          <TierHint itemCount={page.summary.itemCount} />
          <CartTotals page={page} locale={locale} />
          <PersonalisedNotice page={page} />
          <div className="cart-drawer-actions">
            <a className="button cart-action cart-action--secondary" href={cartHref(locale)}>
              {t('cart.drawer.viewCart')}
            </a>
            <a className="button cart-action" href={checkoutHref(locale, cartLineIds(page))}>
              {t('cart.drawer.checkout')}
            </a>
          </div>
        </div>
      </>
    );
  } else if (status === 'empty') {
    body = (
      <EmptyCart
        className="cart-drawer-body cart-empty empty-state"
        title={<p className="cart-empty-title">{t('cart.drawer.empty')}</p>}
        hint={t('cart.drawer.emptyHint')}
        action={{ href: cartHref(locale), label: t('cart.drawer.viewCart') }}
      />
    );
  } else if (status === 'error') {
    body = <CartLoadError className="cart-drawer-body cart-empty empty-state" />;
  } else {
    body = (
      <div className="cart-drawer-body">
        <CartSkeleton label={t('cart.drawer.loading')} rows={3} />
      </div>
    );
  }

  return (
    <>
      {body}
      <p className="sr-only" aria-live="polite">
        {lineActions.announcement}
      </p>
    </>
  );
}
