/**
 * Geometry and colours of the name and number drawn over the shirt's back image (an SVG of
 * 400 x 440 units) in the configurator's live preview. Pure, so it can be tested without a DOM.
 */
import type { PremiumOption } from '../../domain/personalisation.ts';

/** Where the print goes on the back, in the image's units (below the neck label, above the hem). */
export const PRINT_LAYOUT = {
  centreX: 200,
  name: { baseline: 128, maxWidth: 170, maxSize: 34, minSize: 16, advance: 0.7 },
  number: { baseline: 292, maxWidth: 160, maxSize: 128, minSize: 60, advance: 0.62 },
} as const;

export interface TextBox {
  maxWidth: number;
  maxSize: number;
  minSize: number;
  /** Average advance of one character, as a fraction of the font size (bold capitals and digits). */
  advance: number;
}

export interface FittedText {
  fontSize: number;
  /**
   * Set when even the smallest size would be too wide: the text is then squeezed to this width
   * (SVG textLength), so a 15-letter name never runs off the shirt.
   */
  textLength: number | null;
}

/** The largest font size at which `text` fits the box, or the smallest size squeezed to fit. */
export function fitText(text: string, box: TextBox): FittedText {
  const length = [...text].length;
  if (length === 0) return { fontSize: box.maxSize, textLength: null };
  const natural = box.maxWidth / (length * box.advance);
  if (natural >= box.minSize) return { fontSize: Math.round(Math.min(box.maxSize, natural) * 10) / 10, textLength: null };
  return { fontSize: box.minSize, textLength: box.maxWidth };
}

export interface ShirtColours {
  base: string;
  accent: string;
  trim: string;
}

/**
 * The colours of a shirt, read from its picture's address ("/api/media/shirt/stripes.c8102e.ffffff
 * .111111-back.svg": pattern, base, accent, optional trim, optional cut). Null for any other address.
 */
export function shirtColours(imageUrl: string): ShirtColours | null {
  const file = imageUrl.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const match = /^([a-z]+)((?:\.[0-9a-f]{6}){2,3})(?:\.[a-z]+)?-(?:front|back)\.svg$/.exec(file);
  if (!match) return null;
  const [base, accent, trim] = match[2]!.slice(1).split('.').map((hex) => `#${hex}`);
  return { base: base!, accent: accent!, trim: trim ?? accent! };
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const PREMIUM_PAINT: Record<Exclude<PremiumOption, 'Standard'>, { fill: string; stroke: string }> = {
  Gold: { fill: '#d4a017', stroke: '#3d2e05' },
  Silver: { fill: '#c4c8ce', stroke: '#2b2f36' },
};

/** Enough contrast for large lettering (WCAG's 3:1 for large text). */
const READABLE = 3;

/**
 * Fill and outline of the lettering. Standard lettering is in the team colour (trim or accent) that
 * reads best on the shirt, else black or white; the outline is the shirt's base colour when
 * that contrasts with the fill, so the print stays legible across stripes and hoops. Gold and
 * Silver are metallic fills with a dark outline.
 */
export function printPaint(colours: ShirtColours | null, option: PremiumOption): { fill: string; stroke: string } {
  if (option !== 'Standard') return PREMIUM_PAINT[option];
  if (!colours) return { fill: '#ffffff', stroke: '#14213d' };
  const dark = '#111111';
  const light = '#ffffff';
  const teamInk = [colours.trim, colours.accent]
    .filter((c) => contrastRatio(c, colours.base) >= READABLE)
    .sort((a, b) => contrastRatio(b, colours.base) - contrastRatio(a, colours.base))[0];
  const fill = teamInk ?? (contrastRatio(dark, colours.base) >= contrastRatio(light, colours.base) ? dark : light);
  const stroke = contrastRatio(colours.base, fill) >= READABLE ? colours.base : contrastRatio(dark, fill) >= contrastRatio(light, fill) ? dark : light;
  return { fill, stroke };
}
