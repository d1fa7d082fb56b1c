/**
 * Progressive enhancement for the static header and every server-rendered price, without React:
 * - `select[data-currency-select]` reads and writes the `$currency` store;
 * - `[data-price-eur]` elements (EUR minor units, rendered as EUR at build time) show the chosen
 *   currency, and follow it when it changes (in this tab or another); so do the tax notes beside
 *   them (`[data-tax-note]`, scripts/tax-notes.ts);
 * - `a[data-locale-choice]` links remember the language the shopper picked and keep the page's query.
 *   With the shop's exchange rates: the build's (the banner's `data-shop-rates`), then the server's
 *   live ones whenever a page reads them (stores/shop-config.ts).
 * React islands render their own prices from `$currency`, so they carry no `data-price-eur`.
 */
import { BASE_CURRENCY, DEFAULT_CURRENCY, formatEurIn, type CurrencyCode, type RateTable } from '../domain/money.model.ts';
import { $currency, setCurrency } from '../stores/currency.ts';
import { $rates, decodeRates } from '../stores/shop-config.ts';
import { chooseLocale } from '../stores/locale.ts';
import { showTaxNotes } from './tax-notes.ts';

/**
 * The currency the prices on the page show: the build wrote them in the base currency, so a
 * shopper who keeps it costs no formatting as the page loads (a first `Intl.NumberFormat` is tens
 * of milliseconds of a phone's main thread).
 */
let shown: CurrencyCode = BASE_CURRENCY;

function renderPrices(code: CurrencyCode, rates: RateTable): void {
  shown = code;
  const locale = document.documentElement.lang || 'en-US';
  for (const el of document.querySelectorAll<HTMLElement>('[data-price-eur]')) {
    const eur = Number(el.dataset['priceEur']);
    if (!Number.isSafeInteger(eur)) continue;
    const text = formatEurIn(eur, code, locale, rates);
    if (el.textContent !== text) el.textContent = text;
  }
  showTaxNotes(document, code);
}

// Asked for each time: the menu sheet's copy of the select is made when the sheet first opens
// (scripts/layout/header.ts).
const selects = () => document.querySelectorAll<HTMLSelectElement>('select[data-currency-select]');
document.addEventListener('change', (event) => {
  if (event.target instanceof HTMLSelectElement && event.target.matches('[data-currency-select]')) setCurrency(event.target.value);
});

// A currency chosen before the shop stopped showing it (the select, built from the shop's settings, lacks it): the default instead.
const offered = selects()[0]?.options;
if (offered && ![...offered].some((option) => option.value === $currency.get())) setCurrency(DEFAULT_CURRENCY);

const baked = decodeRates(document.querySelector<HTMLElement>('[data-shop-rates]')?.dataset['shopRates']);
if (baked) $rates.set(baked);

$currency.subscribe((code) => {
  for (const select of selects()) select.value = code;
  if (code !== shown) renderPrices(code, $rates.get());
});
// New rates change nothing shown in the base currency.
$rates.listen((rates) => {
  if ($currency.get() !== BASE_CURRENCY) renderPrices($currency.get(), rates);
});

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-locale-choice]') : null;
  if (!link) return;
  chooseLocale(link.dataset['localeChoice']);
  // The same page in the other language, in the same state: the login module and its redirect,
  // a search, a listing's page and sort, an order's link.
  link.search = location.search;
  link.hash = location.hash;
});
