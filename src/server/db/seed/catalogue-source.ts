/**
 * The demo catalogue, by hand: sports, their leagues or regions, and the teams in them. Every
 * team, league, place and player here is invented; no real club, competition, brand or person.
 * It is written as flat tables, one row per sport, kind, league, badge and team (a row names
 * its sport or league by tag); SPORTS below assembles them into the nested form `generate.ts`
 * expands into table rows (products, sizes, squads, patches, comments).
 */
import type { Size } from '../../../domain/catalogue.schema.ts';
import type { Localised } from '../../../domain/locale.ts';
import type { PatchShape, ShirtCut, ShirtPattern } from '../../media/shirt-svg.ts';

export const L = (en: string, zh: string): Localised => ({ 'en-US': en, 'zh-CN': zh });

/** Named colours, so descriptions can say "navy and white" in both languages. */
export const PALETTE = {
  navy: { hex: '0b2545', name: L('navy', '藏青色') },
  royal: { hex: '1f4fb4', name: L('royal blue', '宝蓝色') },
  sky: { hex: '6cace4', name: L('sky blue', '天蓝色') },
  red: { hex: 'c8102e', name: L('red', '红色') },
  claret: { hex: '7a263a', name: L('claret', '酒红色') },
  orange: { hex: 'f26b1d', name: L('orange', '橙色') },
  amber: { hex: 'f2a900', name: L('amber', '琥珀色') },
  gold: { hex: 'd4a72c', name: L('gold', '金色') },
  yellow: { hex: 'ffd100', name: L('yellow', '黄色') },
  green: { hex: '00843d', name: L('green', '绿色') },
  teal: { hex: '00778b', name: L('teal', '青色') },
  purple: { hex: '5b2a86', name: L('purple', '紫色') },
  black: { hex: '111111', name: L('black', '黑色') },
  white: { hex: 'ffffff', name: L('white', '白色') },
  silver: { hex: 'c0c4c8', name: L('silver', '银色') },
  cream: { hex: 'f3ead3', name: L('cream', '奶油色') },
  pink: { hex: 'e56db1', name: L('pink', '粉色') },
  lime: { hex: 'a4d233', name: L('lime', '青柠色') },
  charcoal: { hex: '333f48', name: L('charcoal', '炭灰色') },
} as const;
export type ColourName = keyof typeof PALETTE;

/**
 * Surname pools per region: each surname is a stem plus an ending, which gives hundreds of
 * plausible, invented names from a few lines. Printed names are these, upper-cased.
 */
export const NAME_POOLS = {
  anglo: {
    stems: 'Ash Black Brad Cald Fair Hal Hart Kings Lang Mars Moor Oak Pen Ray Shel Stan Thorn Wain Whit Win Brook Cole',
    endings: 'by ford ley well wood ton croft ham more ridge stead worth',
  },
  latin: {
    stems: 'Al Bar Cas Del Es Fer Gal Mar Mon Or Pas Ri San Val Vi Lo Ba Cor',
    endings: 'ado arro cedo ena ero ino oni osa uera ientes avo alta',
  },
  germanic: {
    stems: 'Alt Bau Eich Fal Grau Hoch Kessel Lind Mohr Reich Stein Wald Wies Zell Brun Horn',
    endings: 'bach berg er hofer mann ner rich stetter ler hardt inger',
  },
  nordic: {
    stems: 'Berg Dahl Eng Fjell Hag Lund Lie Nord Sand Strand Vik Holm Ny Sol Tveit Aas',
    endings: 'gaard heim lund qvist sen stad strom vik ang berg rud',
  },
  eastern: {
    stems: 'Bor Dra Ko Mil Nov Pav Rad Sto Vel Zor Kral Lis Bren Dub',
    endings: 'ak evic ic ovsky enko ov anek icki ar ski',
  },
  pacific: {
    stems: 'Fa Ta Ma Va Le To Sa Ko Pe Vai Ula Ane',
    endings: 'leolo lamai taele nikoa fitu uvale lesi mafua kilani seru popo',
  },
} as const;
export type NamePool = keyof typeof NAME_POOLS;

