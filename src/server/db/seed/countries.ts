/**
 * Countries (ISO 3166-1 alpha-2) with calling codes and en-US / zh-CN names, and the states or
 * provinces of the countries whose addresses need one.
 * Country names and phone codes come from `countries-list`, Chinese names from
 * `i18n-iso-countries`; the few corrections below are listed with their reasons.
 */
import { sql } from 'drizzle-orm';
import { countries as countryData } from 'countries-list';
import zhNames from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import type { Localised } from '../../../domain/locale.ts';
import type { Db } from '../client.ts';
import { countries, states } from '../schema.ts';

export interface CountryRow {
  code: string;
  name: Localised;
  phoneCode: string;
  sort: number;
}

export interface StateRow {
  countryCode: string;
  code: string;
  name: Localised;
  sort: number;
}

/** Reserved codes that ISO 3166-1 does not assign; both are already part of SH. */
const SKIPPED = new Set(['AC', 'TA']);

/** The library strips diacritics and names BQ after one island only. */
const EN_OVERRIDES: Record<string, string> = {
  AX: 'Åland Islands',
  BL: 'Saint Barthélemy',
  BQ: 'Caribbean Netherlands',
  CW: 'Curaçao',
  RE: 'Réunion',
};

/** Mainland-China usage for the SARs and Taiwan; EH's library name is a claimant's, not the territory's. */
const ZH_OVERRIDES: Record<string, string> = {
  HK: '中国香港',
  MO: '中国澳门',
  TW: '中国台湾',
  EH: '西撒哈拉',
};

/**
 * The library gives NANP members (and SJ, BQ, CW) their country code with an area code fused on
 * (e.g. 1876 for Jamaica); the address form wants the ITU country code alone, since the local
 * number the shopper types already starts with the area code. Kosovo's first listed code is
 * Monaco's legacy one; +383 is its own.
 */
const PHONE_OVERRIDES: Record<string, string> = { XK: '383', SJ: '47', BQ: '599', CW: '599' };

function phoneCode(code: string, phones: readonly number[]): string {
  const override = PHONE_OVERRIDES[code];
  if (override) return `+${override}`;
  const first = String(phones[0]);
  return first.length === 4 && first.startsWith('1') ? '+1' : `+${first}`;
}

function zhName(code: string): string {
  const value = (zhNames.countries as Record<string, string | string[]>)[code];
  return ZH_OVERRIDES[code] ?? (Array.isArray(value) ? value[0] : value) ?? '';
}

let countryCache: CountryRow[] | undefined;

export function countryRows(): CountryRow[] {
  if (countryCache) return countryCache;
  const rows = Object.entries(countryData)
    .filter(([code]) => !SKIPPED.has(code))
    .map(([code, c]) => ({
      code,
      name: { 'en-US': EN_OVERRIDES[code] ?? c.name, 'zh-CN': zhName(code) },
      phoneCode: phoneCode(code, c.phone),
      sort: 0,
    }));
  // Collator rather than < so that "Åland" sorts with the A's.
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  rows.sort((a, b) => collator.compare(a.name['en-US'], b.name['en-US']));
  rows.forEach((row, i) => (row.sort = i));
  countryCache = rows;
  return rows;
}

/**
 * One `code|en|zh` line per subdivision, in display order. Codes are ISO 3166-2 suffixes
 * (India's as revised in 2023: CG, OD, TS, UK); Hong Kong's three areas are the specification's.
 */
