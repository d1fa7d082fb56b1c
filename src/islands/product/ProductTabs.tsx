/**
 * Detail, Order, Customer reviews and FAQ. The build's HTML has them as plain sections with
 * headings (readable without JavaScript); once hydrated they become an accessible tab set
 * (WAI-ARIA tabs: arrow keys, Home and End move between tabs). Reviews page through the API.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FaqEntry, ProductComment } from '../../domain/catalogue.schema.ts';
import { dateFormat } from '../../domain/intl.ts';
import type { Locale } from '../../domain/locale.ts';
import type { DiscountTier } from '../../domain/pricing.ts';
import type { ProductPurchase } from '../../domain/orders.model.ts';
import { loadProductPurchases } from '../../stores/orders.ts';
import { createProductReviews, type CommentPage } from '../../stores/product.ts';
import type { Messages } from '../../i18n/core.ts';
import { useTranslation, withLoadedTexts } from '../../i18n/react.tsx';
import { InlineLoadFailure } from './InlineLoadFailure.tsx';
import { eurIn, useRates, useCurrency } from './money.ts';

/** Loaded when the reviews tab is first opened: most visitors never write one. */
const ReviewForm = lazy(() => import('./ReviewForm.tsx').then((module) => ({ default: module.ReviewForm })));
/** The reviews tab's address: signing in to write a review comes back to it. */
const REVIEWS_HASH = '#reviews';

/** What the Order tab states; amounts in EUR minor units. */
export interface OrderFacts {
  printable: boolean;
  freeShippingThreshold: number;
  discountTiers: DiscountTier[];
  maxLineQuantity: number;
}

export interface ProductTabsProps {
  locale: Locale;
  productId: number;
  /**
   * The Detail and FAQ tabs' content (DetailPanel, FaqPanel): static, so the product page passes
   * them as Astro slots (named `detail` and `faq`), which are in its HTML once instead of again in
   * the island's props. Optional only because type checking cannot see slots become props.
   */
  detail?: ReactNode;
  faq?: ReactNode;
  order: OrderFacts;
  /** The first page of reviews from the build; null to load it in the browser. */
  reviews: CommentPage | null;
}

export const REVIEWS_PAGE_SIZE = 5;
const TABS = ['detail', 'order', 'reviews', 'faq'] as const;
type Tab = (typeof TABS)[number];

/** The product page's island: its texts are a chunk per locale (see withLoadedTexts). */
export default withLoadedTexts(ProductTabs, {
  productTabs: import.meta.glob<Messages['productTabs']>('../../i18n/locales/*/product-tabs.json', { import: 'default' }),
  review: import.meta.glob<Messages['review']>('../../i18n/locales/*/review.json', { import: 'default' }),
});