/** Comment authors: first names only, invented pairings, in both languages. */
export const AUTHOR_NAMES = {
  en: 'Amelia Ben Carla Dev Elena Finn Grace Hugo Isla Jonas Kai Lena Marco Nadia Owen Priya Quinn Rosa Sam Tomas Una Vik Wren Yara Zach'.split(' '),
  zh: '浩然 子涵 一鸣 欣怡 宇轩 梓萱 俊杰 雨桐 嘉懿 思远 晨曦 明哲'.split(' '),
};

export interface TeamSource {
  tag: string;
  name: Localised;
  /** Base, pattern and (optionally) trim colour. */
  colours: ColourName[];
  pattern: ShirtPattern;
  /** Where the squad's surnames come from; the first pool dominates. */
  squad: NamePool[];
}

export interface PatchSource {
  name: Localised;
  shape: PatchShape;
  colour: ColourName;
  price: number;
}

export interface GroupSource {
  tag: string;
  name: Localised;
  icon: 'shield' | 'flag' | 'trophy';
  /** National sides carry the nation's name alone; clubs add "Shirt" etc. after the club name. */
  national: boolean;
  /** Badge colour for the group's own patches. */
  colour: ColourName;
  /** Patches beyond the league badge and champions badge that every group gets. */
  extraPatches?: PatchSource[];
  teams: TeamSource[];
}

/** One kind of product a team sells (home shirt, training top, ...). */
export interface KindSource {
  key: 'home' | 'away' | 'third' | 'retro' | 'goalkeeper' | 'training' | 'alternate' | 'polo' | 'livery';
  label: Localised;
  price: number;
  printable: boolean;
  /** Share of teams that sell it (1 = all), decided per team by the seeded generator. */
  share: number;
  cut?: ShirtCut;
}

export interface SportSource {
  tag: string;
  name: Localised;
  icon: string;
  /** A line every product description of the sport carries. */
  line: Localised;
  /** "split" seasons read 2026/27; "year" seasons read 2026. */
  seasons: 'split' | 'year';
  cut: ShirtCut;
  sizes: readonly Size[];
  /** Shorts and socks prices; absent where a team sells none (F1). */
  addons?: { shorts: number; socks: number };
  kinds: KindSource[];
  /** A sport-wide sleeve badge (charity style) that fits every product of the sport. */
  sportPatch: PatchSource;
  /** Squad size range: [min, max]. */
  squadSize: [number, number];
  /** Numbers a squad draws from, e.g. 1-23 for rugby's match-day numbers. */
  numbers: [number, number];
  groups: GroupSource[];
}

const ADULT_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;
const BIG_SIZES = ['S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'] as const;

/**
 * The sports, in navigation order: [tag, English, Chinese, icon, seasons, cut, sizes, shorts and
 * socks prices (null: none sold), squad size range, numbers a squad draws from].
 */
type SportRow = [tag: string, en: string, zh: string, icon: string, seasons: SportSource['seasons'], cut: ShirtCut, sizes: readonly Size[], addons: SportSource['addons'] | null, squadSize: [number, number], numbers: [number, number]];
const SPORT_ROWS: SportRow[] = [
  ['football', 'Football', '足球', 'football', 'split', 'tee', ADULT_SIZES, { shorts: 2499, socks: 1299 }, [18, 23], [1, 99]],
  ['rugby', 'Rugby', '橄榄球', 'rugby', 'split', 'tee', BIG_SIZES, { shorts: 2999, socks: 1499 }, [23, 23], [1, 23]],
  ['f1', 'F1', 'F1 赛车', 'f1', 'year', 'tee', ['S', 'M', 'L', 'XL', '2XL', '3XL'], null, [3, 4], [2, 99]],
  ['basketball', 'Basketball', '篮球', 'basketball', 'split', 'vest', BIG_SIZES, { shorts: 3499, socks: 999 }, [15, 17], [0, 99]],
];

/** The line every product description of a sport carries. */
const SPORT_LINES: Record<string, Localised> = {
  football: L('Lightweight, breathable and cut for movement: as ready for five-a-side as for the stands.', '轻盈透气，剪裁利于活动，无论五人制比赛还是看台助威都合适。'),
  rugby: L('Built tough, with a reinforced collar and seams that stand up to scrums and tackles.', '领口与接缝加固，经得起争球与擒抱。'),
  f1: L('A paddock-ready team shirt with a soft touch and quick-dry fabric.', '手感柔软、速干面料，围场风格车队衫。'),
  basketball: L('Lightweight mesh with a dropped armhole for a full range of motion.', '轻量网眼面料，加大袖窿，动作伸展自如。'),
};

