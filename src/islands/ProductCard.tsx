/**
 * One product in a grid. The title link stretches over the whole card (CSS), so the card is one
 * click target while the link's accessible name stays the product's title and the image keeps
 * its own alt text.
 */
import { useTranslation } from '../i18n/react.tsx';
import { mediaUrl } from '../stores/product-pager.ts';
import type { ProductCard as Product } from '../domain/catalogue.schema.ts';
import type { Locale } from '../domain/locale.ts';
import { useStore } from '@nanostores/react';
import { formatEurIn, type CurrencyCode } from '../domain/money.model.ts';
import { priceTaxNote } from '../domain/tax/shown-prices.ts';
import { $rates } from '../stores/shop-config.ts';
import { localePath } from '../i18n/paths.ts';
import { PRODUCT_IMAGE } from './product-image.ts';

export { PRODUCT_IMAGE };

export interface ProductCardProps {
  product: Product;
  locale: Locale;
  currency: CurrencyCode;
  /** Load the image at once (the first row); later ones wait until they scroll near. */
  eager?: boolean;
}

export function ProductCard({ product, locale, currency, eager = false }: ProductCardProps) {
  const { t } = useTranslation();
  const rates = useStore($rates);
  const price = formatEurIn(product.price, currency, locale, rates);
  const onSale = product.compareAtPrice !== null && product.compareAtPrice > product.price;
  const titleId = `product-${product.id}-title`;
  return (
    <li className="card">
      <img
        className="card-image"
        src={mediaUrl(product.image)}
        alt={t('product.imageFront', { name: product.title })}
        width={PRODUCT_IMAGE.width}
        height={PRODUCT_IMAGE.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className="card-body">
        <h3 className="card-title" id={titleId}>
          <a className="card-link" href={localePath(locale, `/product/${product.id}/`)}>
            {product.title}
          </a>
        </h3>
        <p className="card-price">
          {onSale ? (
            <>
              <span className="price-now">
                <span className="sr-only">{t('grid.now')} </span>
                {price}
              </span>{' '}
              <s className="price-was">
                <span className="sr-only">{t('grid.was')} </span>
                {formatEurIn(product.compareAtPrice!, currency, locale, rates)}
              </s>
            </>
          ) : (
            <span className="price-now">{price}</span>
          )}{' '}
          <small className="tax-note">{t(`product.taxNote.${priceTaxNote(currency)}`)}</small>
        </p>
        {onSale ? <span className="badge">{t('grid.sale')}</span> : null}
      </div>
    </li>
  );
}
