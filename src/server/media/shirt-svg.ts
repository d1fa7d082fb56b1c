/**
 * Flat SVG art for catalogue pictures: shirts, patches, shorts and socks. Every picture is fully
 * described by its URL (pattern, colours, shape), so the catalogue needs no image files and a
 * cache can keep each answer forever. Designs come from URLs: anything outside the fixed
 * vocabularies is refused (null), and only validated tokens ever reach the SVG text.
 */
import { MEDIA_PREFIX } from '../../domain/site-routes.ts';

export const SHIRT_PATTERNS = ['plain', 'stripes', 'pinstripes', 'hoops', 'halves', 'quarters', 'sash', 'chevron', 'band', 'sleeves', 'fade'] as const;
export type ShirtPattern = (typeof SHIRT_PATTERNS)[number];

/** Garment cuts; "tee" is the default and is left out of design strings so each picture has one URL. */
export const SHIRT_CUTS = ['tee', 'long', 'vest', 'polo'] as const;
export type ShirtCut = (typeof SHIRT_CUTS)[number];

export const PATCH_SHAPES = ['shield', 'roundel', 'star', 'trophy', 'heart', 'hexagon'] as const;
export type PatchShape = (typeof PATCH_SHAPES)[number];

export type ShirtSide = 'front' | 'back';

/** A colour as it appears in a design: six lower-case hex digits, no "#". */
const HEX = /^[0-9a-f]{6}$/;
const MAX_DESIGN_LENGTH = 64;

export interface ShirtDesign {
  pattern: ShirtPattern;
  /** Base, pattern and (optionally) trim colour, as six lower-case hex digits each. */
  colours: string[];
  cut: ShirtCut;
}

function isOneOf<T extends string>(list: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (list as readonly string[]).includes(value);
}

/** "stripes.d71920.ffffff.111111" or with a cut: "hoops.0b2545.ffffff.long". */
export function parseShirtDesign(design: string): ShirtDesign | null {
  if (typeof design !== 'string' || design.length > MAX_DESIGN_LENGTH) return null;
  const parts = design.split('.');
  let cut: ShirtCut = 'tee';
  const last = parts[parts.length - 1];
  if (last !== 'tee' && isOneOf(SHIRT_CUTS, last)) {
    cut = last;
    parts.pop();
  }
  const [pattern, ...colours] = parts;
  if (!isOneOf(SHIRT_PATTERNS, pattern)) return null;
  if (colours.length < 2 || colours.length > 3 || !colours.every((c) => HEX.test(c))) return null;
  return { pattern, colours, cut };
}

export function formatShirtDesign(design: ShirtDesign): string {
  const colours = design.colours.map((c) => c.replace(/^#/, '').toLowerCase());
  return [design.pattern, ...colours, ...(design.cut === 'tee' ? [] : [design.cut])].join('.');
}

export const shirtImageUrl = (design: string, side: ShirtSide) => `${MEDIA_PREFIX}/shirt/${design}-${side}.svg`;
export const patchImageUrl = (shape: PatchShape, colour: string) => `${MEDIA_PREFIX}/patch/${shape}.${colour.replace(/^#/, '')}.svg`;
export const shortsImageUrl = (c1: string, c2: string) => `${MEDIA_PREFIX}/shorts/${c1.replace(/^#/, '')}.${c2.replace(/^#/, '')}.svg`;
export const socksImageUrl = (c1: string, c2: string) => `${MEDIA_PREFIX}/socks/${c1.replace(/^#/, '')}.${c2.replace(/^#/, '')}.svg`;

// ---- colour helpers -------------------------------------------------------------------------

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour towards black (amount < 0) or white (amount > 0). */
function tint(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  return `#${rgb(hex)
    .map((v) => Math.round(v + (target - v) * a).toString(16).padStart(2, '0'))
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Ink that reads on the given background. */
const contrastInk = (hex: string) => (luminance(hex) > 0.6 ? '#1d1d1f' : '#ffffff');

function svg(viewBox: string, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" role="img" aria-label="${label}">${body}</svg>`;
}

/** The same points reflected about the vertical centre line of a 400-wide canvas. */
function mirrorPoints(points: string): string {
  return points
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [x, y] = pair.split(',');
      return `${400 - Number(x)},${y}`;
    })
    .join(' ');
}