/** What each sport sells: [sport, key, English, Chinese, price, printable, share, cut if not the sport's]. */
type KindRow = [sport: string, key: KindSource['key'], en: string, zh: string, price: number, printable: boolean, share: number, cut?: ShirtCut];
const KIND_ROWS: KindRow[] = [
  ['football', 'home', 'Home Shirt', '主场球衣', 7499, true, 1],
  ['football', 'away', 'Away Shirt', '客场球衣', 7499, true, 1],
  ['football', 'third', 'Third Shirt', '第三球衣', 7499, true, 1],
  ['football', 'goalkeeper', 'Goalkeeper Shirt', '守门员球衣', 6999, true, 0.4],
  ['football', 'retro', 'Retro Shirt', '复古球衣', 6499, true, 0.45],
  ['football', 'training', 'Training Top', '训练上衣', 4499, false, 0.5],
  ['rugby', 'home', 'Home Jersey', '主场橄榄球衣', 8499, true, 1],
  ['rugby', 'away', 'Away Jersey', '客场橄榄球衣', 8499, true, 1],
  ['rugby', 'retro', 'Heritage Jersey', '经典复刻橄榄球衣', 7499, true, 0.5, 'long'],
  ['rugby', 'training', 'Training Jersey', '橄榄球训练衣', 4999, false, 0.5],
  ['f1', 'home', 'Team Shirt', '车队衫', 6999, true, 1],
  ['f1', 'polo', 'Team Polo', '车队 Polo 衫', 7999, false, 1, 'polo'],
  ['f1', 'livery', 'Special Livery Shirt', '特别涂装车队衫', 7499, true, 0.6],
  ['basketball', 'home', 'Home Jersey', '主场球衣', 8999, true, 1],
  ['basketball', 'away', 'Away Jersey', '客场球衣', 8999, true, 1],
  ['basketball', 'alternate', 'Alternate Jersey', '替补配色球衣', 9499, true, 0.6],
  ['basketball', 'training', 'Shooting Shirt', '投篮热身衫', 5499, false, 0.5, 'tee'],
];

/** Leagues and regions: [sport, tag, English, Chinese, icon, national sides, badge colour]. */
type GroupRow = [sport: string, tag: string, en: string, zh: string, icon: GroupSource['icon'], national: boolean, colour: ColourName];
const GROUP_ROWS: GroupRow[] = [
  ['football', 'northern-premier', 'Northern Premier League', '北方超级联赛', 'shield', false, 'royal'],
  ['football', 'liga-meridional', 'Liga Meridional', '南方联赛', 'shield', false, 'orange'],
  ['football', 'alpen-liga', 'Alpen Liga', '阿尔卑斯联赛', 'shield', false, 'red'],
  ['football', 'nordkyst-league', 'Nordkyst League', '北海岸联赛', 'shield', false, 'teal'],
  ['football', 'international', 'International', '国家队', 'flag', true, 'navy'],
  ['rugby', 'coastal-rugby-championship', 'Coastal Rugby Championship', '海岸橄榄球锦标赛', 'shield', false, 'navy'],
  ['rugby', 'rugby-nations', 'Rugby Nations', '橄榄球国家队', 'flag', true, 'green'],
  ['f1', 'grand-prix-series', 'Apex Grand Prix Series', '巅峰大奖赛', 'trophy', false, 'black'],
  ['basketball', 'metro-league-east', 'Metro League East', '都市联赛东区', 'shield', false, 'royal'],
  ['basketball', 'metro-league-west', 'Metro League West', '都市联赛西区', 'shield', false, 'red'],
];

/**
 * Sleeve badges sold for the products under a tag: [sport or league tag, English, Chinese, shape,
 * colour, price]. Each sport has one; a league has these beyond its league and champions badges.
 */
