/**
 * One cart line, as the drawer and the cart page show it: image, name (to the product), unit
 * price, what is printed and added, quantity controls, delete, and the line total. Amounts are
 * the server's, in the cart's currency; this component only formats them.
 */
import type { CartLineRecord, CartPage } from '../../domain/cart.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../domain/money.model.ts';
import { MAX_LINE_QUANTITY } from '../../domain/pricing.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { canDecrease, canIncrease, mediaUrl } from '../../stores/cart.ts';
import { GroupedLines } from './GroupBlock.tsx';
import { LineDetails } from './LineDetails.tsx';
import { LINE_ICONS, LINE_THUMB } from './cart-parts.ts';
import { productHref, teamHref } from './links.ts';

export interface CartLineProps {
  line: CartLineRecord;
  currency: CurrencyCode;
  locale: Locale;
  /** A change to this line is on its way: its controls are disabled until it is done. */
  busy: boolean;
  variant: 'drawer' | 'page';
  onQuantity: (line: CartLineRecord, quantity: number) => void;
  onRemove: (line: CartLineRecord) => void;
}

export interface CartLinesProps extends Pick<CartLineProps, 'locale' | 'variant'> {
  page: CartPage;
  /** Lines with a change on its way (the store's `busyIds`). */
  busyIds: ReadonlySet<number>;
  /** What the controls do (useLineActions). */
  actions: { changeQuantity(line: CartLineRecord, quantity: number): Promise<void>; remove(line: CartLineRecord): Promise<void> };
}

/**
 * The cart's lines, as a list, in the cart's currency. A team roster's rows are one item of it
 * (GroupBlock): a block under the team's name with its shirts and total, which opens and closes,
 * its rows inside.
 */
export function CartLines({ page, locale, variant, busyIds, actions }: CartLinesProps) {
  const { t } = useTranslation();
  const line = (l: CartLineRecord) => (
    <CartLine
      key={l.id}
      line={l}
      currency={page.currency}
      locale={locale}
      busy={busyIds.has(l.id)}
      variant={variant}
      onQuantity={(x, q) => void actions.changeQuantity(x, q)}
      onRemove={(x) => void actions.remove(x)}
    />
  );
  return (
    <GroupedLines
      lines={page.records}
      look="cart"
      currency={page.currency}
      locale={locale}
      line={line}
      groupHead={(group) => (
        <a className="cart-group-change" href={teamHref(locale, group.lines[0]!.productId, group.id)}>
          {t('cart.group.change', { name: group.name })}
        </a>
      )}
    />
  );
}

export function CartLine({ line, currency, locale, busy, variant, onQuantity, onRemove }: CartLineProps) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const lessAllowed = !busy && canDecrease(line);
  const moreAllowed = !busy && canIncrease(line);
  // The stock, not the 99 cap, is what stops the plus button: say so.
  const stockLimited = !canIncrease(line) && line.stock < MAX_LINE_QUANTITY;
  const nameId = `cart-${variant}-line-${line.id}`;

  return (
    <li className={`cart-line cart-line--${variant}${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined} aria-labelledby={nameId} data-line-id={line.id}>
      <img className="cart-line-image" src={mediaUrl(line.image)} width={LINE_THUMB.width} height={LINE_THUMB.height} alt="" loading="lazy" decoding="async" />
      <div className="cart-line-info">
        <h3 className="cart-line-name" id={nameId}>
          <a href={productHref(locale, line.productId)}>{line.name}</a>
        </h3>
        <p className="cart-line-each">{t('cart.line.each', { price: money(line.price) })}</p>
        <LineDetails line={line} />
      </div>
      <div className="cart-line-controls">
        <div className="qty" role="group" aria-label={t('cart.line.quantityOf', { name: line.name })}>
          {/* aria-disabled rather than disabled: the focused button keeps focus while the line is busy. */}
          <button
            type="button"
            className="icon-button qty-button"
            aria-label={t('cart.line.decrease', { name: line.name })}
            aria-disabled={!lessAllowed}
            onClick={() => lessAllowed && onQuantity(line, line.quantity - 1)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={LINE_ICONS.minus} stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <span className="qty-value" data-quantity>
            {line.quantity}
          </span>
          <button
            type="button"
            className="icon-button qty-button"
            aria-label={t('cart.line.increase', { name: line.name })}
            aria-disabled={!moreAllowed}
            onClick={() => moreAllowed && onQuantity(line, line.quantity + 1)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={LINE_ICONS.plus} stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <button type="button" className="cart-line-remove" aria-disabled={busy} onClick={() => !busy && onRemove(line)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d={LINE_ICONS.remove}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className={variant === 'drawer' ? 'sr-only' : 'cart-line-remove-text'}>{variant === 'drawer' ? t('cart.line.removeNamed', { name: line.name }) : t('cart.line.remove')}</span>
          {variant === 'page' ? <span className="sr-only"> {line.name}</span> : null}
        </button>
        {busy ? (
          <span className="cart-line-busy" role="status">
            <span className="spinner" aria-hidden="true" />
            <span className="sr-only">{t('cart.line.updating')}</span>
          </span>
        ) : null}
      </div>
      {stockLimited ? <p className="cart-line-limit">{t('cart.line.stockLimit', { count: Math.max(0, line.stock) })}</p> : null}
      <p className="cart-line-total">
        <span className="sr-only">{t('cart.line.lineTotal')}: </span>
        <span data-line-total>{money(line.lineTotal)}</span>
      </p>
    </li>
  );
}
