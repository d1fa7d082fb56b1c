/**
 * A team roster's rows as one block (docs/storefront.md "Team orders"), in the cart, the drawer
 * and the checkout: a native details element (a button to keyboards and screen readers) whose
 * summary says "Team: <name>", its shirts and its total. A big roster starts closed
 * (groupStartsOpen) and its rows are drawn once it is first opened; the cart page's first drawing
 * (scripts/cart-preview.ts) draws the same block.
 */
import { useState, type ReactNode } from 'react';
import { cartSegments, groupStartsOpen, type CartSegment, type GroupableLine } from '../../domain/cart.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../domain/money.model.ts';
import { useTranslation } from '../../i18n/react.tsx';

export interface GroupBlockProps {
  /** The roster's segment of the list (cartSegments). */
  group: Pick<Extract<CartSegment<never>, { kind: 'group' }>, 'id' | 'name' | 'itemCount' | 'total'> & { lines: readonly unknown[] };
  currency: CurrencyCode;
  locale: Locale;
  /** What comes before the rows, shown with them ("Change the team"). */
  head?: ReactNode;
  /** The rows, drawn only once the block has been open. */
  children: () => ReactNode;
}

export function GroupBlock({ group, currency, locale, head, children }: GroupBlockProps) {
  const { t } = useTranslation();
  const { id, name, itemCount, total } = group;
  const [startsOpen] = useState(() => groupStartsOpen(group.lines.length));
  const [drawn, setDrawn] = useState(startsOpen);
  return (
    <li className="cart-group" data-group-id={id}>
      {/* `open` only as it starts: React leaves the shopper's opening and closing alone afterwards. */}
      <details open={startsOpen} onToggle={(event) => event.currentTarget.open && setDrawn(true)}>
        <summary className="cart-group-summary">
          <span className="cart-group-name">{t('cart.group.name', { name })}</span>
          <span className="cart-group-count">{t('cart.group.shirts', { count: itemCount })}</span>
          <span className="cart-group-total">{formatMoney(total, currency, locale)}</span>
        </summary>
        {head}
        {drawn ? children() : null}
      </details>
    </li>
  );
}

export interface GroupedLinesProps<L extends GroupableLine> {
  lines: readonly L[];
  /** Which list's styles: `<look>-lines` on the list, and with `<look>-group-lines` on a roster's rows. */
  look: 'cart' | 'checkout';
  currency: CurrencyCode;
  locale: Locale;
  /** One line as an item of a list (keyed): `index` is its place in the list it is drawn in. */
  line: (line: L, index: number) => ReactNode;
  /** What a roster's block shows before its rows ("Change the team"). */
  groupHead?: (group: Extract<CartSegment<L>, { kind: 'group' }>) => ReactNode;
}

/** A list of lines (a cart's, a checkout's, an order's) with each team roster's rows as one GroupBlock. */
export function GroupedLines<L extends GroupableLine>({ lines, look, currency, locale, line, groupHead }: GroupedLinesProps<L>) {
  const listClass = `${look}-lines`;
  return (
    <ul className={listClass} role="list">
      {cartSegments(lines).map((segment, index) =>
        segment.kind === 'line' ? (
          line(segment.line, index)
        ) : (
          <GroupBlock key={segment.id} group={segment} currency={currency} locale={locale} head={groupHead?.(segment)}>
            {() => (
              <ul className={`${listClass} ${look}-group-lines`} role="list">
                {segment.lines.map(line)}
              </ul>
            )}
          </GroupBlock>
        ),
      )}
    </ul>
  );
}