const STATE_TABLES: Record<string, string> = {
  US: `AL|Alabama|亚拉巴马州
AK|Alaska|阿拉斯加州
AZ|Arizona|亚利桑那州
AR|Arkansas|阿肯色州
CA|California|加利福尼亚州
CO|Colorado|科罗拉多州
CT|Connecticut|康涅狄格州
DE|Delaware|特拉华州
DC|District of Columbia|哥伦比亚特区
FL|Florida|佛罗里达州
GA|Georgia|佐治亚州
HI|Hawaii|夏威夷州
ID|Idaho|爱达荷州
IL|Illinois|伊利诺伊州
IN|Indiana|印第安纳州
IA|Iowa|艾奥瓦州
KS|Kansas|堪萨斯州
KY|Kentucky|肯塔基州
LA|Louisiana|路易斯安那州
ME|Maine|缅因州
MD|Maryland|马里兰州
MA|Massachusetts|马萨诸塞州
MI|Michigan|密歇根州
MN|Minnesota|明尼苏达州
MS|Mississippi|密西西比州
MO|Missouri|密苏里州
MT|Montana|蒙大拿州
NE|Nebraska|内布拉斯加州
NV|Nevada|内华达州
NH|New Hampshire|新罕布什尔州
NJ|New Jersey|新泽西州
NM|New Mexico|新墨西哥州
NY|New York|纽约州
NC|North Carolina|北卡罗来纳州
ND|North Dakota|北达科他州
OH|Ohio|俄亥俄州
OK|Oklahoma|俄克拉何马州
OR|Oregon|俄勒冈州
PA|Pennsylvania|宾夕法尼亚州
RI|Rhode Island|罗得岛州
SC|South Carolina|南卡罗来纳州
SD|South Dakota|南达科他州
TN|Tennessee|田纳西州
TX|Texas|得克萨斯州
UT|Utah|犹他州
VT|Vermont|佛蒙特州
VA|Virginia|弗吉尼亚州
WA|Washington|华盛顿州
WV|West Virginia|西弗吉尼亚州
WI|Wisconsin|威斯康星州
WY|Wyoming|怀俄明州`,
  CA: `AB|Alberta|艾伯塔省
BC|British Columbia|不列颠哥伦比亚省
MB|Manitoba|马尼托巴省
NB|New Brunswick|新不伦瑞克省
NL|Newfoundland and Labrador|纽芬兰与拉布拉多省
NT|Northwest Territories|西北地区
NS|Nova Scotia|新斯科舍省
NU|Nunavut|努纳武特地区
ON|Ontario|安大略省
PE|Prince Edward Island|爱德华王子岛省
QC|Quebec|魁北克省
SK|Saskatchewan|萨斯喀彻温省
YT|Yukon|育空地区`,
  AU: `ACT|Australian Capital Territory|澳大利亚首都领地
NSW|New South Wales|新南威尔士州
NT|Northern Territory|北领地
QLD|Queensland|昆士兰州
SA|South Australia|南澳大利亚州
TAS|Tasmania|塔斯马尼亚州
VIC|Victoria|维多利亚州
WA|Western Australia|西澳大利亚州`,
  // GB/T 2260 order, the one Chinese shoppers know from every address form.
  CN: `BJ|Beijing|北京市
TJ|Tianjin|天津市
HE|Hebei|河北省
SX|Shanxi|山西省
NM|Inner Mongolia|内蒙古自治区
LN|Liaoning|辽宁省
JL|Jilin|吉林省
HL|Heilongjiang|黑龙江省
SH|Shanghai|上海市
JS|Jiangsu|江苏省
ZJ|Zhejiang|浙江省
AH|Anhui|安徽省
FJ|Fujian|福建省
JX|Jiangxi|江西省
SD|Shandong|山东省
HA|Henan|河南省
HB|Hubei|湖北省
HN|Hunan|湖南省
GD|Guangdong|广东省
GX|Guangxi|广西壮族自治区
HI|Hainan|海南省
CQ|Chongqing|重庆市
SC|Sichuan|四川省
GZ|Guizhou|贵州省
YN|Yunnan|云南省
XZ|Tibet|西藏自治区
SN|Shaanxi|陕西省
GS|Gansu|甘肃省
QH|Qinghai|青海省
NX|Ningxia|宁夏回族自治区
XJ|Xinjiang|新疆维吾尔自治区`,
  HK: `HKI|Hong Kong Island|香港岛
KLN|Kowloon|九龙
NT|New Territories / Outlying Islands|新界/离岛`,
  MX: `AGU|Aguascalientes|阿瓜斯卡连特斯州
BCN|Baja California|下加利福尼亚州
BCS|Baja California Sur|南下加利福尼亚州
CAM|Campeche|坎佩切州
CHP|Chiapas|恰帕斯州
CHH|Chihuahua|奇瓦瓦州
CMX|Ciudad de México|墨西哥城
COA|Coahuila|科阿韦拉州
COL|Colima|科利马州
DUR|Durango|杜兰戈州
MEX|Estado de México|墨西哥州
GUA|Guanajuato|瓜纳华托州
GRO|Guerrero|格雷罗州
HID|Hidalgo|伊达尔戈州
JAL|Jalisco|哈利斯科州
MIC|Michoacán|米却肯州
MOR|Morelos|莫雷洛斯州
NAY|Nayarit|纳亚里特州
NLE|Nuevo León|新莱昂州
OAX|Oaxaca|瓦哈卡州
PUE|Puebla|普埃布拉州
QUE|Querétaro|克雷塔罗州
ROO|Quintana Roo|金塔纳罗奥州
SLP|San Luis Potosí|圣路易斯波托西州
SIN|Sinaloa|锡那罗亚州
SON|Sonora|索诺拉州
TAB|Tabasco|塔巴斯科州
TAM|Tamaulipas|塔毛利帕斯州
TLA|Tlaxcala|特拉斯卡拉州
VER|Veracruz|韦拉克鲁斯州
YUC|Yucatán|尤卡坦州
ZAC|Zacatecas|萨卡特卡斯州`,
  BR: `AC|Acre|阿克里州
AL|Alagoas|阿拉戈斯州
AP|Amapá|阿马帕州
AM|Amazonas|亚马孙州
BA|Bahia|巴伊亚州
CE|Ceará|塞阿拉州
DF|Distrito Federal|联邦区
ES|Espírito Santo|圣埃斯皮里图州
GO|Goiás|戈亚斯州
MA|Maranhão|马拉尼昂州
MT|Mato Grosso|马托格罗索州
MS|Mato Grosso do Sul|南马托格罗索州
MG|Minas Gerais|米纳斯吉拉斯州
PA|Pará|帕拉州
PB|Paraíba|帕拉伊巴州
PR|Paraná|巴拉那州
PE|Pernambuco|伯南布哥州
PI|Piauí|皮奥伊州
RJ|Rio de Janeiro|里约热内卢州
RN|Rio Grande do Norte|北里奥格兰德州
RS|Rio Grande do Sul|南里奥格兰德州
RO|Rondônia|朗多尼亚州
RR|Roraima|罗赖马州
SC|Santa Catarina|圣卡塔琳娜州
SP|São Paulo|圣保罗州
SE|Sergipe|塞尔希培州
TO|Tocantins|托坎廷斯州`,
  IN: `AN|Andaman and Nicobar Islands|安达曼-尼科巴群岛
AP|Andhra Pradesh|安得拉邦
AR|Arunachal Pradesh|阿鲁纳恰尔邦
AS|Assam|阿萨姆邦
BR|Bihar|比哈尔邦
CH|Chandigarh|昌迪加尔
CG|Chhattisgarh|恰蒂斯加尔邦
DH|Dadra and Nagar Haveli and Daman and Diu|达德拉-纳加尔哈维利和达曼-第乌
DL|Delhi|德里
GA|Goa|果阿邦
GJ|Gujarat|古吉拉特邦
HR|Haryana|哈里亚纳邦
HP|Himachal Pradesh|喜马偕尔邦
JK|Jammu and Kashmir|查谟和克什米尔
JH|Jharkhand|贾坎德邦
KA|Karnataka|卡纳塔克邦
KL|Kerala|喀拉拉邦
LA|Ladakh|拉达克
LD|Lakshadweep|拉克沙群岛
MP|Madhya Pradesh|中央邦
MH|Maharashtra|马哈拉施特拉邦
MN|Manipur|曼尼普尔邦
ML|Meghalaya|梅加拉亚邦
MZ|Mizoram|米佐拉姆邦
NL|Nagaland|那加兰邦
OD|Odisha|奥里萨邦
PY|Puducherry|本地治里
PB|Punjab|旁遮普邦
RJ|Rajasthan|拉贾斯坦邦
SK|Sikkim|锡金邦
TN|Tamil Nadu|泰米尔纳德邦
TS|Telangana|特伦甘纳邦
TR|Tripura|特里普拉邦
UP|Uttar Pradesh|北方邦
UK|Uttarakhand|北阿坎德邦
WB|West Bengal|西孟加拉邦`,
  // JIS order (north to south), which the ISO codes follow.
  JP: `01|Hokkaido|北海道
02|Aomori|青森县
03|Iwate|岩手县
04|Miyagi|宫城县
05|Akita|秋田县
06|Yamagata|山形县
07|Fukushima|福岛县
08|Ibaraki|茨城县
09|Tochigi|栃木县
10|Gunma|群马县
11|Saitama|埼玉县
12|Chiba|千叶县
13|Tokyo|东京都
14|Kanagawa|神奈川县
15|Niigata|新潟县
16|Toyama|富山县
17|Ishikawa|石川县
18|Fukui|福井县
19|Yamanashi|山梨县
20|Nagano|长野县
21|Gifu|岐阜县
22|Shizuoka|静冈县
23|Aichi|爱知县
24|Mie|三重县
25|Shiga|滋贺县
26|Kyoto|京都府
27|Osaka|大阪府
28|Hyogo|兵库县
29|Nara|奈良县
30|Wakayama|和歌山县
31|Tottori|鸟取县
32|Shimane|岛根县
33|Okayama|冈山县
34|Hiroshima|广岛县
35|Yamaguchi|山口县
36|Tokushima|德岛县
37|Kagawa|香川县
38|Ehime|爱媛县
39|Kochi|高知县
40|Fukuoka|福冈县
41|Saga|佐贺县
42|Nagasaki|长崎县
43|Kumamoto|熊本县
44|Oita|大分县
45|Miyazaki|宫崎县
46|Kagoshima|鹿儿岛县
47|Okinawa|冲绳县`,
};

