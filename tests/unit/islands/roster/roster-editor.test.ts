import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCOUNT_TIERS } from '../../../../src/domain/pricing.ts';
import { ROSTER_MAX_ROWS } from '../../../../src/domain/roster.model.ts';
import { checkAgainst, displayPrice, initialRoster, pasteText } from '../../../../src/islands/roster/roster-editor.ts';
import type { ConfigurableProduct } from '../../../../src/islands/product/configuration.ts';

const product: ConfigurableProduct = {
  id: 7,
  price: 4000,
  customisationFee: 1000,
  printable: true,
  sizes: [
    { size: 'S', stock: 4 },
    { size: 'M', stock: 10 },
  ],
  squad: [{ id: 3, name: 'KANE', number: '9' }],
};
const patches = [{ id: 1, patchName: 'League', patchPrice: 300, image: '' }];

describe('the roster editor', () => {
  it('starts with one blank row and replaces it with pasted rows', () => {
    const start = initialRoster(product.id);
    expect(start.rows).toHaveLength(1);
    const { roster, problem, unknownPlayers } = pasteText(start, 'Name\tNumber\tSize\tPlayer\nsmith\t4\tm\t\n\t\ts\tKane\nlee\t5\tS\tNobody\n', product);
    expect(problem).toBeNull();
    expect(roster.rows.map((r) => [r.name, r.number, r.size, r.playerId])).toEqual([
      ['smith', '4', 'M', null],
      ['', '', 'S', 3],
      ['lee', '5', 'S', null],
    ]);
    expect(unknownPlayers).toEqual([{ row: 2, text: 'Nobody' }]);
  });

  it('takes nothing when the paste would pass the most rows a roster holds', () => {
    const lines = Array.from({ length: ROSTER_MAX_ROWS }, (_, i) => `A,${i % 100},M`).join('\n');
    const full = pasteText(initialRoster(product.id), lines, product).roster;
    const over = pasteText(full, 'B,1,M', product);
    expect(over.problem).toEqual({ key: 'tooManyRows', max: ROSTER_MAX_ROWS });
    expect(over.roster).toBe(full);
  });

  it("checks rows against the page's live stock for the whole roster", () => {
    const { roster } = pasteText(initialRoster(product.id), 'A,1,S,3\nB,2,S,2\nC,3,M,1', product);
    const check = checkAgainst(roster, product);
    expect(check.shortages).toEqual([{ size: 'S', demand: 5, stock: 4 }]);
    expect(check.rows.map((r) => r.size)).toEqual(['sizeShort', 'sizeShort', undefined]);
  });

  it("shows the price with the team's patches and the tier of the total quantity", () => {
    const { roster } = pasteText({ ...initialRoster(product.id), patchIds: [1] }, 'A,1,M,2\nB,2,M,3', product);
    const price = displayPrice(roster, product, { patches, addons: [] }, 'EUR', undefined, DEFAULT_DISCOUNT_TIERS);
    expect(price.rows.map((r) => r.unitPrice)).toEqual([5300, 5300]);
    expect(price.totals).toMatchObject({ itemCount: 5, subtotal: 26500, discountPercent: 20, total: 21200 });
  });
});