// ---- shirt geometry (viewBox 0 0 400 440) ------------------------------------------------------

interface CutGeometry {
  /** Silhouette with the neckline as its top edge; {NECK} is replaced per side. */
  outline: string;
  neck: Record<ShirtSide, string>;
  /** The inner back of the collar seen through the front neck opening. */
  neckLeft: string;
  /** Right sleeve (or side panel for a vest); the left one is mirrored. */
  sleeve: string;
  /** Right cuff band (empty for a vest); mirrored for the left. */
  cuff: string;
  /** Extra trim strokes (vest armholes), right side; mirrored. */
  trimStroke: string;
}

const TEE: CutGeometry = {
  outline: 'M158 34{NECK}L302 56 L382 158 L334 190 L300 150 Q296 290 304 420 Q200 430 96 420 Q104 290 100 150 L66 190 L18 158 L98 56Z',
  neck: { front: 'Q200 80 242 34', back: 'Q200 48 242 34' },
  neckLeft: '158 34',
  sleeve: '296,50 384,156 334,192 300,150 294,100',
  cuff: '382,158 334,190 328,181 375,149',
  trimStroke: '',
};

const GEOMETRY: Record<ShirtCut, CutGeometry> = {
  tee: TEE,
  polo: { ...TEE, neck: { front: 'Q200 64 242 34', back: 'Q200 46 242 34' } },
  long: {
    ...TEE,
    outline: 'M158 34{NECK}L302 56 L352 150 L386 318 L348 326 L330 196 L300 150 Q296 290 304 420 Q200 430 96 420 Q104 290 100 150 L70 196 L52 326 L14 318 L48 150 L98 56Z',
    sleeve: '296,50 354,148 390,318 348,328 330,196 300,150 294,100',
    cuff: '386,318 348,326 346,311 383,304',
  },
  vest: {
    outline: 'M166 30{NECK}L270 34 Q276 140 308 170 Q300 300 306 420 Q200 430 94 420 Q100 300 92 170 Q124 140 130 34Z',
    neck: { front: 'Q200 104 234 30', back: 'Q200 58 234 30' },
    neckLeft: '166 30',
    sleeve: '282,150 312,172 306,420 276,420 272,300',
    cuff: '',
    trimStroke: 'M270 34 Q276 140 308 170',
  },
};

function patternLayer(pattern: ShirtPattern, geometry: CutGeometry, accent: string): string {
  const fill = `fill="${accent}"`;
  const rects = (items: string[]) => items.join('');
  switch (pattern) {
    case 'plain':
      return '';
    case 'stripes':
      return rects(Array.from({ length: 9 }, (_, k) => `<rect x="${186 + (k - 4) * 56}" y="0" width="28" height="440" ${fill}/>`));
    case 'pinstripes':
      return rects(Array.from({ length: 17 }, (_, k) => `<rect x="${198 + (k - 8) * 24}" y="0" width="4" height="440" ${fill}/>`));
    case 'hoops':
      return rects(Array.from({ length: 6 }, (_, k) => `<rect x="0" y="${84 + k * 68}" width="400" height="34" ${fill}/>`));
    case 'halves':
      return `<rect x="200" y="0" width="200" height="440" ${fill}/>`;
    case 'quarters':
      return `<rect x="200" y="0" width="200" height="236" ${fill}/><rect x="0" y="236" width="200" height="204" ${fill}/>`;
    case 'sash':
      return `<polygon points="250,20 330,20 140,440 60,440" ${fill}/>`;
    case 'chevron':
      return `<polygon points="0,110 200,222 400,110 400,162 200,274 0,162" ${fill}/>`;
    case 'band':
      return `<rect x="0" y="136" width="400" height="62" ${fill}/>`;
    case 'sleeves':
      return `<polygon points="${geometry.sleeve}" ${fill}/><polygon points="${mirrorPoints(geometry.sleeve)}" ${fill}/>`;
    case 'fade':
      return `<rect width="400" height="440" fill="url(#sf)"/>`;
  }
}

