/** The note beside prices before a destination is known (src/domain/tax/shown-prices.ts) agrees with the tax tables. */
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../../../src/domain/money.model.ts';
import { DEFAULT_TAX_TABLE, EU_MEMBER_STATES } from '../../../src/domain/tax/rates.ts';
import { CURRENCY_TAX_NOTE, priceTaxNote, shownPriceDisplay } from '../../../src/domain/tax/shown-prices.ts';

/** The markets whose shoppers pay in each currency. */
const MARKETS_OF = {
  EUR: EU_MEMBER_STATES,
  GBP: ['GB'],
  AUD: ['AU'],
  NZD: ['NZ'],
  USD: ['US'],
  CAD: Object.keys(DEFAULT_TAX_TABLE.markets).filter((id) => id.startsWith('CA-')),
} as const;

describe('prices as each market shows them', () => {
  it('says incl. VAT for EUR and GBP, incl. GST for AUD and NZD, plus tax for USD and CAD', () => {
    expect(CURRENCY_CODES.map((code) => [code, priceTaxNote(code)])).toEqual([
      ['EUR', 'inclVat'],
      ['GBP', 'inclVat'],
      ['USD', 'plusTax'],
      ['AUD', 'inclGst'],
      ['NZD', 'inclGst'],
      ['CAD', 'plusTax'],
    ]);
  });

  it("matches every market of the currency: its price display and its tax's name", () => {
    for (const code of CURRENCY_CODES) {
      const markets = MARKETS_OF[code].map((id) => DEFAULT_TAX_TABLE.markets[id]!);
      expect(markets.length).toBeGreaterThan(0);
      for (const market of markets) {
        expect(market.display, `${code} ${market.id}`).toBe(shownPriceDisplay(code));
        if (market.display === 'inclusive') expect(market.components.map((c) => c.tax), market.id).toEqual([CURRENCY_TAX_NOTE[code] === 'inclVat' ? 'VAT' : 'GST']);
      }
    }
  });
});
