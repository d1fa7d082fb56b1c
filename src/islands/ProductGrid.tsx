/**
 * The home page's product grid. The build renders the first page into the HTML (so crawlers and
 * shoppers without JavaScript see products); once visible, it hydrates, shows prices in the
 * chosen currency and loads further pages from the API on "Load more".
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Page } from '../domain/api/envelope.ts';
import type { ProductCard as Product, ProductSort } from '../domain/catalogue.schema.ts';
import type { Locale } from '../domain/locale.ts';
import { DEFAULT_CURRENCY } from '../domain/money.model.ts';
import type { Messages } from '../i18n/core.ts';
import { useTranslation, withIslandI18n } from '../i18n/react.tsx';
import { $currency } from '../stores/currency.ts';
import { createProductPager } from '../stores/product-pager.ts';
import { ProductCard } from './ProductCard.tsx';
import { AlertLine } from './AlertLine.tsx';

export interface ProductGridProps {
  locale: Locale;
  messages: Partial<Messages>;
  /** The first page, fetched at build time. */
  initial: Page<Product>;
  sort?: ProductSort;
  /** Images loaded at once: the first row at the widest layout. */
  eagerCount?: number;
}

export default withIslandI18n(Grid);

function Grid({ locale, initial, sort = 'recommended', eagerCount = 4 }: ProductGridProps) {
  const { t } = useTranslation();
  // The build's HTML is in EUR; hydrate with EUR too, then switch to the stored currency.
  const currency = useStore($currency, { ssr: () => DEFAULT_CURRENCY });
  const [pager] = useState(() => createProductPager(initial, { locale, sort }));
  const { products, total, status, firstNewId } = useStore(pager.$state);

  useEffect(() => () => pager.cancel(), [pager]);
  // After "Load more", keyboard and screen-reader users continue at the first new product.
  useEffect(() => {
    if (firstNewId !== null) document.querySelector<HTMLAnchorElement>(`#product-${firstNewId}-title a`)?.focus();
  }, [firstNewId]);

  const hasMore = products.length < total;
  const loadMore = () => void pager.loadMore();

  if (products.length === 0) {
    return <p className="grid-empty">{t('grid.empty')}</p>;
  }

  return (
    <div className="product-grid">
      <ul className="grid" role="list">
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} locale={locale} currency={currency} eager={index < eagerCount} />
        ))}
      </ul>
      <div className="grid-footer">
        <p className="grid-count" aria-live="polite">
          {t('grid.showing', { shown: products.length, total })}
        </p>
        <AlertLine className="grid-error">{status === 'error' ? t('grid.loadError') : null}</AlertLine>
        {hasMore ? (
          // aria-disabled rather than disabled while loading, so keyboard focus stays on the button.
          <button type="button" className="button" onClick={loadMore} aria-disabled={status === 'loading'}>
            {status === 'loading' ? t('grid.loading') : status === 'error' ? t('grid.retry') : t('grid.loadMore')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
