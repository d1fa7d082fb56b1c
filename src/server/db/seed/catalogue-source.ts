/**
 * The demo catalogue, by hand: sports, their leagues or regions, and the teams in them. Every
 * team, league, place and player here is invented; no real club, competition, brand or person.
 * `generate.ts` expands this into table rows (products, sizes, squads, patches, comments).
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

type TeamRow = [tag: string, en: string, zh: string, colours: string, pattern: ShirtPattern, squad?: string];

/** Compact team rows: colours and name pools as space-separated names (checked in the tests). */
function teams(defaultPools: string, rows: TeamRow[]): TeamSource[] {
  return rows.map(([tag, en, zh, colours, pattern, squad]) => ({
    tag,
    name: L(en, zh),
    colours: colours.split(' ') as ColourName[],
    pattern,
    squad: (squad ?? defaultPools).split(' ') as NamePool[],
  }));
}

const ADULT_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;
const BIG_SIZES = ['S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'] as const;

export const SPORTS: SportSource[] = [
  {
    tag: 'football',
    name: L('Football', '足球'),
    icon: 'football',
    line: L('Lightweight, breathable and cut for movement: as ready for five-a-side as for the stands.', '轻盈透气，剪裁利于活动，无论五人制比赛还是看台助威都合适。'),
    seasons: 'split',
    cut: 'tee',
    sizes: ADULT_SIZES,
    addons: { shorts: 2499, socks: 1299 },
    squadSize: [18, 23],
    numbers: [1, 99],
    sportPatch: { name: L('Play Fair Pledge Sleeve Badge', '公平竞赛承诺臂章'), shape: 'heart', colour: 'teal', price: 300 },
    kinds: [
      { key: 'home', label: L('Home Shirt', '主场球衣'), price: 7499, printable: true, share: 1 },
      { key: 'away', label: L('Away Shirt', '客场球衣'), price: 7499, printable: true, share: 1 },
      { key: 'third', label: L('Third Shirt', '第三球衣'), price: 7499, printable: true, share: 1 },
      { key: 'goalkeeper', label: L('Goalkeeper Shirt', '守门员球衣'), price: 6999, printable: true, share: 0.4 },
      { key: 'retro', label: L('Retro Shirt', '复古球衣'), price: 6499, printable: true, share: 0.45 },
      { key: 'training', label: L('Training Top', '训练上衣'), price: 4499, printable: false, share: 0.5 },
    ],
    groups: [
      {
        tag: 'northern-premier',
        name: L('Northern Premier League', '北方超级联赛'),
        icon: 'shield',
        national: false,
        colour: 'royal',
        extraPatches: [{ name: L('Founders Cup Badge', '创始人杯徽章'), shape: 'roundel', colour: 'silver', price: 450 }],
        teams: teams('anglo', [
          ['harbour-city-fc', 'Harbour City FC', '港城足球俱乐部', 'red white black', 'stripes'],
          ['ironbridge-united', 'Ironbridge United', '铁桥联', 'navy sky white', 'hoops'],
          ['kingsmoor-rovers', 'Kingsmoor Rovers', '金斯摩尔流浪者', 'green white black', 'hoops'],
          ['ashford-vale', 'Ashford Vale', '阿什福德谷', 'claret sky white', 'sleeves'],
          ['saltmarsh-athletic', 'Saltmarsh Athletic', '盐沼竞技', 'amber black', 'stripes'],
          ['redwater-town', 'Redwater Town', '红水镇', 'white navy red', 'sash'],
        ]),
      },
      {
        tag: 'liga-meridional',
        name: L('Liga Meridional', '南方联赛'),
        icon: 'shield',
        national: false,
        colour: 'orange',
        teams: teams('latin', [
          ['deportivo-solmar', 'Deportivo Solmar', '索尔马尔竞技', 'sky white navy', 'stripes'],
          ['union-valdemar', 'Unión Valdemar', '瓦尔德马联合', 'red yellow', 'halves'],
          ['sporting-brisamar', 'Sporting Brisamar', '布里萨马尔体育', 'green white', 'hoops'],
          ['cd-montefaro', 'CD Montefaro', '蒙特法罗', 'purple white', 'sash'],
          ['racing-portoluz', 'Racing Portoluz', '波尔图卢斯竞赛', 'black white', 'pinstripes'],
          ['estrella-austral', 'Estrella Austral', '南方之星', 'orange black', 'chevron'],
        ]),
      },
      {
        tag: 'alpen-liga',
        name: L('Alpen Liga', '阿尔卑斯联赛'),
        icon: 'shield',
        national: false,
        colour: 'red',
        extraPatches: [{ name: L('Centenary Season Badge', '百年赛季纪念徽章'), shape: 'hexagon', colour: 'gold', price: 550 }],
        teams: teams('germanic', [
          ['fc-steinhafen', 'FC Steinhafen', '施泰因哈芬足球俱乐部', 'red white', 'plain'],
          ['sv-tannenfeld', 'SV Tannenfeld', '坦嫩菲尔德体育会', 'green white', 'band'],
          ['eintracht-weissberg', 'Eintracht Weissberg', '魏斯贝格团结', 'black white red', 'halves'],
          ['fc-eisental', 'FC Eisental', '艾森塔尔足球俱乐部', 'royal white', 'stripes'],
          ['blau-gelb-oderhain', 'Blau-Gelb Oderhain', '奥德海恩蓝黄', 'royal yellow', 'quarters'],
          ['tsv-bergkamm', 'TSV Bergkamm', '贝格卡姆体操运动协会', 'claret white', 'chevron'],
        ]),
      },
      {
        tag: 'nordkyst-league',
        name: L('Nordkyst League', '北海岸联赛'),
        icon: 'shield',
        national: false,
        colour: 'teal',
        teams: teams('nordic', [
          ['fjordby-if', 'Fjordby IF', '峡湾城体育会', 'sky white', 'stripes'],
          ['norrvik-fk', 'Norrvik FK', '诺尔维克足球俱乐部', 'yellow black', 'stripes'],
          ['solheim-bk', 'Solheim BK', '索尔海姆球会', 'white red', 'sash'],
          ['isvik-sk', 'Isvik SK', '伊斯维克体育俱乐部', 'royal white', 'band'],
          ['havstad-il', 'Havstad IL', '哈夫斯塔体育会', 'green white', 'hoops'],
          ['bjorkdal-ff', 'Bjorkdal FF', '比约克达尔足球会', 'purple yellow', 'plain'],
        ]),
      },
      {
        tag: 'international',
        name: L('International', '国家队'),
        icon: 'flag',
        national: true,
        colour: 'navy',
        extraPatches: [{ name: L('Nations Trophy Finals Badge', '国家杯决赛徽章'), shape: 'star', colour: 'gold', price: 600 }],
        teams: teams('latin', [
          ['valdoria', 'Valdoria', '瓦尔多利亚', 'red white', 'halves'],
          ['norland', 'Norland', '诺兰德', 'royal yellow', 'plain', 'nordic'],
          ['estmark', 'Estmark', '埃斯特马克', 'white black', 'band', 'germanic'],
          ['caledor', 'Caledor', '卡勒多', 'navy white', 'plain', 'anglo'],
          ['lusitara', 'Lusitara', '卢西塔拉', 'green red', 'sash'],
          ['brevania', 'Brevania', '布雷瓦尼亚', 'orange navy', 'chevron', 'germanic'],
          ['kestria', 'Kestria', '凯斯特里亚', 'sky white', 'stripes'],
          ['dravonia', 'Dravonia', '德拉沃尼亚', 'claret white', 'quarters', 'eastern'],
        ]),
      },
    ],
  },
  {
    tag: 'rugby',
    name: L('Rugby', '橄榄球'),
    icon: 'rugby',
    line: L('Built tough, with a reinforced collar and seams that stand up to scrums and tackles.', '领口与接缝加固，经得起争球与擒抱。'),
    seasons: 'split',
    cut: 'tee',
    sizes: BIG_SIZES,
    addons: { shorts: 2999, socks: 1499 },
    squadSize: [23, 23],
    numbers: [1, 23],
    sportPatch: { name: L('Hands Together Sleeve Badge', '携手同行臂章'), shape: 'heart', colour: 'green', price: 300 },
    kinds: [
      { key: 'home', label: L('Home Jersey', '主场橄榄球衣'), price: 8499, printable: true, share: 1 },
      { key: 'away', label: L('Away Jersey', '客场橄榄球衣'), price: 8499, printable: true, share: 1 },
      { key: 'retro', label: L('Heritage Jersey', '经典复刻橄榄球衣'), price: 7499, printable: true, share: 0.5, cut: 'long' },
      { key: 'training', label: L('Training Jersey', '橄榄球训练衣'), price: 4999, printable: false, share: 0.5 },
    ],
    groups: [
      {
        tag: 'coastal-rugby-championship',
        name: L('Coastal Rugby Championship', '海岸橄榄球锦标赛'),
        icon: 'shield',
        national: false,
        colour: 'navy',
        teams: teams('anglo', [
          ['greystone-rams', 'Greystone Rams', '灰石公羊', 'navy white', 'hoops'],
          ['westcliff-kestrels', 'Westcliff Kestrels', '西崖红隼', 'black amber', 'hoops'],
          ['millbrook-stags', 'Millbrook Stags', '米尔布鲁克雄鹿', 'green white', 'band', 'anglo pacific'],
          ['port-ardent-mariners', 'Port Ardent Mariners', '阿登特港水手', 'sky navy', 'halves', 'anglo pacific'],
          ['highvale-wolves', 'Highvale Wolves', '高谷狼队', 'claret gold', 'chevron'],
        ]),
      },
      {
        tag: 'rugby-nations',
        name: L('Rugby Nations', '橄榄球国家队'),
        icon: 'flag',
        national: true,
        colour: 'green',
        teams: teams('pacific', [
          ['motuvai-rugby', 'Motuvai', '莫图瓦伊', 'black white', 'plain'],
          ['tavana-islands-rugby', 'Tavana Islands', '塔瓦纳群岛', 'sky white', 'band'],
          ['caledor-rugby', 'Caledor', '卡勒多', 'navy white', 'hoops', 'anglo'],
          ['valdoria-rugby', 'Valdoria', '瓦尔多利亚', 'red white', 'sash', 'latin'],
          ['norland-rugby', 'Norland', '诺兰德', 'royal yellow', 'chevron', 'nordic'],
        ]),
      },
    ],
  },
  {
    tag: 'f1',
    name: L('F1', 'F1 赛车'),
    icon: 'f1',
    line: L('A paddock-ready team shirt with a soft touch and quick-dry fabric.', '手感柔软、速干面料，围场风格车队衫。'),
    seasons: 'year',
    cut: 'tee',
    sizes: ['S', 'M', 'L', 'XL', '2XL', '3XL'],
    squadSize: [3, 4],
    numbers: [2, 99],
    sportPatch: { name: L('Green Lap Sleeve Badge', '绿色圈速臂章'), shape: 'hexagon', colour: 'lime', price: 400 },
    kinds: [
      { key: 'home', label: L('Team Shirt', '车队衫'), price: 6999, printable: true, share: 1 },
      { key: 'polo', label: L('Team Polo', '车队 Polo 衫'), price: 7999, printable: false, share: 1, cut: 'polo' },
      { key: 'livery', label: L('Special Livery Shirt', '特别涂装车队衫'), price: 7499, printable: true, share: 0.6 },
    ],
    groups: [
      {
        tag: 'grand-prix-series',
        name: L('Apex Grand Prix Series', '巅峰大奖赛'),
        icon: 'trophy',
        national: false,
        colour: 'black',
        teams: teams('anglo latin germanic nordic', [
          ['velocita-racing', 'Velocità Racing', '极速车队', 'red black', 'fade', 'latin anglo'],
          ['silverline-motorsport', 'Silverline Motorsport', '银线赛车', 'silver black teal', 'band', 'germanic anglo'],
          ['aurora-grand-prix', 'Aurora Grand Prix', '极光大奖赛车队', 'navy pink', 'fade', 'anglo latin'],
          ['kestrel-racing-team', 'Kestrel Racing Team', '红隼车队', 'orange navy', 'sash', 'anglo nordic'],
          ['nordlys-racing', 'Nordlys Racing', '北极光车队', 'green white', 'chevron', 'nordic germanic'],
          ['halcyon-motorsport', 'Halcyon Motorsport', '翠鸟赛车', 'white royal red', 'band', 'anglo eastern'],
          ['ember-grand-prix', 'Ember Grand Prix', '余烬大奖赛车队', 'black amber', 'fade', 'latin eastern'],
          ['tidewater-racing', 'Tidewater Racing', '潮汐车队', 'teal yellow', 'halves', 'pacific anglo'],
        ]),
      },
    ],
  },
  {
    tag: 'basketball',
    name: L('Basketball', '篮球'),
    icon: 'basketball',
    line: L('Lightweight mesh with a dropped armhole for a full range of motion.', '轻量网眼面料，加大袖窿，动作伸展自如。'),
    seasons: 'split',
    cut: 'vest',
    sizes: BIG_SIZES,
    addons: { shorts: 3499, socks: 999 },
    squadSize: [15, 17],
    numbers: [0, 99],
    sportPatch: { name: L('Court Kindness Badge', '球场友善徽章'), shape: 'heart', colour: 'orange', price: 300 },
    kinds: [
      { key: 'home', label: L('Home Jersey', '主场球衣'), price: 8999, printable: true, share: 1 },
      { key: 'away', label: L('Away Jersey', '客场球衣'), price: 8999, printable: true, share: 1 },
      { key: 'alternate', label: L('Alternate Jersey', '替补配色球衣'), price: 9499, printable: true, share: 0.6 },
      { key: 'training', label: L('Shooting Shirt', '投篮热身衫'), price: 5499, printable: false, share: 0.5, cut: 'tee' },
    ],
    groups: [
      {
        tag: 'metro-league-east',
        name: L('Metro League East', '都市联赛东区'),
        icon: 'shield',
        national: false,
        colour: 'royal',
        teams: teams('anglo', [
          ['riverton-comets', 'Riverton Comets', '里弗顿彗星', 'royal orange white', 'plain'],
          ['lakeshore-herons', 'Lakeshore Herons', '湖岸苍鹭', 'teal white', 'band'],
          ['granite-city-miners', 'Granite City Miners', '花岗岩城矿工', 'charcoal gold', 'pinstripes', 'anglo eastern'],
          ['bayfront-tides', 'Bayfront Tides', '海湾潮汐', 'navy sky', 'fade'],
          ['summit-peaks', 'Summit Peaks', '峰顶队', 'purple white', 'chevron', 'anglo latin'],
        ]),
      },
      {
        tag: 'metro-league-west',
        name: L('Metro League West', '都市联赛西区'),
        icon: 'shield',
        national: false,
        colour: 'red',
        extraPatches: [{ name: L('All-Star Weekend Badge', '全明星周末徽章'), shape: 'star', colour: 'royal', price: 500 }],
        teams: teams('anglo', [
          ['dusthaven-coyotes', 'Dusthaven Coyotes', '尘港郊狼', 'amber black', 'plain', 'anglo latin'],
          ['pinecrest-lumberjacks', 'Pinecrest Lumberjacks', '松冠伐木工', 'green cream', 'band'],
          ['ironport-titans', 'Ironport Titans', '铁港泰坦', 'black red', 'sleeves'],
          ['silverlake-foxes', 'Silverlake Foxes', '银湖狐狸', 'red white', 'pinstripes'],
          ['redrock-scorpions', 'Redrock Scorpions', '红岩蝎子', 'claret amber', 'fade', 'anglo pacific'],
        ]),
      },
    ],
  },
];