type BadgeRow = [fits: string, en: string, zh: string, shape: PatchShape, colour: ColourName, price: number];
const BADGE_ROWS: BadgeRow[] = [
  ['football', 'Play Fair Pledge Sleeve Badge', '公平竞赛承诺臂章', 'heart', 'teal', 300],
  ['northern-premier', 'Founders Cup Badge', '创始人杯徽章', 'roundel', 'silver', 450],
  ['alpen-liga', 'Centenary Season Badge', '百年赛季纪念徽章', 'hexagon', 'gold', 550],
  ['international', 'Nations Trophy Finals Badge', '国家杯决赛徽章', 'star', 'gold', 600],
  ['rugby', 'Hands Together Sleeve Badge', '携手同行臂章', 'heart', 'green', 300],
  ['f1', 'Green Lap Sleeve Badge', '绿色圈速臂章', 'hexagon', 'lime', 400],
  ['basketball', 'Court Kindness Badge', '球场友善徽章', 'heart', 'orange', 300],
  ['metro-league-west', 'All-Star Weekend Badge', '全明星周末徽章', 'star', 'royal', 500],
];

/**
 * Teams, by league: [league, tag, English, Chinese, colours, pattern, surname pools (the first
 * dominates)]. Colours and pools are space-separated names (checked in the tests).
 */