/**
 * A flat shirt: body in the base colour, the pattern clipped to the silhouette, trim on collar
 * and cuffs, then soft light and fold shading. The back is left plain for the live name and
 * number preview, with a small neck label.
 */
export function renderShirt(design: string, side: ShirtSide): string | null {
  if (side !== 'front' && side !== 'back') return null;
  const parsed = parseShirtDesign(design);
  if (!parsed) return null;
  const [base = '', accent = '', trimHex] = parsed.colours;
  const baseFill = `#${base}`;
  const accentFill = `#${accent}`;
  const trim = `#${trimHex ?? accent}`;
  const g = GEOMETRY[parsed.cut];
  const outline = g.outline.replace('{NECK}', ` ${g.neck[side]} `);
  const neckLeft = g.neckLeft;
  const outlineStroke = tint(base, -0.45);

  const parts: string[] = [];
  parts.push(
    '<defs>',
    `<clipPath id="sc"><path d="${outline}"/></clipPath>`,
    '<linearGradient id="sl" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset=".42" stop-color="#fff" stop-opacity="0"/><stop offset=".62" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient>',
    parsed.pattern === 'fade' ? `<linearGradient id="sf" x1="0" y1="0" x2="0" y2="1"><stop offset=".2" stop-color="${baseFill}" stop-opacity="0"/><stop offset="1" stop-color="${accentFill}"/></linearGradient>` : '',
    '</defs>',
  );
  if (side === 'front') {
    // The inside of the back collar, seen through the neck opening: back neckline out, front back.
    const frontControl = g.neck.front.split(' ').slice(0, 2).join(' ');
    parts.push(`<path d="M${neckLeft} ${g.neck.back} ${frontControl} ${neckLeft}Z" fill="${tint(base, -0.4)}"/>`);
    parts.push(`<path d="M${neckLeft} ${g.neck.back}" fill="none" stroke="${trim}" stroke-width="5"/>`);
  }
  parts.push(`<path d="${outline}" fill="${baseFill}"/>`);
  parts.push(`<g clip-path="url(#sc)">`);
  // Seen from behind, asymmetric patterns (halves, sash, quarters) swap sides.
  const pattern = patternLayer(parsed.pattern, g, accentFill);
  parts.push(side === 'back' && pattern ? `<g transform="matrix(-1 0 0 1 400 0)">${pattern}</g>` : pattern);
  if (g.cuff) parts.push(`<polygon points="${g.cuff}" fill="${trim}"/><polygon points="${mirrorPoints(g.cuff)}" fill="${trim}"/>`);
  if (g.trimStroke) {
    const mirrored = g.trimStroke.replace(/([0-9.]+) ([0-9.]+)/g, (_, x: string, y: string) => `${400 - Number(x)} ${y}`);
    parts.push(`<path d="${g.trimStroke}" fill="none" stroke="${trim}" stroke-width="14"/><path d="${mirrored}" fill="none" stroke="${trim}" stroke-width="14"/>`);
  }
  // Sleeves sit slightly in shadow; folds under the arms and a hem line give the cloth some depth.
  if (parsed.cut !== 'vest') {
    parts.push(`<polygon points="${g.sleeve}" fill="#000" opacity=".07"/><polygon points="${mirrorPoints(g.sleeve)}" fill="#000" opacity=".07"/>`);
  }
  parts.push(
    '<path d="M122 176q14 110-4 236M278 176q-14 110 4 236" fill="none" stroke="#000" stroke-opacity=".05" stroke-width="6" stroke-linecap="round"/>',
    '<path d="M100 404Q200 414 300 404" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="3"/>',
    `<path d="${outline}" fill="url(#sl)"/>`,
    '</g>',
  );
  parts.push(`<path d="M${neckLeft} ${g.neck[side]}" fill="none" stroke="${trim}" stroke-width="10" stroke-linecap="round"/>`);
  if (parsed.cut === 'polo' && side === 'front') {
    // Collar points and a two-button placket.
    parts.push(
      `<polygon points="156,31 204,74 186,90 146,44" fill="${trim}"/><polygon points="244,31 196,74 214,90 254,44" fill="${trim}"/>`,
      `<rect x="192" y="74" width="16" height="56" fill="${tint(base, -0.12)}"/><circle cx="200" cy="92" r="3.5" fill="${trim}"/><circle cx="200" cy="114" r="3.5" fill="${trim}"/>`,
    );
  }
  if (side === 'front') {
    // A plain crest shape on the chest: no marks, just the team's colours.
    parts.push(`<path d="M238 104h30v14q0 16-15 22q-15-6-15-22z" fill="${trim}" stroke="${contrastInk(trim)}" stroke-opacity=".55" stroke-width="2"/>`);
  } else {
    parts.push(`<rect x="189" y="${parsed.cut === 'vest' ? 46 : 48}" width="22" height="12" rx="2" fill="#fff" opacity=".85"/><path d="M193 52h14M193 56h9" stroke="#000" stroke-opacity=".3" stroke-width="1.5"/>`);
  }
  parts.push(`<path d="${outline}" fill="none" stroke="${outlineStroke}" stroke-opacity=".55" stroke-width="2.5" stroke-linejoin="round"/>`);
  return svg('0 0 400 440', `${parsed.pattern} shirt, ${side}`, parts.join(''));
}

