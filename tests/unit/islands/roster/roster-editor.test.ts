import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCOUNT_TIERS } from '../../../../src/domain/pricing.ts';
import type { RosterQuote } from '../../../../src/domain/api/rosters.ts';
import { ROSTER_MAX_ROWS, type SavedRoster } from '../../../../src/domain/roster.model.ts';
import {
  checkAgainst,
  displayPrice,
  fromSaved,
  initialRoster,
  keepOffered,
  pasteText,
  quoteKey,
  quoteRefusal,
  rosterToOpen,
  rowPreview,
  savedNamed,
  shownPrice,
  withExtra,
} from '../../../../src/islands/roster/roster-editor.ts';
import { savedRosterHref } from '../../../../src/islands/cart/links.ts';
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

  it('chooses and drops team-wide patches and add-ons, ids ascending without repeats, and the price follows', () => {
    const start = pasteText(initialRoster(product.id), 'A,1,M', product).roster;
    const chosen = withExtra(withExtra(withExtra(start, 'patch', 9, true), 'patch', 1, true), 'patch', 9, true);
    expect(chosen.patchIds).toEqual([1, 9]);
    expect(withExtra(chosen, 'addon', 4, true).addonIds).toEqual([4]);
    expect(withExtra(chosen, 'patch', 9, false).patchIds).toEqual([1]);
    const offered = { patches, addons: [] };
    const before = displayPrice(start, product, offered, 'EUR', undefined, DEFAULT_DISCOUNT_TIERS);
    const after = displayPrice(withExtra(start, 'patch', 1, true), product, offered, 'EUR', undefined, DEFAULT_DISCOUNT_TIERS);
    expect(after.totals.total - before.totals.total).toBe(300);
  });

  it('drops the extras this product does not offer (a roster saved for another shirt), and keeps the roster as it is otherwise', () => {
    const roster = { ...initialRoster(product.id), patchIds: [1, 2], addonIds: [5] };
    expect(keepOffered(roster, { patches: [{ id: 1 }], addons: [] })).toMatchObject({ patchIds: [1], addonIds: [] });
    const fine = { ...roster, patchIds: [1], addonIds: [] };
    expect(keepOffered(fine, { patches: [{ id: 1 }], addons: [] })).toBe(fine);
  });

  it("previews a row's shirt: its name upper-cased as typed, the team's one name, or its squad player's", () => {
    const { roster } = pasteText(initialRoster(product.id), 'Name,Number,Size,Player\nsmith,4,M,\n,,S,Kane', product);
    expect(rowPreview(roster, 0, product.squad)).toEqual({ name: 'SMITH', number: '4' });
    expect(rowPreview(roster, 1, product.squad)).toEqual({ name: 'KANE', number: '9' });
    expect(rowPreview({ ...roster, sameName: 'vets' }, 0, product.squad)).toEqual({ name: 'VETS', number: '4' });
    expect(rowPreview(roster, 5, product.squad)).toEqual({ name: '', number: '' });
  });

  it("shows the server's quote only for the roster and currency it answered", () => {
    const { roster } = pasteText(initialRoster(product.id), 'A,1,M\nB,2,M', product);
    const estimate = displayPrice(roster, product, { patches, addons: [] }, 'EUR', undefined, DEFAULT_DISCOUNT_TIERS);
    const answer: RosterQuote = {
      rows: estimate.rows.map((r) => ({ ...r, unitPrice: 9999, lineTotal: 9999 })),
      totals: { ...estimate.totals, total: 19998 },
      demand: [],
      duplicates: [],
    };
    const key = quoteKey(roster, 'EUR');
    expect(shownPrice(estimate, { key, answer }, key)).toEqual({ price: { rows: answer.rows, totals: answer.totals }, confirmed: true });
    const typedOn = { ...roster, rows: roster.rows.map((r, i) => (i === 0 ? { ...r, name: 'AB' } : r)) };
    expect(shownPrice(estimate, { key, answer }, quoteKey(typedOn, 'EUR'))).toEqual({ price: estimate, confirmed: false });
    expect(shownPrice(estimate, { key, answer }, quoteKey(roster, 'USD')).confirmed).toBe(false);
    expect(shownPrice(estimate, null, key).confirmed).toBe(false);
  });

  it("puts the server's refusal where the editor shows it: a short size, the refused cells, the rest as a whole", () => {
    expect(quoteRefusal('1410', 'The roster asks for 6 in size M: only 5 left', { productId: 7, size: 'M', available: 5, demand: 6 })).toEqual({
      rows: {},
      short: { size: 'M', message: 'The roster asks for 6 in size M: only 5 left' },
      whole: [],
    });
    const cells = quoteRefusal('1001', 'Invalid', {
      issues: [
        { path: 'body.roster.rows.2.player', message: 'Row 3: not in the squad' },
        { path: 'body.roster.rows.2.size', message: 'Row 3: size XS not offered' },
        { path: 'body.roster.duplicatesConfirmed', message: 'Number 7 is on more than one row' },
      ],
    });
    expect(cells).toEqual({ rows: { 2: { player: 'Row 3: not in the squad', size: 'Row 3: size XS not offered' } }, short: null, whole: ['Number 7 is on more than one row'] });
    expect(quoteRefusal('1001', 'That patch does not fit this shirt', null)).toEqual({ rows: {}, short: null, whole: ['That patch does not fit this shirt'] });
    expect(quoteRefusal('NETWORK', 'Could not reach the server', undefined).whole).toEqual(['Could not reach the server']);
  });

  it('finds the saved roster of a team name in any case, and opens a saved roster on this product', () => {
    const saved: SavedRoster = {
      id: 12,
      name: 'Harbour Vets',
      productId: 99,
      roster: { ...initialRoster(99), teamName: 'Harbour Vets', patchIds: [1], rows: [{ name: 'LEE', number: '5', size: 'M', playerId: null, quantity: 2 }] },
      rows: 1,
      shirts: 2,
      updatedAt: '2026-11-29T12:00:00.000Z',
    };
    expect(savedNamed([saved], '  harbour VETS ')).toBe(saved);
    expect(savedNamed([saved], 'Harbour')).toBeUndefined();
    expect(savedNamed([saved], '')).toBeUndefined();
    const opened = fromSaved(saved, product.id);
    expect(opened).toMatchObject({ productId: product.id, teamName: 'Harbour Vets', patchIds: [1], rows: [{ name: 'LEE', number: '5', size: 'M', quantity: 2 }] });
    expect(fromSaved({ ...saved, roster: { ...saved.roster, rows: [] } }, product.id).rows).toHaveLength(1);
  });
});

describe("the editor's address", () => {
  it('opens a roster of the cart (?team=) or a saved roster (?roster=<id>), and nothing else', () => {
    expect(rosterToOpen('?team=4b1c&roster=12')).toEqual({ groupId: '4b1c', savedId: null });
    expect(rosterToOpen('?x=1&roster=12')).toEqual({ groupId: null, savedId: 12 });
    for (const search of ['', '?steam=1&rosters=2', '?roster=', '?roster=abc', '?roster=-3', '?roster=1.5']) expect(rosterToOpen(search)).toBeNull();
    expect(savedRosterHref('zh-CN', 31, 12)).toMatch(/\/zh-CN\/product\/31\/\?roster=12$/);
  });
});
