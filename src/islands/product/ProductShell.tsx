/**
 * The product page for a product the build has not seen: the pre-rendered shell carries no product,
 * so this island reads the id from the address, loads the product and renders what the
 * pre-rendered pages have (images, name, price, configurator, tabs, related products).
 */
import { useEffect, useState } from 'react';
import type { ProductCard, ProductDetail } from '../../domain/catalogue.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { localePath } from '../../i18n/paths.ts';
import { loadProduct, loadRelated, mediaUrl, type RelatedLoad } from '../../stores/product.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { Configurator } from './Configurator.tsx';
import type { Messages } from '../../i18n/core.ts';
import { priceTaxNote } from '../../domain/tax/shown-prices.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { eurIn, useRates, useCurrency } from './money.ts';
import { DetailPanel, FaqPanel, ProductTabs, type OrderFacts } from './ProductTabs.tsx';
import { productIdFrom } from './shell-route.ts';

export interface ProductShellProps {
  locale: Locale;
  messages: Partial<Messages>;
  /** The shop's ordering facts, from the build (they do not depend on the product). */
  order: Omit<OrderFacts, 'printable'>;
}

type View = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'error' } | { kind: 'found'; product: ProductDetail };

export default withIslandI18n(ProductShell);

function ProductShell({ locale, order }: ProductShellProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [related, setRelated] = useState<RelatedLoad | null>(null);
  const [relatedAttempt, setRelatedAttempt] = useState(0);

  useEffect(() => {
    const id = productIdFrom(window.location.pathname, window.location.search);
    if (id === null) {
      setView({ kind: 'not-found' });
      return;
    }
    const controller = new AbortController();
    setView({ kind: 'loading' });
    void loadProduct(id, { locale, signal: controller.signal }).then((result) => {
      if (result.status === 'found') {
        setView({ kind: 'found', product: result.product });
      } else if (result.status === 'not-found') setView({ kind: 'not-found' });
      else if (result.status === 'error') setView({ kind: 'error' });
    });
    return () => controller.abort();
  }, [locale, attempt]);

  const product = view.kind === 'found' ? view.product : null;
  useEffect(() => {
    if (!product) return;
    let live = true;
    setRelated(null);
    void loadRelated(product, locale).then((result) => {
      if (live) setRelated(result);
    });
    return () => {
      live = false;
    };
  }, [product, locale, relatedAttempt]);
  useEffect(() => {
    const title = product ? product.title : view.kind === 'not-found' ? t('configurator.shell.notFoundTitle') : null;
    if (title) document.title = t('site.title', { page: title });
    if (!product) return;
    document.querySelector('meta[name="description"]')?.setAttribute('content', product.description);
    // The language switch was built without a product address; point it at this product.
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-locale-choice]')) {
      const other = link.dataset['localeChoice'];
      if (other === 'en-US' || other === 'zh-CN') link.href = localePath(other, `/product/${product.id}/`);
    }
  }, [product, view.kind, t]);

  if (view.kind === 'loading') {
    return (
      <div className="container product shell-status">
        <p role="status">{t('configurator.shell.loading')}</p>
      </div>
    );
  }
  if (view.kind !== 'found') {
    const notFound = view.kind === 'not-found';
    return (
      <div className="container product shell-status">
        <h1>{notFound ? t('configurator.shell.notFoundTitle') : t('configurator.shell.failed')}</h1>
        {notFound ? <p>{t('configurator.shell.notFound')}</p> : null}
        <p className="shell-actions">
          {notFound ? null : (
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              {t('configurator.shell.retry')}
            </button>
          )}
          <a className={notFound ? 'button' : 'button secondary'} href={localePath(locale, '/')}>
            {t('configurator.shell.home')}
          </a>
        </p>
      </div>
    );
  }

  const p = view.product;
  return (
    <div className="container product">
      <p className="crumbs">
        <a href={localePath(locale, '/')}>{t('product.backToShop')}</a>
      </p>
      <div className="product-layout">
        <div className="gallery">
          {p.images.slice(0, 2).map((image, index) => (
            <img
              key={image}
              src={mediaUrl(image)}
              width={400}
              height={440}
              alt={t(index === 0 ? 'product.imageFront' : 'product.imageBack', { name: p.title })}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          ))}
        </div>
        <div className="info">
          <h1>{p.title}</h1>
          <Price product={p} locale={locale} />
          <Configurator locale={locale} product={p} />
        </div>
      </div>
      <ProductTabs
        locale={locale}
        productId={p.id}
        detail={<DetailPanel descriptionHtml={p.descriptionHtml} details={p.details} />}
        faq={<FaqPanel faq={p.faq} emptyText={t('productTabs.faq.empty')} />}
        order={{ ...order, printable: p.printable }}
        reviews={null}
      />
      {related?.ok && related.cards.length > 0 ? <Related products={related.cards} locale={locale} /> : null}
      {related && !related.ok ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">{t('configurator.related.title')}</h2>
          <LoadFailure offline={related.offline} message={t('network.failed')} onRetry={() => setRelatedAttempt((n) => n + 1)} />
        </section>
      ) : null}
    </div>
  );
}

function Price({ product, locale }: { product: ProductDetail; locale: Locale }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const money = eurIn(currency, locale, useRates());
  const onSale = product.compareAtPrice !== null && product.compareAtPrice > product.price;
  return (
    <p className="price">
      {onSale ? <span className="sr-only">{t('product.now')} </span> : null}
      <span className="price-now">{money(product.price)}</span>
      {onSale ? (
        <s className="price-was">
          <span className="sr-only">{t('product.was')} </span>
          {money(product.compareAtPrice!)}
        </s>
      ) : null}{' '}
      <small className="tax-note">{t(`product.taxNote.${priceTaxNote(currency)}`)}</small>
    </p>
  );
}

function Related({ products, locale }: { products: ProductCard[]; locale: Locale }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const money = eurIn(currency, locale, useRates());
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title">{t('configurator.related.title')}</h2>
      <ul className="grid" role="list">
        {products.map((card) => (
          <li key={card.id} className="card">
            <img className="card-image" src={mediaUrl(card.image)} width={400} height={440} alt={t('product.imageFront', { name: card.title })} loading="lazy" decoding="async" />
            <div className="card-body">
              <h3 className="card-title">
                <a className="card-link" href={localePath(locale, `/product/${card.id}/`)}>
                  {card.title}
                </a>
              </h3>
              <p className="card-price">
                <span className="price-now">{money(card.price)}</span> <small className="tax-note">{t(`product.taxNote.${priceTaxNote(currency)}`)}</small>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