// ---- patches (viewBox 0 0 120 120) ------------------------------------------------------------

const STAR = (cx: number, cy: number, r: number) => {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.42;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(' ');
};

const SHIELD_PATH = 'M20 14H100V54Q100 92 60 108Q20 92 20 54Z';
const HEART_PATH = 'M60 104C18 76 8 54 14 36C20 18 44 12 60 32C76 12 100 18 106 36C112 54 102 76 60 104Z';
const HEXAGON_POINTS = '60,8 105,34 105,86 60,112 15,86 15,34';
const TROPHY_PATH = 'M42 32H78V46Q78 66 60 70Q42 66 42 46ZM42 36H32Q32 54 46 56M78 36H88Q88 54 74 56M56 70H64V82H56ZM46 82H74V90H46Z';

/** "shield.1f4fb4": a sleeve patch of the given shape and colour. */
export function renderPatch(design: string): string | null {
  if (typeof design !== 'string' || design.length > MAX_DESIGN_LENGTH) return null;
  const [shape, colour, ...rest] = design.split('.');
  if (rest.length > 0 || !isOneOf(PATCH_SHAPES, shape) || colour === undefined || !HEX.test(colour)) return null;
  const fill = `#${colour}`;
  const ink = contrastInk(colour);
  const rim = tint(colour, -0.35);
  let body: string;
  switch (shape) {
    case 'shield':
      body = `<path d="${SHIELD_PATH}" fill="${fill}" stroke="${rim}" stroke-width="4"/><path d="${SHIELD_PATH}" transform="translate(12 10) scale(.8)" fill="none" stroke="${ink}" stroke-width="3"/><polygon points="${STAR(60, 56, 20)}" fill="${ink}"/>`;
      break;
    case 'roundel':
      body = `<circle cx="60" cy="60" r="52" fill="${fill}" stroke="${rim}" stroke-width="4"/><circle cx="60" cy="60" r="40" fill="none" stroke="${ink}" stroke-width="3" stroke-dasharray="2 5"/><polygon points="${STAR(60, 60, 22)}" fill="${ink}"/>`;
      break;
    case 'star':
      body = `<polygon points="${STAR(60, 62, 54)}" fill="${fill}" stroke="${rim}" stroke-width="4" stroke-linejoin="round"/><circle cx="60" cy="64" r="12" fill="${ink}"/>`;
      break;
    case 'trophy':
      body = `<circle cx="60" cy="60" r="52" fill="${fill}" stroke="${rim}" stroke-width="4"/><path d="${TROPHY_PATH}" fill="${ink}" stroke="${ink}" stroke-width="2" stroke-linejoin="round" fill-rule="nonzero"/>`;
      break;
    case 'heart':
      body = `<path d="${HEART_PATH}" fill="${fill}" stroke="${rim}" stroke-width="4"/><path d="M30 44Q34 30 48 30" fill="none" stroke="${ink}" stroke-opacity=".7" stroke-width="5" stroke-linecap="round"/>`;
      break;
    case 'hexagon':
      body = `<polygon points="${HEXAGON_POINTS}" fill="${fill}" stroke="${rim}" stroke-width="4" stroke-linejoin="round"/><polygon points="${HEXAGON_POINTS}" transform="translate(14 14) scale(.766)" fill="none" stroke="${ink}" stroke-width="3"/><polygon points="${STAR(60, 60, 18)}" fill="${ink}"/>`;
      break;
  }
  return svg('0 0 120 120', `${shape} patch`, body);
}

