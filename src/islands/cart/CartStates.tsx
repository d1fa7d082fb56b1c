/** Pieces the drawer and the cart page both show when there are no lines to list. */
import { useTranslation } from '../../i18n/react.tsx';
import { useStore } from '@nanostores/react';
import { $cart, reloadCart } from '../../stores/cart.ts';
import { isUnreachableCode } from '../../stores/failures.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import type { ReactNode } from 'react';
import { EMPTY_CART_ICON } from './cart-parts.ts';
import { CartNotice } from './CartNotice.tsx';

/** The empty-cart picture; decorative, the title beside it says it. */
export function EmptyCartIcon() {
  return (
    <svg className="cart-empty-icon" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" focusable="false">
      <path d={EMPTY_CART_ICON.trolley} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      {EMPTY_CART_ICON.wheels.map((wheel) => (
        <circle key={wheel.cx} {...wheel} fill="currentColor" />
      ))}
    </svg>
  );
}

/** No lines: the notice of what changed, the picture, the title (each place its own element), a hint and where to go next. */
export function EmptyCart({ className, title, hint, action }: { className: string; title: ReactNode; hint: string; action: { href: string; label: string } }) {
  return (
    <div className={className}>
      <CartNotice />
      <EmptyCartIcon />
      {title}
      <p className="cart-empty-hint">{hint}</p>
      <a className="button cart-action" href={action.href}>
        {action.label}
      </a>
    </div>
  );
}

/** The first load failed: there is no cart to show, so say so and offer to try again. */
export function CartLoadError({ className }: { className: string }) {
  const { t } = useTranslation();
  const { error } = useStore($cart);
  return (
    <LoadFailure
      className={className}
      offline={error !== null && isUnreachableCode(error.code)}
      message={t('cart.drawer.loadError')}
      retryLabel={t('cart.drawer.retry')}
      onRetry={() => void reloadCart()}
    />
  );
}
