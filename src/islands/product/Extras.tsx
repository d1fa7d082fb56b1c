/**
 * Patches and add-ons, loaded by the island. A failure says so with a Retry button
 * (docs/storefront.md, "Failures a shopper meets") while the rest of the configurator keeps
 * working.
 */
import type { Addon, Patch } from '../../domain/catalogue.schema.ts';
import type { ExtrasState } from '../../stores/product.ts';
import { mediaUrl } from '../../stores/product.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { InlineLoadFailure } from './InlineLoadFailure.tsx';
import { StatusLine } from '../StatusLine.tsx';

export interface ExtrasProps {
  state: ExtrasState;
  patchIds: readonly number[];
  addonIds: readonly number[];
  onToggle: (kind: 'patch' | 'addon', id: number, on: boolean) => void;
  onRetry: () => void;
  price: (eurMinor: number) => string;
}

export function Extras({ state, patchIds, addonIds, onToggle, onRetry, price }: ExtrasProps) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return <StatusLine className="extras-status">{t('configurator.extras.loading')}</StatusLine>;
  }
  if (state.status === 'error') {
    return <InlineLoadFailure className="extras-error" message={t('configurator.extras.failed')} retryLabel={t('configurator.extras.retry')} onRetry={onRetry} />;
  }
  return (
    <>
      {state.patches.length > 0 ? <ExtraGroup kind="patch" items={state.patches.map((p: Patch) => ({ id: p.id, name: p.patchName, price: p.patchPrice, image: p.image }))} chosen={patchIds} onToggle={onToggle} price={price} /> : null}
      {state.addons.length > 0 ? <ExtraGroup kind="addon" items={state.addons.map((a: Addon) => ({ id: a.id, name: a.name, price: a.price, image: a.image }))} chosen={addonIds} onToggle={onToggle} price={price} /> : null}
    </>
  );
}

interface Item {
  id: number;
  name: string;
  price: number;
  image: string;
}

/** The patches or the add-ons, each a checkbox with its picture, name and price. */
function ExtraGroup({ kind, items, chosen, onToggle, price }: { kind: 'patch' | 'addon'; items: Item[]; chosen: readonly number[]; onToggle: ExtrasProps['onToggle']; price: (eur: number) => string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="cfg-group">
      <legend className="cfg-legend">{t(kind === 'patch' ? 'configurator.extras.patches' : 'configurator.extras.addons')}</legend>
      <ul className="extra-options" role="list">
        {items.map((item) => (
          <li key={item.id}>
            <label className="option-tile extra-option">
              <input type="checkbox" checked={chosen.includes(item.id)} onChange={(event) => onToggle(kind, item.id, event.currentTarget.checked)} />
              <img src={mediaUrl(item.image)} width={40} height={40} alt="" loading="lazy" decoding="async" />
              <span className="extra-name">{item.name}</span>
              <span className="extra-price">{t('configurator.extras.price', { price: price(item.price) })}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
