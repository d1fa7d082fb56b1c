/**
 * The product configurator: size, custom type (1-4, docs/money-and-personalisation.md), player or
 * own name and number (PrintFields.tsx), premium lettering, patches, add-ons, quantity, live
 * subtotal, add to cart and buy it now.
 *
 * The build renders it with the build's product; on hydration it reloads the product so stock,
 * prices and the squad are live (the page's headline price follows). Prices shown are for
 * display: the server prices the cart.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ProductDetail, Size } from '../../domain/catalogue.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { isPrinted, offeredTypes, premiumFeeEur, type CustomType } from '../../domain/personalisation.ts';
import { MAX_LINE_QUANTITY, priceLine } from '../../domain/pricing.ts';
import { formatMoney } from '../../domain/money.model.ts';
import { openCartDrawer } from '../../stores/cart.ts';
import { keepBuyNowLine } from '../../stores/buy-now.ts';
import { buyNowHref } from '../checkout/links.ts';
import { addConfiguredLine, createProductExtras, loadProduct } from '../../stores/product.ts';
import {
  findProblems,
  hasProblems,
  initialConfiguration,
  maxQuantity,
  printedText,
  stockOf,
  toCartLine,
  unitPriceOf,
  withLiveFacts,
  type Configuration,
  type ConfigurableProduct,
  type Field as Part,
  type Problem,
} from './configuration.ts';
import { Extras } from './Extras.tsx';
import type { Messages } from '../../i18n/core.ts';
import { useTranslation, withLoadedTexts, type MessageKey } from '../../i18n/react.tsx';
import { eurIn, useRates, useCurrency } from './money.ts';
import { CONFIGURATOR_LOOK, PrintFields } from './PrintFields.tsx';
import { SizePicker } from './SizePicker.tsx';
import { Field } from '../form/Field.tsx';
import { useHydrated, useTypedBeforeHydration } from '../form/hydration.ts';
import { ROSTER_PARAM, TEAM_PARAM } from '../cart/links.ts';

export type ConfiguratorProduct = ConfigurableProduct & Pick<ProductDetail, 'images' | 'sizeGuide'>;

export interface ConfiguratorProps {
  locale: Locale;
  product: ConfiguratorProduct;
  /**
   * Reload the product on hydration: the pre-rendered page's copy is from the build. The shell
   * page passes a product it has just loaded, so it needs no second call.
   */
  refresh?: boolean;
}

/** The team roster editor: its own chunk, loaded when "Order for a team" is pressed (docs/storefront.md "Team orders"). */
const RosterEditor = lazy(() => import('../roster/RosterEditor.tsx'));

/** The product page's island: its texts are a chunk per locale (see withLoadedTexts). */
export default withLoadedTexts(Configurator, {
  configurator: import.meta.glob<Messages['configurator']>('../../i18n/locales/*/configurator.json', { import: 'default' }),
});

const PROBLEM_TEXT: Record<Problem, MessageKey> = {
  sizeRequired: 'configurator.size.required',
  sizeSoldOut: 'configurator.size.soldOutChosen',
  playerRequired: 'configurator.player.required',
  nameRequired: 'configurator.name.required',
  nameInvalid: 'configurator.name.invalid',
  numberRequired: 'configurator.number.required',
  numberInvalid: 'configurator.number.invalid',
  quantityInvalid: 'configurator.quantity.invalid',
  notEnoughStock: 'configurator.quantity.notEnough',
};

/** Problems shown while typing; "required" ones wait for the field to be left or the form sent. */
const SHOWN_WHILE_TYPING = new Set<Problem>(['nameInvalid', 'numberInvalid', 'notEnoughStock', 'quantityInvalid', 'sizeSoldOut']);
const FIELD_ORDER: Part[] = ['size', 'player', 'name', 'number', 'quantity'];

type Status = { kind: 'idle' } | { kind: 'invalid' } | { kind: 'added' } | { kind: 'failed'; message: string };

