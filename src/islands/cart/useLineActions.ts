/**
 * What the drawer and the cart page do when a line's controls are used: call the store, then
 * tell screen-reader users what changed (the store's reload has finished by then, so the
 * figures on screen already match), and hand focus on when a removed line takes it along.
 */
import { useCallback, useState } from 'react';
import type { CartLineRecord } from '../../domain/cart.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { removeLine, setQuantity } from '../../stores/cart.ts';

export function useLineActions(onRemoved: () => void) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');

  const changeQuantity = useCallback(
    async (line: CartLineRecord, quantity: number) => {
      if (await setQuantity(line.id, quantity)) setAnnouncement(t('cart.status.quantityChanged', { name: line.name, quantity }));
    },
    [t],
  );

  const remove = useCallback(
    async (line: CartLineRecord) => {
      if (await removeLine(line.id)) {
        setAnnouncement(t('cart.status.removed', { name: line.name }));
        onRemoved();
      }
    },
    [t, onRemoved],
  );

  return { changeQuantity, remove, announcement };
}
