/**
 * A refused cart change (docs/storefront.md: the cart reloads and the shopper learns why), or a
 * reload that failed while the last known cart stays on screen. The text is the server's message.
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from '../../i18n/react.tsx';
import { $cart, dismissCartError } from '../../stores/cart.ts';

export function CartNotice() {
  const { t } = useTranslation();
  const error = useStore($cart, { keys: ['error'] }).error;
  if (!error) return null;
  return (
    <div className="cart-notice" role="alert">
      <p>
        <strong>{error.kind === 'update' ? t('cart.error.updateFailed') : t('cart.drawer.loadError')}</strong> {error.message}
      </p>
      <button type="button" className="cart-notice-dismiss" onClick={dismissCartError}>
        {t('cart.error.dismiss')}
      </button>
    </div>
  );
}