type TeamRow = [group: string, tag: string, en: string, zh: string, colours: string, pattern: ShirtPattern, squad: string];
const TEAM_ROWS: TeamRow[] = [
  ['northern-premier', 'harbour-city-fc', 'Harbour City FC', '港城足球俱乐部', 'red white black', 'stripes', 'anglo'],
  ['northern-premier', 'ironbridge-united', 'Ironbridge United', '铁桥联', 'navy sky white', 'hoops', 'anglo'],
  ['northern-premier', 'kingsmoor-rovers', 'Kingsmoor Rovers', '金斯摩尔流浪者', 'green white black', 'hoops', 'anglo'],
  ['northern-premier', 'ashford-vale', 'Ashford Vale', '阿什福德谷', 'claret sky white', 'sleeves', 'anglo'],
  ['northern-premier', 'saltmarsh-athletic', 'Saltmarsh Athletic', '盐沼竞技', 'amber black', 'stripes', 'anglo'],
  ['northern-premier', 'redwater-town', 'Redwater Town', '红水镇', 'white navy red', 'sash', 'anglo'],
  ['liga-meridional', 'deportivo-solmar', 'Deportivo Solmar', '索尔马尔竞技', 'sky white navy', 'stripes', 'latin'],
  ['liga-meridional', 'union-valdemar', 'Unión Valdemar', '瓦尔德马联合', 'red yellow', 'halves', 'latin'],
  ['liga-meridional', 'sporting-brisamar', 'Sporting Brisamar', '布里萨马尔体育', 'green white', 'hoops', 'latin'],
  ['liga-meridional', 'cd-montefaro', 'CD Montefaro', '蒙特法罗', 'purple white', 'sash', 'latin'],
  ['liga-meridional', 'racing-portoluz', 'Racing Portoluz', '波尔图卢斯竞赛', 'black white', 'pinstripes', 'latin'],
  ['liga-meridional', 'estrella-austral', 'Estrella Austral', '南方之星', 'orange black', 'chevron', 'latin'],
  ['alpen-liga', 'fc-steinhafen', 'FC Steinhafen', '施泰因哈芬足球俱乐部', 'red white', 'plain', 'germanic'],
  ['alpen-liga', 'sv-tannenfeld', 'SV Tannenfeld', '坦嫩菲尔德体育会', 'green white', 'band', 'germanic'],
  ['alpen-liga', 'eintracht-weissberg', 'Eintracht Weissberg', '魏斯贝格团结', 'black white red', 'halves', 'germanic'],
  ['alpen-liga', 'fc-eisental', 'FC Eisental', '艾森塔尔足球俱乐部', 'royal white', 'stripes', 'germanic'],
  ['alpen-liga', 'blau-gelb-oderhain', 'Blau-Gelb Oderhain', '奥德海恩蓝黄', 'royal yellow', 'quarters', 'germanic'],
  ['alpen-liga', 'tsv-bergkamm', 'TSV Bergkamm', '贝格卡姆体操运动协会', 'claret white', 'chevron', 'germanic'],
  ['nordkyst-league', 'fjordby-if', 'Fjordby IF', '峡湾城体育会', 'sky white', 'stripes', 'nordic'],
  ['nordkyst-league', 'norrvik-fk', 'Norrvik FK', '诺尔维克足球俱乐部', 'yellow black', 'stripes', 'nordic'],
  ['nordkyst-league', 'solheim-bk', 'Solheim BK', '索尔海姆球会', 'white red', 'sash', 'nordic'],
  ['nordkyst-league', 'isvik-sk', 'Isvik SK', '伊斯维克体育俱乐部', 'royal white', 'band', 'nordic'],
  ['nordkyst-league', 'havstad-il', 'Havstad IL', '哈夫斯塔体育会', 'green white', 'hoops', 'nordic'],
  ['nordkyst-league', 'bjorkdal-ff', 'Bjorkdal FF', '比约克达尔足球会', 'purple yellow', 'plain', 'nordic'],
  ['international', 'valdoria', 'Valdoria', '瓦尔多利亚', 'red white', 'halves', 'latin'],
  ['international', 'norland', 'Norland', '诺兰德', 'royal yellow', 'plain', 'nordic'],
  ['international', 'estmark', 'Estmark', '埃斯特马克', 'white black', 'band', 'germanic'],
  ['international', 'caledor', 'Caledor', '卡勒多', 'navy white', 'plain', 'anglo'],
  ['international', 'lusitara', 'Lusitara', '卢西塔拉', 'green red', 'sash', 'latin'],
  ['international', 'brevania', 'Brevania', '布雷瓦尼亚', 'orange navy', 'chevron', 'germanic'],
  ['international', 'kestria', 'Kestria', '凯斯特里亚', 'sky white', 'stripes', 'latin'],
  ['international', 'dravonia', 'Dravonia', '德拉沃尼亚', 'claret white', 'quarters', 'eastern'],
  ['coastal-rugby-championship', 'greystone-rams', 'Greystone Rams', '灰石公羊', 'navy white', 'hoops', 'anglo'],
  ['coastal-rugby-championship', 'westcliff-kestrels', 'Westcliff Kestrels', '西崖红隼', 'black amber', 'hoops', 'anglo'],
  ['coastal-rugby-championship', 'millbrook-stags', 'Millbrook Stags', '米尔布鲁克雄鹿', 'green white', 'band', 'anglo pacific'],
  ['coastal-rugby-championship', 'port-ardent-mariners', 'Port Ardent Mariners', '阿登特港水手', 'sky navy', 'halves', 'anglo pacific'],
  ['coastal-rugby-championship', 'highvale-wolves', 'Highvale Wolves', '高谷狼队', 'claret gold', 'chevron', 'anglo'],
  ['rugby-nations', 'motuvai-rugby', 'Motuvai', '莫图瓦伊', 'black white', 'plain', 'pacific'],
  ['rugby-nations', 'tavana-islands-rugby', 'Tavana Islands', '塔瓦纳群岛', 'sky white', 'band', 'pacific'],
  ['rugby-nations', 'caledor-rugby', 'Caledor', '卡勒多', 'navy white', 'hoops', 'anglo'],
  ['rugby-nations', 'valdoria-rugby', 'Valdoria', '瓦尔多利亚', 'red white', 'sash', 'latin'],
  ['rugby-nations', 'norland-rugby', 'Norland', '诺兰德', 'royal yellow', 'chevron', 'nordic'],
  ['grand-prix-series', 'velocita-racing', 'Velocità Racing', '极速车队', 'red black', 'fade', 'latin anglo'],
  ['grand-prix-series', 'silverline-motorsport', 'Silverline Motorsport', '银线赛车', 'silver black teal', 'band', 'germanic anglo'],
  ['grand-prix-series', 'aurora-grand-prix', 'Aurora Grand Prix', '极光大奖赛车队', 'navy pink', 'fade', 'anglo latin'],
  ['grand-prix-series', 'kestrel-racing-team', 'Kestrel Racing Team', '红隼车队', 'orange navy', 'sash', 'anglo nordic'],
  ['grand-prix-series', 'nordlys-racing', 'Nordlys Racing', '北极光车队', 'green white', 'chevron', 'nordic germanic'],
  ['grand-prix-series', 'halcyon-motorsport', 'Halcyon Motorsport', '翠鸟赛车', 'white royal red', 'band', 'anglo eastern'],
  ['grand-prix-series', 'ember-grand-prix', 'Ember Grand Prix', '余烬大奖赛车队', 'black amber', 'fade', 'latin eastern'],
  ['grand-prix-series', 'tidewater-racing', 'Tidewater Racing', '潮汐车队', 'teal yellow', 'halves', 'pacific anglo'],
  ['metro-league-east', 'riverton-comets', 'Riverton Comets', '里弗顿彗星', 'royal orange white', 'plain', 'anglo'],
  ['metro-league-east', 'lakeshore-herons', 'Lakeshore Herons', '湖岸苍鹭', 'teal white', 'band', 'anglo'],
  ['metro-league-east', 'granite-city-miners', 'Granite City Miners', '花岗岩城矿工', 'charcoal gold', 'pinstripes', 'anglo eastern'],
  ['metro-league-east', 'bayfront-tides', 'Bayfront Tides', '海湾潮汐', 'navy sky', 'fade', 'anglo'],
  ['metro-league-east', 'summit-peaks', 'Summit Peaks', '峰顶队', 'purple white', 'chevron', 'anglo latin'],
  ['metro-league-west', 'dusthaven-coyotes', 'Dusthaven Coyotes', '尘港郊狼', 'amber black', 'plain', 'anglo latin'],
  ['metro-league-west', 'pinecrest-lumberjacks', 'Pinecrest Lumberjacks', '松冠伐木工', 'green cream', 'band', 'anglo'],
  ['metro-league-west', 'ironport-titans', 'Ironport Titans', '铁港泰坦', 'black red', 'sleeves', 'anglo'],
  ['metro-league-west', 'silverlake-foxes', 'Silverlake Foxes', '银湖狐狸', 'red white', 'pinstripes', 'anglo'],
  ['metro-league-west', 'redrock-scorpions', 'Redrock Scorpions', '红岩蝎子', 'claret amber', 'fade', 'anglo pacific'],
];