let stateCache: StateRow[] | undefined;

export function stateRows(): StateRow[] {
  if (stateCache) return stateCache;
  const rows: StateRow[] = [];
  for (const [countryCode, table] of Object.entries(STATE_TABLES)) {
    table.split('\n').forEach((line, sort) => {
      const [code = '', en = '', zh = ''] = line.split('|');
      rows.push({ countryCode, code, name: { 'en-US': en, 'zh-CN': zh }, sort });
    });
  }
  stateCache = rows;
  return rows;
}

/**
 * Writes every country and state, updating rows that already exist so that a re-run picks up
 * corrected names; returns how many rows of each were written.
 */
export async function seedCountries(db: Db): Promise<{ countries: number; states: number }> {
  return db.transaction(async (tx) => {
    const c = await tx
      .insert(countries)
      .values(countryRows())
      .onConflictDoUpdate({
        target: countries.code,
        set: { name: sql`excluded.name`, phoneCode: sql`excluded.phone_code`, sort: sql`excluded.sort` },
      })
      .returning({ code: countries.code });
    const s = await tx
      .insert(states)
      .values(stateRows())
      .onConflictDoUpdate({
        target: [states.countryCode, states.code],
        set: { name: sql`excluded.name`, sort: sql`excluded.sort` },
      })
      .returning({ code: states.code });
    return { countries: c.length, states: s.length };
  });
}
