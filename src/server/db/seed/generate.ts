/**
 * Turns the hand-written catalogue source into plain rows for the schema's tables. Everything is
 * drawn from seeded generators keyed by what is being made (a team, a product index), so every
 * run gives the same catalogue and any product can be built on its own: large catalogues are
 * streamed product by product instead of held in memory.
 */
import { SIZES, type FaqEntry, type Size, type SizeGuideRow } from '../../../domain/catalogue.ts';
import type { Localised } from '../../../domain/locale.ts';
import {
  formatShirtDesign,
  patchImageUrl,
  shirtImageUrl,
  shortsImageUrl,
  socksImageUrl,
  type ShirtCut,
  type ShirtPattern,
} from '../../media/shirt-svg.ts';
import type { ZhText } from '../schema.ts';
import {
  AUTHOR_NAMES,
  L,
  NAME_POOLS,
  PALETTE,
  SPORTS,
  type ColourName,
  type GroupSource,
  type KindSource,
  type NamePool,
  type PatchSource,
  type SportSource,
  type TeamSource,
} from './catalogue-source.ts';
import { mulberry32, type Rng } from './random.ts';

/** "Now" for the demo data: creation dates are spread over the months before it. */
export const CATALOGUE_EPOCH = new Date('2026-11-01T00:00:00Z');
/** The current season's first year; seasons are labelled 2026/27 (or 2026 where a season is a year). */
export const CURRENT_SEASON = 2026;
const SEED = 0x5eed_2026;
const DAY_MS = 86_400_000;

// ---- row shapes -------------------------------------------------------------------------------

export interface NavRow {
  tag: string;
  tagName: Localised;
  icon: string;
  parentTag: string | null;
  level: 1 | 2 | 3;
  sort: number;
}

export interface TeamRow {
  tag: string;
  name: Localised;
  sport: string;
  leagueTag: string;
  /** CSS colours, "#rrggbb". */
  colours: string[];
}

export interface PatchRow {
  patchName: Localised;
  patchPrice: number;
  image: string;
  fitsTags: string[];
}

export interface AddonRow {
  teamTag: string;
  kind: 'shorts' | 'socks';
  name: Localised;
  price: number;
  image: string;
}

export interface SquadRow {
  teamTag: string;
  name: string;
  number: string;
}

export interface ProductRow {
  title: string;
  description: string;
  details: string[];
  zh: ZhText;
  price: number;
  compareAtPrice: number | null;
  images: string[];
  tags: string[];
  sport: string;
  teamTag: string;
  printable: boolean;
  customisationFee: number;
  sizeGuide: SizeGuideRow[];
  faq: FaqEntry[];
  rank: number;
  createdAt: Date;
}

export interface SizeRow {
  size: Size;
  stock: number;
  sort: number;
}

export interface CommentRow {
  authorName: string;
  rating: number;
  content: string;
  createdAt: Date;
}

export interface ProductBundle {
  product: ProductRow;
  sizes: SizeRow[];
  comments: CommentRow[];
}

export interface Catalogue {
  navItems: NavRow[];
  teams: TeamRow[];
  patches: PatchRow[];
  addons: AddonRow[];
  squadPlayers: SquadRow[];
  /** Hand-made products (the rest, if any, are synthetic editions and seasons). */
  demoProductCount: number;
  productCount: number;
  /** Every product in order; each call starts again from the first. */
  products(): Generator<ProductBundle>;
  /** One product by its position, 0 <= index < productCount. */
  productAt(index: number): ProductBundle;
}

// ---- seeded randomness --------------------------------------------------------------------------

