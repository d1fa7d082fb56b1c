/**
 * What the cart shows, apart from how it is drawn: the rows of a line's details, the controls'
 * icons and the empty cart's picture. LineDetails.tsx, CartLine.tsx and CartStates.tsx draw them
 * with React; the cart page's first paint (scripts/cart-preview.ts) draws the same before React
 * has arrived.
 */
import { CUSTOM_TYPES, type CustomType, type PremiumOption } from '../../domain/personalisation.ts';
import type { MessageKey, TFunction } from '../../i18n/core.ts';

/** The parts of a cart, quote or order line that the details show. */
export interface LineDetailsLine {
  size: string;
  customType: CustomType;
  /** The chosen player (cart and checkout lines; an order line keeps the printed name and number instead). */
  player?: { name: string; number: string } | null;
  customName: string | null;
  customNumber: string | null;
  premiumNameOption: PremiumOption;
  premiumNumberOption: PremiumOption;
  personalised: boolean;
  patches: readonly { patchName: string }[];
  addonItems: readonly { name: string }[];
}

export type DetailRow = [key: string, label: MessageKey, value: string];

/** Size, print type, the chosen player or the own name and number, premium lettering, patches, add-ons: those a line has. */
export function lineDetailRows(line: LineDetailsLine, t: TFunction): DetailRow[] {
  const separator = t('cart.line.separator');
  const rows: DetailRow[] = [
    ['size', 'cart.line.size', line.size],
    ['type', 'cart.line.customType', t(`cart.customType.${line.customType}`)],
  ];
  const player = line.customType === CUSTOM_TYPES.CHOOSE_PLAYER ? line.player : null;
  if (player) rows.push(['player', 'cart.line.player', `${player.name} #${player.number}`]);
  else if (line.customName || line.customNumber) rows.push(['print', 'cart.line.nameNumber', [line.customName, line.customNumber].filter(Boolean).join(' ')]);
  // Only the premium choices: "standard" is what every shirt gets.
  const premium = [
    line.premiumNameOption !== 'Standard' && t('cart.line.premiumName', { option: t(`cart.premium.${line.premiumNameOption}`) }),
    line.premiumNumberOption !== 'Standard' && t('cart.line.premiumNumber', { option: t(`cart.premium.${line.premiumNumberOption}`) }),
  ].filter(Boolean);
  if (line.personalised && premium.length > 0) rows.push(['premium', 'cart.line.premium', premium.join(separator)]);
  if (line.patches.length > 0) rows.push(['patches', 'cart.line.patches', line.patches.map((p) => p.patchName).join(separator)]);
  if (line.addonItems.length > 0) rows.push(['addons', 'cart.line.addons', line.addonItems.map((a) => a.name).join(separator)]);
  return rows;
}

/** The line's thumbnail is shown at 80 x 88 (the shirt art is 400 x 440); the size is reserved before it loads. */
export const LINE_THUMB = { width: 80, height: 88 } as const;

/** The controls' icons (24 x 24 view box, drawn at 18 px), as path data. */
export const LINE_ICONS = {
  minus: 'M5 12h14',
  plus: 'M5 12h14M12 5v14',
  remove: 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3',
} as const;

/** The empty cart's picture (48 x 48 view box, drawn at 64 px): a trolley and its two wheels. */
export const EMPTY_CART_ICON = {
  trolley: 'M6 8h5l5 24h22l4-16H14',
  wheels: [
    { cx: 19, cy: 39, r: 3 },
    { cx: 35, cy: 39, r: 3 },
  ],
} as const;
