/**
 * What the cart shows, apart from how it is drawn: the rows of a line's details, the controls'
 * icons and the empty cart's picture. LineDetails.tsx, CartLine.tsx and CartStates.tsx draw them
 * with React; the cart page's first paint (scripts/cart-preview.ts) draws the same before React
 * has arrived.
 */
import { LETTERING_PARTS, printRows, type PrintRow, type ShownPrint } from '../../domain/personalisation.ts';
import type { MessageKey, TFunction } from '../../i18n/core.ts';

/** The parts of a cart, quote or order line that the details show: its size and its print. */
export interface LineDetailsLine extends ShownPrint {
  size: string;
}

export type DetailRow = [key: string, label: MessageKey, value: string];

/** A print row as the storefront words it; null for a row it does not show. */
function detailRow(row: PrintRow, t: TFunction): DetailRow | null {
  const separator = t('cart.line.separator');
  switch (row.key) {
    case 'type':
      return ['type', 'cart.line.customType', t(`cart.customType.${row.customType}`)];
    case 'player':
      return ['player', 'cart.line.player', `${row.name} #${row.number}`];
    case 'print':
      return ['print', 'cart.line.nameNumber', row.text];
    case 'lettering': {
      // Only the premium choices: "standard" is what every shirt gets.
      const premium = LETTERING_PARTS.filter(({ part }) => row[part] !== 'Standard').map(({ part }) => t(`print.lettering.${part}.line`, { option: t(`cart.premium.${row[part]}`) }));
      return premium.length > 0 ? ['premium', 'cart.line.premium', premium.join(separator)] : null;
    }
    case 'patches':
      return ['patches', 'cart.line.patches', row.items.map((p) => p.patchName).join(separator)];
    case 'addons':
      return ['addons', 'cart.line.addons', row.items.map((a) => a.name).join(separator)];
  }
}

/** Size, then the print's rows (domain/personalisation.ts, printRows): print type, the chosen player or the own name and number, premium lettering, patches, add-ons. */
export function lineDetailRows(line: LineDetailsLine, t: TFunction): DetailRow[] {
  const rows: DetailRow[] = [['size', 'cart.line.size', line.size]];
  for (const row of printRows(line)) {
    const shown = detailRow(row, t);
    if (shown) rows.push(shown);
  }
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