export function ProductTabs(props: ProductTabsProps) {
  const { t } = useTranslation();
  // False in the server's HTML and at hydration (identical markup), true right after.
  const [enhanced, setEnhanced] = useState(false);
  const [active, setActive] = useState<Tab>('detail');
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  useEffect(() => {
    setEnhanced(true);
    // Back from signing in to write a review: that tab.
    if (location.hash === REVIEWS_HASH) setActive('reviews');
  }, []);

  const id = (tab: Tab, part: 'tab' | 'panel') => `product-${props.productId}-${part}-${tab}`;
  const label = (tab: Tab) => t(`productTabs.tabs.${tab}`);
  const content: Record<Tab, ReactNode> = {
    detail: props.detail,
    order: <OrderPanel facts={props.order} locale={props.locale} productId={props.productId} active={enhanced && active === 'order'} />,
    reviews: <ReviewsPanel productId={props.productId} initial={props.reviews} active={enhanced && active === 'reviews'} locale={props.locale} />,
    faq: props.faq,
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(active);
    const next =
      event.key === 'ArrowRight' ? TABS[(index + 1) % TABS.length] : event.key === 'ArrowLeft' ? TABS[(index - 1 + TABS.length) % TABS.length] : event.key === 'Home' ? TABS[0] : event.key === 'End' ? TABS[TABS.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="product-tabs" aria-labelledby={`product-${props.productId}-tabs-title`}>
      <h2 id={`product-${props.productId}-tabs-title`} className="sr-only">
        {t('productTabs.tabs.label')}
      </h2>
      {enhanced ? (
        <div className="tab-list" role="tablist" aria-labelledby={`product-${props.productId}-tabs-title`} onKeyDown={onKeyDown}>
          {TABS.map((tab) => (
            <button
              key={tab}
              ref={(el) => {
                tabRefs.current[tab] = el;
              }}
              type="button"
              role="tab"
              id={id(tab, 'tab')}
              className="tab"
              aria-selected={active === tab}
              aria-controls={id(tab, 'panel')}
              tabIndex={active === tab ? 0 : -1}
              onClick={() => setActive(tab)}
            >
              {label(tab)}
            </button>
          ))}
        </div>
      ) : null}
      {TABS.map((tab) =>
        enhanced ? (
          <div key={tab} role="tabpanel" id={id(tab, 'panel')} aria-labelledby={id(tab, 'tab')} className="tab-panel" hidden={active !== tab} tabIndex={0}>
            {content[tab]}
          </div>
        ) : (
          <section key={tab} id={id(tab, 'panel')} aria-labelledby={id(tab, 'tab')} className="tab-section">
            <h3 id={id(tab, 'tab')}>{label(tab)}</h3>
            {content[tab]}
          </section>
        ),
      )}
    </section>
  );
}

/** The Detail tab's content. No hooks: the product page renders it as static HTML. */
export function DetailPanel({ descriptionHtml, details }: { descriptionHtml: string; details: string[] }) {
  return (
    <>
      {/* Rendered by the server from Markdown with raw HTML escaped (domain/markdown.ts). */}
      <div className="detail-description" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
      {details.length > 0 ? (
        <ul className="detail-list">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function OrderPanel({ facts, locale, productId, active }: { facts: OrderFacts; locale: Locale; productId: number; active: boolean }) {
  const { t } = useTranslation();
  const money = eurIn(useCurrency(), locale, useRates());
  return (
    <>
      <ul className="order-facts">
        {facts.printable ? (
          <>
            <li>{t('productTabs.order.printing')}</li>
            <li>{t('productTabs.order.noReturns')}</li>
            <li>{t('productTabs.order.unprinted')}</li>
          </>
        ) : null}
        <li>{t('productTabs.order.stock')}</li>
        <li>{t('productTabs.order.shipping', { amount: money(facts.freeShippingThreshold) })}</li>
        {facts.discountTiers.map((tier) => (
          <li key={tier.minItems}>{t('productTabs.order.tier', { count: tier.minItems, percent: tier.percent })}</li>
        ))}
        <li>{t('productTabs.order.limit', { count: facts.maxLineQuantity })}</li>
      </ul>
      <RecentPurchases productId={productId} locale={locale} active={active} />
    </>
  );
}

/** Who bought this lately (initial, country, size, date, quantity: nothing personal), loaded when the tab first opens. */
function RecentPurchases({ productId, locale, active }: { productId: number; locale: Locale; active: boolean }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ProductPurchase[] | null>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!active || opened) return;
    setOpened(true);
    loadProductPurchases(productId).then(
      (page) => setRows(page.records),
      () => setRows([]),
    );
  }, [active, opened, productId]);
  if (!opened) return null;
  const date = dateFormat(locale, { dateStyle: 'medium' });
  return (
    <section className="recent-purchases" aria-labelledby={`recent-${productId}`}>
      <h3 id={`recent-${productId}`}>{t('productTabs.order.recentHeading')}</h3>
      {rows === null ? (
        <p role="status">{t('productTabs.order.recentLoading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('productTabs.order.recentEmpty')}</p>
      ) : (
        <table className="recent-purchases-table">
          <thead>
            <tr>
              <th scope="col">{t('productTabs.order.recentBuyer')}</th>
              <th scope="col">{t('productTabs.order.recentCountry')}</th>
              <th scope="col">{t('productTabs.order.recentSize')}</th>
              <th scope="col">{t('productTabs.order.recentDate')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td>{row.buyer}</td>
                <td>{row.country}</td>
                <td>{row.size}</td>
                <td>{date.format(new Date(row.date))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The FAQ tab's content. No hooks: the product page renders it as static HTML. */
export function FaqPanel({ faq, emptyText }: { faq: FaqEntry[]; emptyText: string }) {
  if (faq.length === 0) return <p>{emptyText}</p>;
  return (
    <dl className="faq-list">
      {faq.map((entry) => (
        <div key={entry.question} className="faq-entry">
          <dt>{entry.question}</dt>
          <dd>{entry.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewsPanel({ productId, initial, active, locale }: { productId: number; initial: CommentPage | null; active: boolean; locale: Locale }) {
  const { t } = useTranslation();
  const [reviews] = useState(() => createProductReviews(productId, REVIEWS_PAGE_SIZE, initial));
  const { page, status, current } = useStore(reviews.$state);
  const [refreshed, setRefreshed] = useState(false);

  // The build's first page may be old: the first time the tab is opened, load it live.
  useEffect(() => {
    if (active && !refreshed) {
      setRefreshed(true);
      void reviews.load(1);
    }
  }, [active, refreshed, reviews]);
  useEffect(() => () => reviews.cancel(), [reviews]);

  if (!page) {
    return status === 'error' ? <ReviewsError onRetry={() => void reviews.load(current)} /> : <p role="status">{t('productTabs.reviews.loading')}</p>;
  }
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  return (
    <div className="reviews" aria-busy={status === 'loading' ? true : undefined}>
      {page.total === 0 ? (
        <p>{t('productTabs.reviews.empty')}</p>
      ) : (
        <>
          <p className="reviews-summary">
            {page.averageRating !== null ? (
              <>
                <span className="sr-only">{t('productTabs.reviews.averageLabel')}: </span>
                <Stars rating={page.averageRating} />
                <strong>{t('productTabs.reviews.average', { rating: page.averageRating })}</strong>
                {' · '}
              </>
            ) : null}
            {t('productTabs.reviews.count', { count: page.total })}
          </p>
          <ol className="review-list">
            {page.records.map((review) => (
              <Review key={review.id} review={review} locale={locale} />
            ))}
          </ol>
        </>
      )}
      {status === 'error' ? <ReviewsError onRetry={() => void reviews.load(current)} /> : null}
      {pages > 1 ? (
        <nav className="review-pager" aria-label={t('productTabs.reviews.pager')}>
          <button type="button" className="button secondary small" disabled={page.current <= 1 || status === 'loading'} onClick={() => void reviews.load(page.current - 1)}>
            {t('productTabs.reviews.previous')}
          </button>
          <span aria-live="polite">{t('productTabs.reviews.page', { page: page.current, pages })}</span>
          <button type="button" className="button secondary small" disabled={page.current >= pages || status === 'loading'} onClick={() => void reviews.load(page.current + 1)}>
            {t('productTabs.reviews.next')}
          </button>
        </nav>
      ) : null}
      {refreshed ? (
        <Suspense fallback={null}>
          <ReviewForm productId={productId} locale={locale} returnHash={REVIEWS_HASH} onPosted={(review) => void reviews.showPosted(review)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function ReviewsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <InlineLoadFailure className="reviews-error" message={t('productTabs.reviews.failed')} retryLabel={t('productTabs.reviews.retry')} onRetry={onRetry} />;
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="stars" aria-hidden="true">
      {'★'.repeat(full)}
      <span className="stars-empty">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

function Review({ review, locale }: { review: ProductComment; locale: Locale }) {
  const { t } = useTranslation();
  // UTC, so the server's HTML and the browser's hydration print the same date.
  const date = dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(review.createdAt));
  return (
    <li className="review">
      <p className="review-head">
        <Stars rating={review.rating} />
        <span className="sr-only">{t('productTabs.reviews.rating', { rating: review.rating })}</span>
        <strong className="review-author">{review.authorName}</strong>
        <time dateTime={review.createdAt}>{date}</time>
      </p>
      {/* Text, never HTML: React escapes it. */}
      <p className="review-text">{review.content}</p>
    </li>
  );
}
