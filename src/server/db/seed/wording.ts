/**
 * The words of the demo catalogue: colour and pattern phrases, editions, product details, FAQs
 * and review texts, in both locales. generate.ts puts them on the rows.
 */
import type { FaqEntry } from '../../../domain/catalogue.schema.ts';
import type { Localised } from '../../../domain/locale.ts';
import type { ShirtPattern } from '../../media/shirt-svg.ts';
import { AUTHOR_NAMES, L, PALETTE, type ColourName, type GroupSource, type KindSource, type SportSource, type TeamSource } from './catalogue-source.ts';
import { int, pick, type Rng } from './random.ts';
import { DAY_MS } from '../../clock.ts';
import { CATALOGUE_EPOCH, type CommentRow } from './rows.ts';

export interface TeamContext {
  index: number;
  sport: SportSource;
  group: GroupSource;
  team: TeamSource;
  hex: string[];
  /** The kinds this team sells, in the sport's order. */
  kinds: KindSource[];
}

export interface ProductSpec {
  ctx: TeamContext;
  kind: KindSource;
  /** First year of the season (or the year a retro shirt copies). */
  year: number;
  edition: Edition | null;
  /** Repeats of the same team/kind/edition/season in very large catalogues. */
  archive: number;
  synthetic: boolean;
}

export const HEX_TO_COLOUR = new Map<string, ColourName>(Object.entries(PALETTE).map(([name, c]) => [c.hex, name as ColourName]));

