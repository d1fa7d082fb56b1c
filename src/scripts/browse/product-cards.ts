/**
 * Fills product grids in the browser from the blank card the page ships in
 * `<template data-card-template>` (components/browse/ProductCard.astro), so cards added by paging
 * or search look exactly like the ones the build rendered. Prices get `data-price-eur` too, so the
 * header script keeps converting them (and their tax note) when the shopper changes currency.
 */
import type { ProductCard } from '../../domain/catalogue.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatEurIn, type CurrencyCode, type RateTable } from '../../domain/money.model.ts';
import { localePath } from '../../i18n/paths.ts';
import { showTaxNotes } from '../tax-notes.ts';

export interface CardContext {
  locale: Locale;
  currency: CurrencyCode;
  /** The shop's exchange rates ($rates of stores/shop-config.ts). */
  rates: RateTable;
  /**
   * The browser address of an API media path (`mediaUrl` of the HTTP layer). Passed in rather than
   * imported, so pages can load the HTTP layer only once the shopper asks for more products.
   */
  mediaUrl(path: string): string;
}

function setPrice(el: Element | null, eur: number, ctx: CardContext): void {
  if (!(el instanceof HTMLElement)) return;
  el.dataset['priceEur'] = String(eur);
  el.textContent = formatEurIn(eur, ctx.currency, ctx.locale, ctx.rates);
}

/** A filled card for `product`, cloned from `template`. */
export function buildCard(template: HTMLTemplateElement, product: ProductCard, ctx: CardContext, eager = false): HTMLElement {
  const card = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  card.dataset['productId'] = String(product.id);
  const image = card.querySelector('img');
  if (image) {
    image.alt = (image.dataset['altPattern'] ?? '%s').replace('%s', product.title);
    delete image.dataset['altPattern'];
    image.loading = eager ? 'eager' : 'lazy';
    image.src = ctx.mediaUrl(product.image);
  }
  const heading = card.querySelector('.card-title');
  if (heading) heading.id = `product-${product.id}-title`;
  const link = card.querySelector<HTMLAnchorElement>('.card-link');
  if (link) {
    link.href = localePath(ctx.locale, `/product/${product.id}/`);
    link.textContent = product.title;
  }
  setPrice(card.querySelector('[data-price]'), product.price, ctx);
  const onSale = product.compareAtPrice !== null && product.compareAtPrice > product.price;
  if (onSale) setPrice(card.querySelector('[data-price-was]'), product.compareAtPrice!, ctx);
  else for (const el of card.querySelectorAll('[data-sale]')) el.remove();
  showTaxNotes(card, ctx.currency);
  return card;
}

/** Replaces the cards of `grid` with `products`; the first `eagerCount` images load at once. */
export function renderCards(grid: HTMLElement, template: HTMLTemplateElement, products: readonly ProductCard[], ctx: CardContext, eagerCount = 4): void {
  grid.replaceChildren(...products.map((product, index) => buildCard(template, product, ctx, index < eagerCount)));
}

/** Adds `products` after the cards already in `grid`. */
export function appendCards(grid: HTMLElement, template: HTMLTemplateElement, products: readonly ProductCard[], ctx: CardContext): void {
  grid.append(...products.map((product) => buildCard(template, product, ctx)));
}
