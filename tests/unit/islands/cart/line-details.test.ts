/** A line's details on the storefront (src/islands/cart/cart-parts.ts): size and the print's rows as the cart words them. */
import { describe, expect, it } from 'vitest';
import type { CartLineRecord } from '../../../../src/domain/cart.model.ts';
import { createTranslate } from '../../../../src/i18n/core.ts';
import enCart from '../../../../src/i18n/locales/en-US/cart.json' with { type: 'json' };
import enPrint from '../../../../src/i18n/locales/en-US/print.json' with { type: 'json' };
import { lineDetailRows } from '../../../../src/islands/cart/cart-parts.ts';

const t = createTranslate('en-US', { cart: enCart, print: enPrint });

const line = (change: Partial<CartLineRecord>): Parameters<typeof lineDetailRows>[0] => ({
  size: 'M',
  customType: 3,
  customName: 'SMITH',
  customNumber: '7',
  premiumNameOption: 'Standard',
  premiumNumberOption: 'Standard',
  patches: [],
  addonItems: [],
  player: null,
  ...change,
});

describe('a line’s details', () => {
  it('shows size, print type, name and number, premium lettering chosen, patches and add-ons', () => {
    const rows = lineDetailRows(
      line({ premiumNumberOption: 'Gold', patches: [{ id: 1, patchName: 'Champions', patchPrice: 500 }, { id: 2, patchName: 'Fair play', patchPrice: 300 }], addonItems: [{ id: 9, name: 'Socks', price: 1299 }] }),
      t,
    );
    expect(rows).toEqual([
      ['size', 'cart.line.size', 'M'],
      ['type', 'cart.line.customType', enCart.customType['3']],
      ['print', 'cart.line.nameNumber', 'SMITH 7'],
      ['premium', 'cart.line.premium', `number ${enCart.premium.Gold}`],
      ['patches', 'cart.line.patches', 'Champions, Fair play'],
      ['addons', 'cart.line.addons', 'Socks'],
    ]);
  });

  it('shows the chosen player rather than the printed name, and no lettering row when all is standard', () => {
    const rows = lineDetailRows(line({ customType: 2, customName: 'LANGWORTH', customNumber: '23', player: { id: 42, name: 'LANGWORTH', number: '23' } }), t);
    expect(rows.map(([key]) => key)).toEqual(['size', 'type', 'player']);
    expect(rows[2]![2]).toBe('LANGWORTH #23');
  });
});
