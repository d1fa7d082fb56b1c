/**
 * Turns the hand-written catalogue source into plain rows for the schema's tables. Everything is
 * drawn from seeded generators keyed by what is being made (a team, a product index), so every
 * run gives the same catalogue and any product can be built on its own: large catalogues are
 * streamed product by product instead of held in memory.
 */
import { SIZES, type Size, type SizeGuideRow } from '../../../domain/catalogue.schema.ts';
import {
  formatShirtDesign,
  patchImageUrl,
  shirtImageUrl,
  shortsImageUrl,
  socksImageUrl,
  type ShirtCut,
  type ShirtPattern,
} from '../../media/shirt-svg.ts';
import {
  L,
  NAME_POOLS,
  PALETTE,
  SPORTS,
  type ColourName,
  type KindSource,
  type NamePool,
  type PatchSource,
  type SportSource,
} from './catalogue-source.ts';
import { int, pick, rngFor, type Rng } from './random.ts';
import { DAY_MS } from '../../clock.ts';
import { CATALOGUE_EPOCH, type NavRow, type PatchRow, type AddonRow, type SquadRow, type ProductRow, type ProductBundle, type Catalogue } from './rows.ts';
import { type TeamContext, type ProductSpec, colourPhrase, PATTERN_PHRASES, type Edition, EDITIONS, faqFor, commentsFor, details } from './wording.ts';

export { CATALOGUE_EPOCH } from './rows.ts';
export type { AddonRow, Catalogue, CommentRow, NavRow, PatchRow, ProductBundle, ProductRow, SizeRow, SquadRow, TeamRow } from './rows.ts';

/** The current season's first year; seasons are labelled 2026/27 (or 2026 where a season is a year). */
export const CURRENT_SEASON = 2026;

// ---- teams, squads, patches, add-ons -----------------------------------------------------------


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