/** A generator of its own for each key, so one product's draws never shift another's. */
function rngFor(...key: (string | number)[]): Rng {
  let h = 0x811c9dc5 ^ SEED;
  for (const ch of key.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return mulberry32(h);
}

const int = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

// ---- wording -------------------------------------------------------------------------------------

const HEX_TO_COLOUR = new Map<string, ColourName>(Object.entries(PALETTE).map(([name, c]) => [c.hex, name as ColourName]));

function joinList(items: string[], and: string, comma: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(comma)}${and}${items[items.length - 1]}`;
}

function colourPhrase(hexes: string[]): Localised {
  const names = [...new Set(hexes)].map((hex) => PALETTE[HEX_TO_COLOUR.get(hex) ?? 'white'].name);
  return L(joinList(names.map((n) => n['en-US']), ' and ', ', '), joinList(names.map((n) => n['zh-CN']), '与', '、'));
}

const PATTERN_PHRASES: Record<ShirtPattern, Localised> = {
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

interface Edition {
  key: 'player' | 'long' | 'womens' | 'kids';
  label: Localised;
  priceDelta: number;
  line: Localised;
}

const EDITIONS: Edition[] = [
  { key: 'player', label: L('Player Version', '球员版'), priceDelta: 4500, line: L('Player Version: the slim, lightweight cut the squad wears in matches.', '球员版：与球员比赛所穿相同的修身轻量版型。') },
  { key: 'long', label: L('Long Sleeve', '长袖'), priceDelta: 500, line: L('With long sleeves for cooler days.', '长袖设计，适合较凉的天气。') },
  { key: 'womens', label: L("Women's Fit", '女款'), priceDelta: 0, line: L("Cut for a women's fit with a shaped waist.", '女款版型，收腰设计。') },
  { key: 'kids', label: L('Kids', '儿童款'), priceDelta: -2500, line: L('Sized for young fans.', '为小球迷量身打造。') },
];

// ---- teams, squads, patches, add-ons -----------------------------------------------------------

interface TeamContext {
  index: number;
  sport: SportSource;
  group: GroupSource;
  team: TeamSource;
  hex: string[];
  /** The kinds this team sells, in the sport's order. */
  kinds: KindSource[];
}

/** Upper-cased A-Z only, as the printer takes it; null when that leaves nothing usable. */
export function toPrintedName(surname: string): string | null {
  const printed = surname
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s'-]/g, '')
    .toUpperCase();
  return /^[A-Z]{1,15}$/.test(printed) ? printed : null;
}

function surname(r: Rng, pools: NamePool[]): string {
  // The team's own region dominates; other listed pools add a few signings from abroad.
  const pool = NAME_POOLS[pools.length > 1 && r() < 0.3 ? pick(r, pools.slice(1)) : (pools[0] as NamePool)];
  return pick(r, pool.stems.split(' ')) + pick(r, pool.endings.split(' '));
}

function squadFor(ctx: TeamContext): SquadRow[] {
  const r = rngFor('squad', ctx.team.tag);
  const { sport, team } = ctx;
  const size = int(r, sport.squadSize[0], sport.squadSize[1]);
  const [low, high] = sport.numbers;
  const numbers: number[] = [];
  if (high - low + 1 <= size) {
    for (let n = low; n <= high && numbers.length < size; n++) numbers.push(n);
  } else {
    const used = new Set<number>();
    // Keepers wear 1 in football; otherwise most numbers are low, with a few favourites above 30.
    if (sport.tag === 'football') used.add(1);
    while (used.size < size) used.add(r() < 0.8 ? int(r, low, Math.min(high, low + 29)) : int(r, low, high));
    numbers.push(...[...used].sort((a, b) => a - b));
  }
  const names = new Set<string>();
  const rows: SquadRow[] = [];
  for (const number of numbers) {
    let name: string | null = null;
    for (let attempt = 0; attempt < 50 && (name === null || names.has(name)); attempt++) name = toPrintedName(surname(r, team.squad));
    if (name === null || names.has(name)) throw new Error(`could not name a player for ${team.tag}`);
    names.add(name);
    rows.push({ teamTag: team.tag, name, number: String(number) });
  }
  return rows;
}

function patchRow(source: PatchSource, fitsTag: string): PatchRow {
  return { patchName: source.name, patchPrice: source.price, image: patchImageUrl(source.shape, PALETTE[source.colour].hex), fitsTags: [fitsTag] };
}

function patchesFor(sport: SportSource): PatchRow[] {
  const rows = [patchRow(sport.sportPatch, sport.tag)];
  for (const group of sport.groups) {
    const name = group.name;
    rows.push(
      patchRow({ name: L(`${name['en-US']} Sleeve Badge`, `${name['zh-CN']}臂章`), shape: group.national ? 'roundel' : 'shield', colour: group.colour, price: 400 }, group.tag),
      patchRow({ name: L(`${name['en-US']} Champions Badge`, `${name['zh-CN']}冠军徽章`), shape: 'trophy', colour: 'gold', price: 500 }, group.tag),
      ...(group.extraPatches ?? []).map((extra) => patchRow(extra, group.tag)),
    );
  }
  return rows;
}

function addonsFor(ctx: TeamContext): AddonRow[] {
  const prices = ctx.sport.addons;
  if (!prices) return [];
  const [c0 = '', c1 = ''] = ctx.hex;
  const name = ctx.team.name;
  return [
    { teamTag: ctx.team.tag, kind: 'shorts', name: L(`${name['en-US']} Shorts`, `${name['zh-CN']}球裤`), price: prices.shorts, image: shortsImageUrl(c0, c1) },
    { teamTag: ctx.team.tag, kind: 'socks', name: L(`${name['en-US']} Socks`, `${name['zh-CN']}球袜`), price: prices.socks, image: socksImageUrl(c0, c1) },
  ];
}

// ---- products ---------------------------------------------------------------------------------------

interface ProductSpec {
  ctx: TeamContext;
  kind: KindSource;
  /** First year of the season (or the year a retro shirt copies). */
  year: number;
  edition: Edition | null;
  /** Repeats of the same team/kind/edition/season in very large catalogues. */
  archive: number;
  synthetic: boolean;
}

const THIRD_COLOURS: ColourName[] = ['black', 'charcoal', 'lime', 'teal', 'pink', 'cream', 'purple', 'silver', 'navy'];
const KEEPER_COLOURS: ColourName[] = ['lime', 'pink', 'orange', 'yellow', 'charcoal', 'teal'];
const LIGHT = new Set(['ffffff', 'f3ead3', 'c0c4c8', 'ffd100', 'a4d233']);

function otherColour(r: Rng, choices: ColourName[], avoid: string[]): string {
  const free = choices.map((c) => PALETTE[c].hex).filter((hex) => !avoid.includes(hex));
  return pick(r, free.length > 0 ? free : ['111111']);
}

/** The shirt design (pattern and colours) for one product: home follows the team, the rest vary. */
function liveryFor(spec: ProductSpec, r: Rng): { pattern: ShirtPattern; colours: string[] } {
  const hex = spec.ctx.hex;
  const [c0 = '', c1 = '', c2] = hex;
  const teamPattern = spec.ctx.team.pattern;
  // Older seasons sometimes wore something else, so the archive is not one picture repeated.
  const homePattern: ShirtPattern = spec.synthetic && r() < 0.4 ? pick(r, ['plain', 'stripes', 'hoops', 'sash', 'band', 'sleeves', 'pinstripes'] as const) : teamPattern;
  switch (spec.kind.key) {
    case 'home':
      return { pattern: homePattern, colours: c2 ? [c0, c1, c2] : [c0, c1] };
    case 'retro':
      return { pattern: teamPattern === 'fade' ? 'plain' : teamPattern, colours: [c0, c1] };
    case 'away':
      return { pattern: pick(r, ['plain', 'band', 'sash', 'pinstripes', 'chevron'] as const), colours: c2 ? [c1, c0, c2] : [c1, c0] };
    case 'polo':
      return { pattern: 'plain', colours: [c0, c1] };
    case 'goalkeeper': {
      const base = otherColour(r, KEEPER_COLOURS, hex);
      return { pattern: pick(r, ['plain', 'fade', 'pinstripes'] as const), colours: [base, LIGHT.has(base) ? '111111' : 'ffffff'] };
    }
    case 'training': {
      const base = pick(r, [c0, PALETTE.charcoal.hex, PALETTE.navy.hex]);
      return { pattern: pick(r, ['fade', 'band', 'sleeves'] as const), colours: [base, base === c0 ? c1 : c0] };
    }
    case 'third':
    case 'alternate':
    case 'livery': {
      const base = otherColour(r, THIRD_COLOURS, hex);
      const accent = c0 === base ? c1 : c0;
      return { pattern: pick(r, ['plain', 'fade', 'pinstripes', 'chevron', 'halves'] as const), colours: [base, accent] };
    }
  }
}

function seasonLabel(sport: SportSource, year: number): string {
  return sport.seasons === 'year' ? String(year) : `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

const roundTo99 = (minor: number) => Math.max(99, Math.round(minor / 100) * 100 - 1);

function sizesFor(spec: ProductSpec): readonly Size[] {
  const sold = spec.ctx.sport.sizes;
  switch (spec.edition?.key) {
    case 'kids':
      return ['XS', 'S', 'M', 'L'];
    case 'womens':
      return sold.filter((s) => SIZES.indexOf(s) <= SIZES.indexOf('XL'));
    case 'player':
      return sold.filter((s) => SIZES.indexOf(s) >= SIZES.indexOf('S') && SIZES.indexOf(s) <= SIZES.indexOf('2XL'));
    default:
      return sold;
  }
}

/** Garment measurements in cm, by size position; editions cut smaller or slimmer. */
function sizeGuideFor(spec: ProductSpec, sizes: readonly Size[], cut: ShirtCut): SizeGuideRow[] {
  const kids = spec.edition?.key === 'kids';
  const chestOffset = spec.edition?.key === 'player' ? -2 : spec.edition?.key === 'womens' ? -6 : 0;
  const lengthOffset = (spec.edition?.key === 'womens' ? -4 : 0) + (cut === 'vest' ? 2 : 0);
  return sizes.map((size) => {
    const i = SIZES.indexOf(size);
    return kids
      ? { size, chestCm: 66 + i * 5, lengthCm: 50 + i * 4 }
      : { size, chestCm: 88 + i * 6 + chestOffset, lengthCm: 68 + i * 2 + lengthOffset };
  });
}

function stockFor(r: Rng): number {
  const roll = r();
  // A few sizes sold out and a few down to the last one, so the shop shows both states.
  if (roll < 0.07) return 0;
  if (roll < 0.11) return 1;
  return int(r, 2, 60);
}

function faqFor(spec: ProductSpec, printable: boolean, r: Rng): { en: FaqEntry[]; zh: FaqEntry[] } {
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

const COMMENTS = {
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

function commentsFor(spec: ProductSpec, createdAt: Date, r: Rng): CommentRow[] {
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

function details(spec: ProductSpec, printable: boolean): Localised[] {
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

function buildProduct(spec: ProductSpec, index: number): ProductBundle {
  const r = rngFor('product', index);
  const { ctx, kind, edition } = spec;
  const { sport, team, group } = ctx;
  const cut: ShirtCut = edition?.key === 'long' ? 'long' : (kind.cut ?? sport.cut);
  const livery = liveryFor(spec, r);
  const design = formatShirtDesign({ pattern: livery.pattern, colours: livery.colours, cut });

  const season = seasonLabel(sport, spec.year);
  const name = team.name;
  const extra = (edition ? [edition.label] : []).concat(spec.archive > 0 ? [L(`Archive ${spec.archive + 1}`, `典藏 ${spec.archive + 1}`)] : []);
  const suffix = (locale: 'en-US' | 'zh-CN') => extra.map((e) => ` ${e[locale]}`).join('');
  const title =
    kind.key === 'retro'
      ? `${name['en-US']} ${spec.year} ${kind.label['en-US']}${suffix('en-US')}`
      : `${name['en-US']} ${kind.label['en-US']} ${season}${suffix('en-US')}`;
  const titleZh =
    kind.key === 'retro'
      ? `${name['zh-CN']} ${spec.year} ${kind.label['zh-CN']}${suffix('zh-CN')}`
      : `${name['zh-CN']} ${season} ${kind.label['zh-CN']}${suffix('zh-CN')}`;

  const colours = colourPhrase(livery.colours);
  const pattern = PATTERN_PHRASES[livery.pattern];
  const label = kind.label;
  const opening =
    kind.key === 'retro'
      ? L(
          `A faithful remake of the ${name['en-US']} shirt from ${spec.year}, in ${colours['en-US']} with ${pattern['en-US']}.`,
          `${name['zh-CN']} ${spec.year} 年经典球衣的忠实复刻，${colours['zh-CN']}配色，${pattern['zh-CN']}。`,
        )
      : L(
          `The ${name['en-US']} ${label['en-US'].toLowerCase()} for ${season}, in ${colours['en-US']} with ${pattern['en-US']}.`,
          `${name['zh-CN']} ${season} ${label['zh-CN']}，${colours['zh-CN']}配色，${pattern['zh-CN']}。`,
        );
  const sentences = [opening, sport.line];
  if (group.national) sentences.push(L(`Made for cheering ${name['en-US']} on the international stage.`, `为${name['zh-CN']}在国际赛场加油助威。`));
  if (edition) sentences.push(edition.line);

  const printable = kind.printable;
  const sizes = sizesFor(spec);
  const sizeRows = sizes.map((size, sort) => ({ size, stock: stockFor(r), sort }));

  let price = kind.price + (edition?.priceDelta ?? 0);
  let compareAtPrice: number | null = null;
  const age = CURRENT_SEASON - spec.year;
  // Older seasons are mostly reduced; some current lines are on offer too.
  if ((spec.synthetic && age >= 2 && kind.key !== 'retro' && r() < 0.6) || r() < 0.18) {
    compareAtPrice = price;
    price = roundTo99(price * (0.65 + r() * 0.2));
  }
  const customisationFee = printable ? pick(r, edition?.key === 'kids' ? [0, 500] : [0, 0, 500, 750, 1000]) : 0;

  const rankBase = { home: 900, away: 760, third: 620, livery: 620, alternate: 600, polo: 500, retro: 420, goalkeeper: 360, training: 300 }[kind.key];
  const rank = spec.synthetic ? int(r, 0, 280) : rankBase + int(r, 0, 99);
  const daysAgo = spec.synthetic ? age * 120 + int(r, 0, 365) : kind.key === 'home' || kind.key === 'away' ? int(r, 20, 140) : int(r, 0, 240);
  const createdAt = new Date(CATALOGUE_EPOCH.getTime() - daysAgo * DAY_MS - int(r, 0, 86_399) * 1000);

  const detailLines = details(spec, printable);
  const faq = faqFor(spec, printable, r);
  const product: ProductRow = {
    title,
    description: sentences.map((s) => s['en-US']).join(' '),
    details: detailLines.map((d) => d['en-US']),
    zh: {
      title: titleZh,
      description: sentences.map((s) => s['zh-CN']).join(''),
      details: detailLines.map((d) => d['zh-CN']),
      faq: faq.zh,
    },
    price,
    compareAtPrice,
    images: [shirtImageUrl(design, 'front'), shirtImageUrl(design, 'back')],
    tags: [sport.tag, group.tag, team.tag],
    sport: sport.tag,
    teamTag: team.tag,
    printable,
    customisationFee,
    sizeGuide: sizeGuideFor(spec, sizes, cut),
    faq: faq.en,
    rank,
    createdAt,
  };
  return { product, sizes: sizeRows, comments: commentsFor(spec, createdAt, r) };
}

// ---- the catalogue --------------------------------------------------------------------------------

/** Seasons the synthetic archive reaches back over, and the editions it cycles through. */
const ARCHIVE_SEASONS = 30;
const ARCHIVE_EDITIONS: (Edition | null)[] = [null, ...EDITIONS];

function buildTeams(): TeamContext[] {
  const contexts: TeamContext[] = [];
  for (const sport of SPORTS) {
    for (const group of sport.groups) {
      for (const team of group.teams) {
        const r = rngFor('kinds', team.tag);
        const kinds = sport.kinds.filter((kind) => kind.share >= 1 || r() < kind.share);
        contexts.push({ index: contexts.length, sport, group, team, hex: team.colours.map((c) => PALETTE[c].hex), kinds });
      }
    }
  }
  return contexts;
}

function navRows(): NavRow[] {
  const rows: NavRow[] = [];
  SPORTS.forEach((sport, s) => {
    rows.push({ tag: sport.tag, tagName: sport.name, icon: sport.icon, parentTag: null, level: 1, sort: s * 10 });
    sport.groups.forEach((group, g) => {
      rows.push({ tag: group.tag, tagName: group.name, icon: group.icon, parentTag: sport.tag, level: 2, sort: g * 10 });
      group.teams.forEach((team, t) => {
        rows.push({ tag: team.tag, tagName: team.name, icon: group.national ? 'flag' : 'shirt', parentTag: group.tag, level: 3, sort: t * 10 });
      });
    });
  });
  return rows;
}

/** The year a team's demo retro shirt copies. */
const demoRetroYear = (ctx: TeamContext) => int(rngFor('retro', ctx.team.tag), 1972, 2004);

function demoSpecs(teams: TeamContext[]): ProductSpec[] {
  const specs: ProductSpec[] = [];
  for (const ctx of teams) {
    for (const kind of ctx.kinds) {
      const year = kind.key === 'retro' ? demoRetroYear(ctx) : CURRENT_SEASON;
      specs.push({ ctx, kind, year, edition: null, archive: 0, synthetic: false });
    }
  }
  return specs;
}

/**
 * The n-th synthetic product: teams take turns; for each team the editions, kinds and seasons
 * are counted through like digits, so no two synthetic products share a title. Standard editions
 * start a season back, because the current season's standard shirts are the demo products.
 */
function syntheticSpec(teams: TeamContext[], n: number): ProductSpec {
  const ctx = teams[n % teams.length] as TeamContext;
  let v = Math.floor(n / teams.length);
  const edition = ARCHIVE_EDITIONS[v % ARCHIVE_EDITIONS.length] ?? null;
  v = Math.floor(v / ARCHIVE_EDITIONS.length);
  const kinds = ctx.sport.kinds;
  const kind = kinds[v % kinds.length] as KindSource;
  v = Math.floor(v / kinds.length);
  const seasonIndex = v % ARCHIVE_SEASONS;
  const archive = Math.floor(v / ARCHIVE_SEASONS);
  let year = CURRENT_SEASON - seasonIndex - (edition === null ? 1 : 0);
  if (kind.key === 'retro') {
    // Retro shirts copy older years; the standard one steps over the demo retro shirt's year.
    year -= 20;
    if (edition === null && year <= demoRetroYear(ctx)) year -= 1;
  }
  return { ctx, kind, year, edition, archive, synthetic: true };
}

export interface GenerateOptions {
  /** Exact number of products; defaults to the demo catalogue's own count. */
  products?: number;
}

export function generateCatalogue(options: GenerateOptions = {}): Catalogue {
  const teams = buildTeams();
  const specs = demoSpecs(teams);
  const productCount = options.products ?? specs.length;
  if (!Number.isSafeInteger(productCount) || productCount < 0) throw new RangeError(`products must be a whole number >= 0, got ${options.products}`);

  const productAt = (index: number): ProductBundle => {
    if (!Number.isInteger(index) || index < 0 || index >= productCount) throw new RangeError(`no product at ${index}`);
    const spec = index < specs.length ? (specs[index] as ProductSpec) : syntheticSpec(teams, index - specs.length);
    return buildProduct(spec, index);
  };

  return {
    navItems: navRows(),
    teams: teams.map(({ sport, group, team, hex }) => ({
      tag: team.tag,
      name: team.name,
      sport: sport.tag,
      leagueTag: group.tag,
      colours: hex.map((h) => `#${h}`),
    })),
    patches: SPORTS.flatMap(patchesFor),
    addons: teams.flatMap(addonsFor),
    squadPlayers: teams.flatMap(squadFor),
    demoProductCount: specs.length,
    productCount,
    *products() {
      for (let i = 0; i < productCount; i++) yield productAt(i);
    },
    productAt,
  };
}
