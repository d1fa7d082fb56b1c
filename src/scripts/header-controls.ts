/**
 * Progressive enhancement for the static header and every server-rendered price, without React:
 * - `select[data-currency-select]` reads and writes the `$currency` store;
 * - `[data-price-eur]` elements (EUR minor units, rendered as EUR at build time) show the chosen
 *   currency, and follow it when it changes (in this tab or another);
 * - `a[data-locale-choice]` links remember the language the shopper picked.
 * React islands render their own prices from `$currency`, so they carry no `data-price-eur`.
 */
import { formatEurIn, type CurrencyCode } from '../domain/money.model.ts';
import { $currency, setCurrency } from '../stores/currency.ts';
import { chooseLocale } from '../stores/locale.ts';

function renderPrices(code: CurrencyCode): void {
  const locale = document.documentElement.lang || 'en-US';
  for (const el of document.querySelectorAll<HTMLElement>('[data-price-eur]')) {
    const eur = Number(el.dataset['priceEur']);
    if (!Number.isSafeInteger(eur)) continue;
    const text = formatEurIn(eur, code, locale);
    if (el.textContent !== text) el.textContent = text;
  }
}

const selects = document.querySelectorAll<HTMLSelectElement>('select[data-currency-select]');
for (const select of selects) {
  select.addEventListener('change', () => setCurrency(select.value));
}

$currency.subscribe((code) => {
  for (const select of selects) select.value = code;
  renderPrices(code);
});

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-locale-choice]') : null;
  if (link) chooseLocale(link.dataset['localeChoice']);
});