export function joinList(items: string[], and: string, comma: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(comma)}${and}${items[items.length - 1]}`;
}

export function colourPhrase(hexes: string[]): Localised {
  const names = [...new Set(hexes)].map((hex) => PALETTE[HEX_TO_COLOUR.get(hex) ?? 'white'].name);
  return L(joinList(names.map((n) => n['en-US']), ' and ', ', '), joinList(names.map((n) => n['zh-CN']), '与', '、'));
}

export const PATTERN_PHRASES: Record<ShirtPattern, Localised> = {
  plain: L('a clean solid body', '简洁纯色设计'),
  stripes: L('classic vertical stripes', '经典竖条纹'),
  pinstripes: L('fine pinstripes', '细条纹'),
  hoops: L('bold horizontal hoops', '醒目横条纹'),
  halves: L('a split halves design', '左右双色拼接'),
  quarters: L('a quartered design', '四格拼色'),
  sash: L('a diagonal sash', '斜饰带'),
  chevron: L('a chest chevron', '胸前 V 形饰带'),
  band: L('a chest band', '胸前横饰带'),
  sleeves: L('contrast sleeves', '撞色袖'),
  fade: L('a gradient fade', '渐变配色'),
};

export interface Edition {
  key: 'player' | 'long' | 'womens' | 'kids';
  label: Localised;
  priceDelta: number;
  line: Localised;
}

export const EDITIONS: Edition[] = [
  { key: 'player', label: L('Player Version', '球员版'), priceDelta: 4500, line: L('Player Version: the slim, lightweight cut the squad wears in matches.', '球员版：与球员比赛所穿相同的修身轻量版型。') },
  { key: 'long', label: L('Long Sleeve', '长袖'), priceDelta: 500, line: L('With long sleeves for cooler days.', '长袖设计，适合较凉的天气。') },
  { key: 'womens', label: L("Women's Fit", '女款'), priceDelta: 0, line: L("Cut for a women's fit with a shaped waist.", '女款版型，收腰设计。') },
  { key: 'kids', label: L('Kids', '儿童款'), priceDelta: -2500, line: L('Sized for young fans.', '为小球迷量身打造。') },
];

export function faqFor(spec: ProductSpec, printable: boolean, r: Rng): { en: FaqEntry[]; zh: FaqEntry[] } {
  const fit = spec.edition?.key === 'player' ? L('It is a slim athletic cut: size up if you prefer a looser fit.', '此款为修身运动版型，喜欢宽松可选大一码。')
    : spec.edition?.key === 'kids' ? L('Kids sizes run from XS (about 6-7 years) to L (about 13-14 years); see the size guide for measurements.', '儿童尺码从 XS（约 6-7 岁）到 L（约 13-14 岁），具体尺寸请参阅尺码表。')
    : L('It fits true to size; compare the size guide with a shirt you already own.', '尺码标准，可将尺码表与您现有的衣服对比选择。');
  const entries: [Localised, Localised][] = [];
  if (printable) {
    entries.push([
      L('Can I add a name and number?', '可以添加姓名和号码吗？'),
      L(
        'Yes: choose a player from the squad list or add your own name (1-15 letters A-Z) and number (0-99). Personalised items ship 1-2 business days later.',
        '可以：从球员名单中选择球员，或添加您自己的姓名（1-15 个字母 A-Z）和号码（0-99）。个性化商品会延后 1-2 个工作日发货。',
      ),
    ]);
  } else {
    entries.push([L('Can this item be personalised?', '此商品可以个性化印制吗？'), L('No, it is sold without name and number printing.', '不可以，此商品不提供姓名和号码印制。')]);
  }
  entries.push([L('How does it fit?', '尺码合身吗？'), fit]);
  if (printable && r() < 0.7) {
    entries.push([
      L('Can I return a personalised item?', '个性化商品可以退货吗？'),
      L('Personalised items cannot be returned or cancelled once ordered, so please check the spelling before paying.', '个性化商品一经下单不可退货或取消，请在付款前仔细核对拼写。'),
    ]);
  }
  if (r() < 0.5) {
    entries.push([L('How should I wash it?', '应该如何洗涤？'), L('Wash cold inside out and dry flat; do not iron over printing.', '请反面冷水洗涤并平铺晾干，勿熨烫印花处。')]);
  }
  return {
    en: entries.map(([q, a]) => ({ question: q['en-US'], answer: a['en-US'] })),
    zh: entries.map(([q, a]) => ({ question: q['zh-CN'], answer: a['zh-CN'] })),
  };
}

export const COMMENTS = {
  good: {
    en: [
      'Great quality, the colours are even better in person.',
      'Fits perfectly and the printing looks sharp.',
      'Arrived quickly and well packed. Very happy.',
      'Bought it as a gift and it went down a treat.',
      'Light and comfortable, wore it to the match on Saturday.',
      'The name and number came out exactly as I typed them.',
      'Second shirt from this shop, same great quality.',
      'Lovely fabric, washes well without fading.',
      'True to size and the stitching is neat.',
      'My son has not taken it off since it arrived!',
    ],
    zh: ['质量很好，颜色比图片还漂亮。', '尺码合适，印字很清晰。', '发货很快，包装也很仔细。', '面料轻薄透气，看球穿很舒服。', '送给朋友的礼物，他非常喜欢。', '已经是第二次购买了，品质一如既往。'],
  },
  mixed: {
    en: ['Nice shirt but runs a little small, size up.', 'Good overall, delivery took a few days longer than expected.', 'Decent quality for the price.'],
    zh: ['整体不错，就是尺码偏小一点。', '质量还可以，物流稍慢。'],
  },
  poor: {
    en: ['The colour was darker than in the photos.', 'Too tight across the chest for me, had to exchange it.'],
    zh: ['颜色比照片暗一些。', '胸围偏紧，不太合身。'],
  },
};

export function commentsFor(spec: ProductSpec, createdAt: Date, r: Rng): CommentRow[] {
  const count = spec.synthetic ? (r() < 0.6 ? 0 : int(r, 1, 2)) : int(r, 0, 6);
  const rows: CommentRow[] = [];
  const span = Math.max(DAY_MS, CATALOGUE_EPOCH.getTime() - createdAt.getTime());
  for (let i = 0; i < count; i++) {
    const roll = r();
    const rating = roll < 0.04 ? 1 : roll < 0.09 ? 2 : roll < 0.2 ? 3 : roll < 0.5 ? 4 : 5;
    const pool = rating >= 4 ? COMMENTS.good : rating === 3 ? COMMENTS.mixed : COMMENTS.poor;
    const chinese = r() < 0.25;
    rows.push({
      authorName: pick(r, chinese ? AUTHOR_NAMES.zh : AUTHOR_NAMES.en),
      rating,
      content: pick(r, chinese ? pool.zh : pool.en),
      createdAt: new Date(createdAt.getTime() + Math.floor(r() * span / 1000) * 1000),
    });
  }
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export function details(spec: ProductSpec, printable: boolean): Localised[] {
  const sport = spec.ctx.sport.tag;
  const material =
    spec.kind.key === 'retro' ? L('Material: heavyweight cotton-feel piqué', '面料：厚实棉感珠地网眼布')
    : spec.kind.key === 'polo' ? L('Material: 95% cotton, 5% elastane piqué', '面料：95% 棉、5% 弹性纤维珠地布')
    : sport === 'rugby' ? L('Material: 88% polyester, 12% elastane with a reinforced collar', '面料：88% 聚酯纤维、12% 弹性纤维，加固领口')
    : L('Material: 100% recycled polyester with a breathable mesh back panel', '面料：100% 再生聚酯纤维，背部透气网眼');
  const fit =
    spec.edition?.key === 'player' ? L('Fit: slim athletic fit; size up for a looser feel', '版型：修身运动版型，喜欢宽松可选大一码')
    : spec.edition?.key === 'womens' ? L("Fit: women's fit with a shaped waist", '版型：女款收腰设计')
    : spec.edition?.key === 'kids' ? L("Fit: kids' sizing, see the size guide", '版型：儿童尺码，请参阅尺码表')
    : L('Fit: regular fit, true to size', '版型：常规版型，按平时尺码选购');
  return [
    material,
    fit,
    L('Care: machine wash cold inside out; do not tumble dry or iron over printing', '洗护：反面冷水机洗，请勿烘干，勿熨烫印花处'),
    printable
      ? L('Printing: any name (1-15 letters) and number (0-99), heat-pressed in our workshop', '印制：可印任意姓名（1-15 个字母）和号码（0-99），由我们的工坊热压印制')
      : L('Printing: this item cannot be personalised', '印制：此商品不支持个性化印制'),
  ];
}