type Rest<Row> = Row extends [string, ...infer Columns] ? Columns : never;

/** The rows of `table` that belong to `owner` (the tag in their first column), without that column. */
function rowsOf<Row extends [string, ...unknown[]]>(table: readonly Row[], owner: string): Rest<Row>[] {
  return table.filter((row) => row[0] === owner).map(([, ...columns]) => columns as Rest<Row>);
}

function badgesOf(tag: string): PatchSource[] {
  return rowsOf(BADGE_ROWS, tag).map(([en, zh, shape, colour, price]) => ({ name: L(en, zh), shape, colour, price }));
}

function groupOf([tag, en, zh, icon, national, colour]: Rest<GroupRow>): GroupSource {
  const badges = badgesOf(tag);
  const teams = rowsOf(TEAM_ROWS, tag).map(([teamTag, teamEn, teamZh, colours, pattern, squad]): TeamSource => ({
    tag: teamTag,
    name: L(teamEn, teamZh),
    colours: colours.split(' ') as ColourName[],
    pattern,
    squad: squad.split(' ') as NamePool[],
  }));
  return { tag, name: L(en, zh), icon, national, colour, ...(badges.length ? { extraPatches: badges } : {}), teams };
}

export const SPORTS: SportSource[] = SPORT_ROWS.map(([tag, en, zh, icon, seasons, cut, sizes, addons, squadSize, numbers]) => {
  const [sportPatch] = badgesOf(tag);
  if (!sportPatch || !SPORT_LINES[tag]) throw new Error(`sport ${tag} needs its line and its sleeve badge`);
  return {
    tag,
    name: L(en, zh),
    icon,
    line: SPORT_LINES[tag],
    seasons,
    cut,
    sizes,
    ...(addons ? { addons } : {}),
    squadSize,
    numbers,
    sportPatch,
    kinds: rowsOf(KIND_ROWS, tag).map(([key, kindEn, kindZh, price, printable, share, kindCut]): KindSource => ({ key, label: L(kindEn, kindZh), price, printable, share, ...(kindCut ? { cut: kindCut } : {}) })),
    groups: rowsOf(GROUP_ROWS, tag).map(groupOf),
  };
});