// ---- shorts and socks ---------------------------------------------------------------------------

function twoColours(design: string): [string, string] | null {
  if (typeof design !== 'string' || design.length > MAX_DESIGN_LENGTH) return null;
  const parts = design.split('.');
  if (parts.length !== 2 || !parts.every((c) => HEX.test(c))) return null;
  return [parts[0] as string, parts[1] as string];
}

const SHADE_GRADIENT =
  '<linearGradient id="gl" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>';

/** "0b2545.ffffff": shorts in the first colour with a waistband and side stripes in the second. */
export function renderShorts(design: string): string | null {
  const colours = twoColours(design);
  if (!colours) return null;
  const [c1, c2] = colours;
  const outline = 'M44 30H256L284 212Q226 226 164 220L150 118L136 220Q74 226 16 212Z';
  const body = [
    `<defs><clipPath id="hc"><path d="${outline}"/></clipPath>${SHADE_GRADIENT}</defs>`,
    `<path d="${outline}" fill="#${c1}"/>`,
    '<g clip-path="url(#hc)">',
    `<rect x="0" y="30" width="300" height="22" fill="#${c2}"/>`,
    `<polygon points="36,52 52,52 30,230 12,230" fill="#${c2}"/><polygon points="264,52 248,52 270,230 288,230" fill="#${c2}"/>`,
    `<path d="M14 204Q76 216 136 212M164 212Q226 216 286 204" fill="none" stroke="#${c2}" stroke-width="8"/>`,
    '<path d="M150 52V118" stroke="#000" stroke-opacity=".15" stroke-width="3"/>',
    `<path d="${outline}" fill="url(#gl)"/>`,
    '</g>',
    `<path d="M140 38q-6 22 -14 30M160 38q6 22 14 30" fill="none" stroke="${contrastInk(c2)}" stroke-opacity=".8" stroke-width="3" stroke-linecap="round"/>`,
    `<path d="${outline}" fill="none" stroke="${tint(c1, -0.45)}" stroke-opacity=".55" stroke-width="2.5" stroke-linejoin="round"/>`,
  ].join('');
  return svg('0 0 300 240', 'team shorts', body);
}

/** "0b2545.ffffff": a pair of socks in the first colour with a turnover and hoops in the second. */
export function renderSocks(design: string): string | null {
  const colours = twoColours(design);
  if (!colours) return null;
  const [c1, c2] = colours;
  const sock = 'M40 16H104V196Q104 210 116 218L170 252Q190 266 180 284Q170 298 148 290L58 250Q40 242 40 222Z';
  const one = (id: string, dx: number) =>
    [
      `<g transform="translate(${dx} 0)">`,
      `<clipPath id="${id}"><path d="${sock}"/></clipPath>`,
      `<path d="${sock}" fill="#${c1}"/>`,
      `<g clip-path="url(#${id})">`,
      `<rect x="30" y="16" width="90" height="34" fill="#${c2}"/><rect x="30" y="60" width="90" height="8" fill="#${c2}"/><rect x="30" y="76" width="90" height="8" fill="#${c2}"/>`,
      `<path d="M104 196Q104 210 116 218L148 238L136 262L58 250Q40 242 40 222Z" fill="#000" opacity=".06"/>`,
      `<path d="M150 240L190 262V300H130Z" fill="${tint(c1, -0.25)}"/>`,
      `<path d="${sock}" fill="url(#gl)"/>`,
      '</g>',
      `<path d="${sock}" fill="none" stroke="${tint(c1, -0.45)}" stroke-opacity=".55" stroke-width="2.5" stroke-linejoin="round"/>`,
      '</g>',
    ].join('');
  return svg('0 0 300 300', 'team socks', `<defs>${SHADE_GRADIENT}</defs>${one('ka', 0)}${one('kb', 84)}`);
}
