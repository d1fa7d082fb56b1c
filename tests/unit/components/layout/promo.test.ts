import { describe, expect, it } from 'vitest';
import { splitAround } from '../../../../src/components/layout/promo.ts';
import { promoPhrases } from '../../../../src/i18n/promo-phrases.ts';
import { getT } from '../../../../src/i18n/index.ts';

describe('promoPhrases', () => {
  const en = getT('en-US');
  const zh = getT('zh-CN');

  it('renders every tier from the table, lowest first, the last as "or more"', () => {
    const tiers = [
      { minItems: 5, percent: 20 },
      { minItems: 3, percent: 10 },
    ];
    expect(promoPhrases(tiers, en)).toEqual(['Buy 3 items, save 10%', 'Buy 5 or more, save 20%']);
    expect(promoPhrases(tiers, zh)).toEqual(['买 3 件，省 10%', '买 5 件及以上，省 20%']);
  });

  it('follows a different table (nothing is hard-coded)', () => {
    expect(promoPhrases([{ minItems: 5, percent: 5 }, { minItems: 10, percent: 10 }, { minItems: 2, percent: 0 }], en)).toEqual([
      'Buy 5 items, save 5%',
      'Buy 10 or more, save 10%',
    ]);
    expect(promoPhrases([{ minItems: 4, percent: 15 }], en)).toEqual(['Buy 4 or more, save 15%']);
    expect(promoPhrases([], en)).toEqual([]);
  });
});

describe('splitAround', () => {
  it('cuts a sentence around its placeholder, whatever the word order', () => {
    expect(splitAround('Free shipping on orders over \u0000', '\u0000')).toEqual(['Free shipping on orders over ', '']);
    expect(splitAround('订单满 \u0000 免运费', '\u0000')).toEqual(['订单满 ', ' 免运费']);
    expect(splitAround('no marker', '\u0000')).toEqual(['no marker', '']);
  });
});
