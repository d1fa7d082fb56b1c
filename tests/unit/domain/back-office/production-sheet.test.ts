import { describe, expect, it } from 'vitest';
import { teamSheets, type SheetShirt } from '../../../../src/domain/back-office/production-sheet.model.ts';

const eagles = { id: 'g-1', name: 'Eagles' };
function shirt(id: number, size: string, name: string | null, number: string | null, overrides: Partial<SheetShirt> = {}): SheetShirt {
  return {
    orderItemId: id,
    team: 'Harbour City',
    product: 'Home shirt',
    size,
    quantity: 1,
    print: name === null && number === null ? null : { kind: 'custom', name, number, premiumName: 'Standard', premiumNumber: 'Standard' },
    patches: [],
    group: eagles,
    ...overrides,
  };
}

describe('teamSheets', () => {
  it('gives one row per shirt sorted by size then number, and the summary per size and lettering', () => {
    const shirts = [
      shirt(1, 'XL', 'KANE', '9'),
      shirt(2, 'M', 'SAKA', '10', { quantity: 2 }),
      shirt(3, 'M', 'RICE', '4', { print: { kind: 'custom', name: 'RICE', number: '4', premiumName: 'Gold', premiumNumber: 'Standard' } }),
      shirt(4, 'S', 'LOOSE', '1', { group: null }),
      shirt(5, '2XL', 'PICK', '1'),
    ];
    const [team, ...others] = teamSheets(shirts);
    expect(others).toEqual([]);
    expect(team!.name).toBe('Eagles');
    expect(team!.rows.map((r) => [r.size, r.print?.number, r.quantity])).toEqual([
      ['M', '4', 1],
      ['M', '10', 1],
      ['M', '10', 1],
      ['XL', '9', 1],
      ['2XL', '1', 1],
    ]);
    expect(team!.sizes).toEqual([
      { size: 'M', count: 3 },
      { size: 'XL', count: 1 },
      { size: '2XL', count: 1 },
    ]);
    expect(team!.lettering).toEqual([
      { key: 'premiumName', option: 'Gold', count: 1 },
      { key: 'premiumNumber', option: 'Standard', count: 5 },
      { key: 'premiumName', option: 'Standard', count: 4 },
    ]);
  });

  it('has nothing for an order without a roster', () => {
    expect(teamSheets([shirt(1, 'M', 'A', '1', { group: null })])).toEqual([]);
  });
});