export function Configurator({ locale, product: built, refresh = false }: ConfiguratorProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const money = eurIn(currency, locale, useRates());
  const idPrefix = `cfg-${built.id}`;

  const [live, setLive] = useState<ConfigurableProduct | null>(null);
  const product = withLiveFacts(built, live);
  const [config, setConfig] = useState<Configuration>(initialConfiguration);
  const [touched, setTouched] = useState<Partial<Record<Part, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'cart' | 'buy' | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [teamOpen, setTeamOpen] = useState(false);
  /** "Order for a team": focus comes back to it when the editor is closed. */
  const teamButton = useRef<HTMLButtonElement>(null);

  const [extras] = useState(() => createProductExtras(built.id, locale));
  const extrasState = useStore(extras.$state);

  const refs = {
    size: useRef<HTMLInputElement>(null),
    player: useRef<HTMLSelectElement>(null),
    name: useRef<HTMLInputElement>(null),
    number: useRef<HTMLInputElement>(null),
    quantity: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    // A roster of the cart (`?team=`) or a saved one (`?roster=`) to open: the editor reads which.
    const params = new URLSearchParams(window.location.search);
    if (built.printable && (params.has(TEAM_PARAM) || params.has(ROSTER_PARAM))) setTeamOpen(true);
  }, [built.printable]);

  useEffect(() => {
    void extras.load();
    const controller = new AbortController();
    if (refresh) {
      void loadProduct(built.id, { locale, signal: controller.signal }).then((result) => {
        if (result.status === 'found') setLive(result.product);
      });
    }
    return () => {
      controller.abort();
      extras.cancel();
    };
  }, [extras, built.id, locale, refresh]);

  // The headline price outside the island is the build's; show the live one there too. The
  // header script re-renders `data-price-eur` on currency changes, so that attribute is updated.
  useEffect(() => {
    if (!refresh || live === null || live.price === built.price) return;
    for (const el of document.querySelectorAll<HTMLElement>('[data-live-price]')) {
      el.dataset['priceEur'] = String(live.price);
      el.textContent = money(live.price);
    }
    // Only when the live product arrives: currency changes are the header script's job.
  }, [live]);

  const update = (change: Partial<Configuration>) => {
    setConfig((current) => ({ ...current, ...change }));
    if (status.kind !== 'idle' && status.kind !== 'invalid') setStatus({ kind: 'idle' });
  };

  const types = offeredTypes(product);
  const printed = isPrinted(config.customType);
  const problems = findProblems(config, product);
  const shown = (field: Part): string | null => {
    const problem = problems[field];
    if (!problem) return null;
    const value = field === 'name' ? config.name : field === 'number' ? config.number : 'set';
    if (!(submitted || touched[field] || (SHOWN_WHILE_TYPING.has(problem) && value !== ''))) return null;
    return t(PROBLEM_TEXT[problem], { size: config.size ?? '', count: stockOf(product, config.size), max: maxQuantity(product, config.size) });
  };
  const leave = (field: Part) => () => setTouched((current) => ({ ...current, [field]: true }));

  const quantityMax = maxQuantity(product, config.size);
  const quantity = Number.isInteger(config.quantity) && config.quantity >= 1 ? config.quantity : 1;
  const unitEur = unitPriceOf(config, product, extrasState.patches, extrasState.addons);
  const line = priceLine(unitEur, quantity, currency);
  const premiumEur = premiumFeeEur(config);
  const anyInStock = product.sizes.some((s) => s.stock > 0);
  const text = printedText(config, product);

  const chooseSize = (size: Size) => {
    const max = maxQuantity(product, size);
    update({ size, quantity: Math.min(config.quantity, max) || 1 });
  };

  const chooseType = (customType: CustomType) => update({ customType });
  const setQuantity = (value: number) => update({ quantity: value });

  // The island waits for the page to settle (client:idle): a size or print option tapped before
  // that is kept rather than redrawn away.
  const formRef = useRef<HTMLFormElement | null>(null);
  const hydrated = useHydrated();
  useTypedBeforeHydration(formRef, (name, value) => {
    const size = product.sizes.find((s) => s.size === value);
    const type = types.find((offered) => String(offered) === value);
    if (name === `${idPrefix}-size` && size) chooseSize(size.size);
    else if (name === `${idPrefix}-type` && type !== undefined) chooseType(type);
    // After the size (fields come in page order), whose choice would otherwise put back the rendered 1.
    else if (name === `${idPrefix}-quantity`) setQuantity(value === '' ? Number.NaN : Number(value));
  });


  async function submit(mode: 'cart' | 'buy') {
    if (busy) return;
    setSubmitted(true);
    if (hasProblems(problems)) {
      setStatus({ kind: 'invalid' });
      const first = FIELD_ORDER.find((field) => problems[field]);
      if (first) refs[first].current?.focus();
      return;
    }
    setBusy(mode);
    if (mode === 'buy') {
      // Buy it now skips the cart: the checkout prices this one line on its own.
      keepBuyNowLine(toCartLine(config, product, extrasState));
      window.location.assign(buyNowHref(locale));
      return;
    }
    const result = await addConfiguredLine(toCartLine(config, product, extrasState));
    if (!result.ok) {
      setBusy(null);
      setStatus({ kind: 'failed', message: result.message });
      return;
    }
    setBusy(null);
    setSubmitted(false);
    setTouched({});
    setStatus({ kind: 'added' });
    openCartDrawer();
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit('cart');
  };


  return (
    <>
    <form ref={formRef} className="configurator" onSubmit={onSubmit} noValidate aria-label={t('configurator.form.label')}>
      <SizePicker
        idPrefix={idPrefix}
        sizes={product.sizes}
        guide={built.sizeGuide}
        value={config.size}
        onChange={chooseSize}
        error={shown('size')}
        locale={locale}
        firstRef={refs.size}
      />

      <fieldset className="cfg-group">
        <legend className="cfg-legend">{t('configurator.type.legend')}</legend>
        <div className="type-options">
          {types.map((type) => (
            <label key={type} className="option-tile type-option">
              <input type="radio" name={`${idPrefix}-type`} value={type} checked={config.customType === type} onChange={() => chooseType(type)} />
              <span className="type-text">
                <span className="type-name">{t(`configurator.type.${type}`)}</span>
                <span className="type-hint">{t(`configurator.type.hint${type}`)}</span>
              </span>
              {isPrinted(type) ? (
                <span className="type-fee">{product.customisationFee > 0 ? t('configurator.type.fee', { price: money(product.customisationFee) }) : t('configurator.type.feeFree')}</span>
              ) : null}
            </label>
          ))}
        </div>
        {product.printable && !printed ? <p className="cfg-note">{t('configurator.notice.body')}</p> : null}
      </fieldset>

      {printed && text ? (
        <PrintFields
          idPrefix={idPrefix}
          config={config}
          product={product}
          text={text}
          back={built.images[1]}
          update={update}
          leave={leave}
          errors={{ player: shown('player'), name: shown('name'), number: shown('number') }}
          refs={refs}
          money={money}
        />
      ) : null}

      <Extras
        state={extrasState}
        patchIds={config.patchIds}
        addonIds={config.addonIds}
        onRetry={() => void extras.load()}
        price={money}
        onToggle={(kind, id, on) => {
          const toggle = (ids: readonly number[]) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id));
          update(kind === 'patch' ? { patchIds: toggle(config.patchIds) } : { addonIds: toggle(config.addonIds) });
        }}
      />

      <Field id={`${idPrefix}-quantity`} look={CONFIGURATOR_LOOK} liveError label={t('configurator.quantity.label')} error={shown('quantity')}>
        {(described) => (
          <div className="quantity">
            <button type="button" className="qty-button" aria-label={t('configurator.quantity.decrease')} disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)}>
              −
            </button>
            <input
              {...described}
              ref={refs.quantity}
              name={`${idPrefix}-quantity`}
              className="qty-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={quantityMax}
              value={Number.isNaN(config.quantity) ? '' : config.quantity}
              onChange={(event) => setQuantity(event.currentTarget.value === '' ? Number.NaN : Number(event.currentTarget.value))}
              onBlur={leave('quantity')}
            />
            <button
              type="button"
              className="qty-button"
              aria-label={t('configurator.quantity.increase')}
              disabled={quantity >= Math.min(quantityMax, MAX_LINE_QUANTITY)}
              onClick={() => setQuantity(quantity + 1)}
            >
              +
            </button>
          </div>
        )}
      </Field>

      <dl className="cfg-summary">
        {printed ? (
          <div>
            <dt>{t('configurator.summary.customisationFee')}</dt>
            <dd>{product.customisationFee > 0 ? money(product.customisationFee) : t('configurator.type.feeFree')}</dd>
          </div>
        ) : null}
        {premiumEur > 0 ? (
          <div>
            <dt>{t('configurator.summary.premium')}</dt>
            <dd>{money(premiumEur)}</dd>
          </div>
        ) : null}
        <div className="cfg-subtotal">
          <dt>{t('configurator.summary.subtotal')}</dt>
          <dd>
            <output className="subtotal-value" aria-live="polite" data-minor={line.lineTotal} data-currency={currency}>
              {formatMoney(line.lineTotal, currency, locale)}
            </output>
            {quantity > 1 ? <span className="subtotal-each">{t('configurator.summary.each', { price: formatMoney(line.unitPrice, currency, locale) })}</span> : null}
          </dd>
        </div>
      </dl>

      {printed ? (
        <div className="cfg-notice" role="note">
          <strong>{t('configurator.notice.title')}</strong>
          <p>{t('configurator.notice.body')}</p>
        </div>
      ) : null}

      <div className="cfg-actions">
        <button type="submit" className="button" disabled={!anyInStock || !hydrated} aria-disabled={busy !== null ? true : undefined}>
          {busy === 'cart' ? t('configurator.actions.adding') : t('configurator.actions.addToCart')}
        </button>
        <button type="button" className="button secondary" disabled={!anyInStock || !hydrated} aria-disabled={busy !== null ? true : undefined} onClick={() => void submit('buy')}>
          {busy === 'buy' ? t('configurator.actions.adding') : t('configurator.actions.buyNow')}
        </button>
      </div>
      {product.printable ? (
        <button ref={teamButton} type="button" className="text-button cfg-team" aria-expanded={teamOpen} disabled={!hydrated} onClick={() => setTeamOpen(!teamOpen)}>
          {t('configurator.team.open')}
        </button>
      ) : null}
      <p className={`cfg-status${status.kind === 'added' ? ' is-ok' : status.kind === 'idle' ? '' : ' is-error'}`} role="status">
        {status.kind === 'added'
          ? t('configurator.actions.added')
          : status.kind === 'failed'
            ? t('configurator.actions.failed', { message: status.message })
            : status.kind === 'invalid' && hasProblems(problems)
              ? t('configurator.form.fix')
              : ''}
      </p>
    </form>
      {/* Outside the form: Enter in a roster cell must not send the configurator's line. */}
      {teamOpen ? (
        <Suspense fallback={null}>
          <RosterEditor
            locale={locale}
            product={product}
            extras={extras}
            onClose={() => {
              setTeamOpen(false);
              teamButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
