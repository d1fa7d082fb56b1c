/**
 * The tax note beside static prices (`[data-tax-note]`: "incl. VAT", "incl. GST", "plus tax"),
 * following the chosen currency (domain/tax/shown-prices.ts). The build writes the base
 * currency's note (EUR: "incl. VAT") and the page's three wordings once, on the currency select
 * (LocaleCurrency.astro `data-tax-notes`), so a shopper who keeps EUR costs nothing here.
 */
import type { CurrencyCode } from '../domain/money.model.ts';
import { priceTaxNote, type PriceTaxNote } from '../domain/tax/shown-prices.ts';

let notes: Partial<Record<PriceTaxNote, string>> | null = null;

function wordings(): Partial<Record<PriceTaxNote, string>> {
  if (notes) return notes;
  try {
    notes = JSON.parse(document.querySelector<HTMLElement>('[data-tax-notes]')?.dataset['taxNotes'] ?? '{}') as Partial<Record<PriceTaxNote, string>>;
  } catch {
    notes = {};
  }
  return notes;
}

/** Words every tax note under `root` for `currency`; a page without the wordings keeps what it has. */
export function showTaxNotes(root: ParentNode, currency: CurrencyCode): void {
  const text = wordings()[priceTaxNote(currency)];
  if (text === undefined) return;
  for (const el of root.querySelectorAll<HTMLElement>('[data-tax-note]')) if (el.textContent !== text) el.textContent = text;
}
