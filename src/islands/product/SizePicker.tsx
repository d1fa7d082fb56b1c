/**
 * Size choice with live stock (sold-out sizes shown but disabled, low stock called out) and the
 * size guide in a modal dialog (native <dialog>: focus stays inside, Escape closes).
 */
import { useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { numberFormat } from '../../domain/intl.ts';
import type { Locale } from '../../domain/locale.ts';
import type { Size, SizeGuideRow, SizeStock } from '../../domain/catalogue.schema.ts';
import { FieldError } from '../form/Field.tsx';
import { LOW_STOCK } from './configuration.ts';
import { useTranslation } from '../../i18n/react.tsx';

export interface SizePickerProps {
  idPrefix: string;
  sizes: readonly SizeStock[];
  guide: readonly SizeGuideRow[];
  value: Size | null;
  onChange: (size: Size) => void;
  error: string | null;
  locale: Locale;
  /** The first enabled size's radio, so a "choose a size" message can move focus there. */
  firstRef: Ref<HTMLInputElement>;
}

export function SizePicker({ idPrefix, sizes, guide, value, onChange, error, locale, firstRef }: SizePickerProps) {
  const { t } = useTranslation();
  const errorId = `${idPrefix}-size-error`;
  const firstEnabled = sizes.find((s) => s.stock > 0)?.size;
  return (
    <fieldset className="cfg-group" aria-describedby={errorId}>
      {/* The legend must be the fieldset's first child to name it; CSS floats it beside the guide link. */}
      <legend className="cfg-legend">{t('configurator.size.legend')}</legend>
      {guide.length > 0 ? <SizeGuide idPrefix={idPrefix} rows={guide} locale={locale} /> : null}
      <div className="size-options">
        {sizes.map((s) => {
          const soldOut = s.stock <= 0;
          const low = !soldOut && s.stock <= LOW_STOCK;
          return (
            <label key={s.size} className={`size-option${soldOut ? ' is-sold-out' : ''}`}>
              <input
                ref={s.size === firstEnabled ? firstRef : undefined}
                type="radio"
                name={`${idPrefix}-size`}
                value={s.size}
                checked={value === s.size}
                disabled={soldOut}
                onChange={() => onChange(s.size)}
              />
              <span className="size-name">{s.size}</span>
              {soldOut ? (
                <span className="size-stock">{t('configurator.size.soldOut')}</span>
              ) : low ? (
                <span className="size-stock is-low">{t('configurator.size.onlyLeft', { count: s.stock })}</span>
              ) : null}
            </label>
          );
        })}
      </div>
      {!firstEnabled ? <p className="cfg-warning">{t('configurator.size.allSoldOut')}</p> : null}
      <FieldError id={`${idPrefix}-size`} error={error} className="field-error" live />
    </fieldset>
  );
}

type Unit = 'cm' | 'in';

function SizeGuide({ idPrefix, rows, locale }: { idPrefix: string; rows: readonly SizeGuideRow[]; locale: Locale }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [unit, setUnit] = useState<Unit>('cm');
  // The guide's contents are drawn on its first opening, not in the built page: only a script opens
  // the dialog, so in the HTML they served nobody, and they were 1.1 KB of each of a large shop's
  // 20,000 product pages. The rows come with the island's props either way.
  const [opened, setOpened] = useState(false);
  const titleId = `${idPrefix}-guide-title`;
  const number = numberFormat(locale, { maximumFractionDigits: 1 });
  const show = (cm: number) => number.format(unit === 'cm' ? cm : Math.round((cm / 2.54) * 10) / 10);
  const open = () => {
    // Drawn before showModal, so the dialog opens with its contents (and its close button to focus).
    if (!opened) flushSync(() => setOpened(true));
    dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" className="text-button link-button" aria-haspopup="dialog" onClick={open}>
        {t('configurator.size.guide')}
      </button>
      <dialog
        ref={dialog}
        className="size-guide"
        aria-labelledby={titleId}
        // A click on the backdrop lands on the dialog element itself: close, as a shopper expects.
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        {opened ? (
          <div className="dialog-body">
            <div className="dialog-head">
              <h2 id={titleId}>{t('configurator.guide.title')}</h2>
              <button type="button" className="pill dialog-close" onClick={() => dialog.current?.close()}>
                {t('configurator.guide.close')}
              </button>
            </div>
            <p>{t('configurator.guide.intro')}</p>
            <fieldset className="unit-toggle">
              <legend className="sr-only">{t('configurator.guide.units')}</legend>
              {(['cm', 'in'] as const).map((u) => (
                <label key={u} className="unit-option">
                  <input type="radio" name={`${idPrefix}-unit`} value={u} checked={unit === u} onChange={() => setUnit(u)} />
                  <span>{t(`configurator.guide.${u}`)}</span>
                </label>
              ))}
            </fieldset>
            <table className="guide-table">
              <thead>
                <tr>
                  <th scope="col">{t('configurator.guide.size')}</th>
                  <th scope="col">
                    {t('configurator.guide.chest')} ({unit})
                  </th>
                  <th scope="col">
                    {t('configurator.guide.length')} ({unit})
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.size}>
                    <th scope="row">{row.size}</th>
                    <td>{show(row.chestCm)}</td>
                    <td>{show(row.lengthCm)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
