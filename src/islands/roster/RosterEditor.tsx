/**
 * The team roster editor (issue 31, docs/storefront.md "Team orders"): team name, team-wide
 * lettering and one name for all, then a row per shirt (name, number, size, squad player,
 * quantity), typed, pasted from a spreadsheet or loaded from a CSV file. Each cell is checked as it
 * is typed by the roster rules (roster-editor.ts), its error beside it; sizes against stock, the
 * price with the team's tier, and "Add to cart" as one group. The configurator loads this module
 * only when "Order for a team" is pressed, so the product page's first JavaScript stays as it was.
 * A plain form: Tab reaches every cell in reading order; each control is labelled with its row.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import type { Addon, Patch, Size } from '../../domain/catalogue.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney } from '../../domain/money.model.ts';
import { LETTERING_PARTS, PREMIUM_OPTIONS, type PremiumOption } from '../../domain/personalisation.ts';
import { DEFAULT_DISCOUNT_TIERS } from '../../domain/pricing.ts';
import { rosterIsValid, type RosterInput, type RosterPasteProblem, type RosterProblem, type RosterRowField, type RosterRowInput, type RosterRowProblem } from '../../domain/roster.model.ts';
import type { Messages } from '../../i18n/core.ts';
import { useTranslation, withLoadedTexts, type TFunction } from '../../i18n/react.tsx';
import { addRosterGroup, loadCartRoster } from '../../stores/roster.ts';
import { $shopConfig } from '../../stores/shop-config.ts';
import { useCurrency, useRates } from '../product/money.ts';
import type { ConfigurableProduct } from '../product/configuration.ts';
import type { Described } from '../form/Field.tsx';
import { checkAgainst, displayPrice, emptyRow, initialRoster, pasteText } from './roster-editor.ts';

export interface RosterEditorProps {
  locale: Locale;
  product: ConfigurableProduct;
  offered: { patches: readonly Patch[]; addons: readonly Addon[] };
  /** A roster of the cart reopened: it is loaded here, and "Add to cart" replaces it whole. */
  groupId?: string | null;
  onClose(): void;
}

// The configurator's chunk too (already loaded by the page): the lettering's words are its.
export default withLoadedTexts(RosterEditor, {
  configurator: import.meta.glob<Messages['configurator']>('../../i18n/locales/*/configurator.json', { import: 'default' }),
  roster: import.meta.glob<Messages['roster']>('../../i18n/locales/*/roster.json', { import: 'default' }),
});

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'added' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

function rowProblemText(t: TFunction, problem: RosterRowProblem, row: RosterRowInput, demand: { size: Size; demand: number; stock: number }[]): string {
  if (problem === 'sizeShort') {
    const size = demand.find((d) => d.size === row.size);
    return t('roster.problem.sizeShort', { size: row.size, stock: size?.stock ?? 0, demand: size?.demand ?? 0 });
  }
  if (problem === 'sizeNotOffered') return t('roster.problem.sizeNotOffered', { size: row.size });
  return t(`roster.problem.${problem}`);
}

function rosterProblemText(t: TFunction, problem: RosterProblem | RosterPasteProblem): string {
  switch (problem.key) {
    case 'teamNameTooLong':
    case 'tooManyRows':
      return t(`roster.problem.${problem.key}`, { max: problem.max });
    case 'duplicateNumbers':
      return t('roster.problem.duplicateNumbers', { count: problem.numbers.length, numbers: problem.numbers.join(', ') });
    default:
      return t(`roster.problem.${problem.key}`);
  }
}

export function RosterEditor({ locale, product, offered, groupId = null, onClose }: RosterEditorProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const rates = useRates();
  const tiers = useStore($shopConfig)?.discountTiers ?? DEFAULT_DISCOUNT_TIERS;
  const id = useId();
  const [roster, setRoster] = useState<RosterInput>(() => initialRoster(product.id));
  const [pasted, setPasted] = useState('');
  const [pasteNote, setPasteNote] = useState<string>('');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    if (!groupId) return;
    let live = true;
    void loadCartRoster(groupId).then((found) => {
      if (live && found && found.productId === product.id) setRoster(found);
    });
    return () => {
      live = false;
    };
  }, [groupId, product.id]);

  const check = useMemo(() => checkAgainst(roster, product), [roster, product]);
  const price = useMemo(() => displayPrice(roster, product, offered, currency, rates, tiers), [roster, product, offered, currency, rates, tiers]);
  const offeredSizes = product.sizes.map((s) => s.size);

  const change = (next: Partial<RosterInput>) => {
    setRoster({ ...roster, ...next });
    setStatus({ kind: 'idle' });
  };
  const changeRow = (index: number, next: Partial<RosterRowInput>) => change({ rows: roster.rows.map((row, i) => (i === index ? { ...row, ...next } : row)) });

  const paste = (text: string) => {
    const result = pasteText(roster, text, product);
    if (result.problem) {
      setPasteNote(rosterProblemText(t, result.problem));
      return;
    }
    const added = result.roster.rows.length - roster.rows.filter((r) => r.name || r.number || r.size || r.playerId !== null).length;
    const unknown = result.unknownPlayers.map((u) => t('roster.problem.playerUnknown', { player: u.text }));
    setPasteNote([t('roster.pasted', { count: added }), ...unknown].join(' '));
    change({ rows: result.roster.rows });
    setPasted('');
  };
  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) paste(await file.text());
    event.target.value = '';
  };

  const submit = async () => {
    setTouched(true);
    if (!rosterIsValid(check)) {
      setStatus({ kind: 'invalid' });
      return;
    }
    setStatus({ kind: 'busy' });
    const result = await addRosterGroup(roster, groupId ?? undefined);
    setStatus(result.ok ? { kind: 'added' } : { kind: 'failed', message: result.message });
  };

  // A blank new row shows no "required" yet; what is typed is checked at once.
  const shown = (row: RosterRowInput, field: RosterRowField, problem: RosterRowProblem | undefined) =>
    problem && (touched || (field === 'name' ? row.name !== '' : field === 'number' ? row.number !== '' : field === 'size' ? row.size !== '' : true)) ? problem : undefined;
  const cellId = (index: number, field: RosterRowField) => `${id}-r${index}-${field}`;

  const cell = (index: number, field: RosterRowField, label: string, control: (described: Described) => ReactNode) => {
    const row = roster.rows[index]!;
    const problem = shown(row, field, check.rows[index]?.[field]);
    const cid = cellId(index, field);
    return (
      <div className={`roster-cell roster-${field}`}>
        <label htmlFor={cid} className="roster-cell-label">
          {label}
        </label>
        {control({ id: cid, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? `${cid}-error` : undefined })}
        {problem ? (
          <span id={`${cid}-error`} className="roster-error">
            {rowProblemText(t, problem, row, check.demand)}
          </span>
        ) : null}
      </div>
    );
  };

  const wholeProblems = check.roster.filter((p) => touched || p.key === 'duplicateNumbers' || p.key === 'sameNameInvalid');

  return (
    <section className="roster panel" aria-labelledby={`${id}-title`}>
      <div className="roster-head">
        <h2 id={`${id}-title`}>{t('roster.title')}</h2>
        <button type="button" className="text-button" onClick={onClose}>
          {t('roster.close')}
        </button>
      </div>

      <div className="roster-team">
        <label htmlFor={`${id}-team`}>{t('roster.teamName')}</label>
        <input id={`${id}-team`} className="input" maxLength={40} value={roster.teamName} onChange={(e) => change({ teamName: e.target.value })} aria-describedby={`${id}-team-hint`} />
        <span id={`${id}-team-hint`} className="roster-hint">
          {t('roster.teamNameHint')}
        </span>
        <label className="roster-check">
          <input type="checkbox" checked={roster.sameName !== null} onChange={(e) => change({ sameName: e.target.checked ? '' : null })} />
          {t('roster.sameName')}
        </label>
        {roster.sameName !== null ? (
          <>
            <label htmlFor={`${id}-same`}>{t('roster.sameNameLabel')}</label>
            <input id={`${id}-same`} className="input" maxLength={15} value={roster.sameName} onChange={(e) => change({ sameName: e.target.value.replace(/[a-z]+/g, (s) => s.toUpperCase()) })} />
          </>
        ) : null}
        <fieldset className="roster-lettering">
          <legend>{t('roster.lettering')}</legend>
          {LETTERING_PARTS.map(({ part, field }) => (
            <label key={field}>
              {t(`configurator.premium.${part}`)}
              <select className="input" value={roster[field]} onChange={(e) => change({ [field]: e.target.value as PremiumOption })}>
                {PREMIUM_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {t(`configurator.premium.${option}`)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      </div>

      <h3>{t('roster.rows')}</h3>
      <ol className="roster-rows">
        {roster.rows.map((row, index) => (
          <li key={index} className="roster-row" aria-label={t('roster.row', { row: index + 1 })}>
            <span className="roster-row-no" aria-hidden="true">
              {index + 1}
            </span>
            {cell(index, 'name', t('roster.column.name'), (d) => (
              <input {...d} className="input" maxLength={15} disabled={roster.sameName !== null || row.playerId !== null} value={roster.sameName ?? row.name} onChange={(e) => changeRow(index, { name: e.target.value.replace(/[a-z]+/g, (s) => s.toUpperCase()) })} />
            ))}
            {cell(index, 'number', t('roster.column.number'), (d) => (
              <input {...d} className="input" inputMode="numeric" maxLength={2} disabled={row.playerId !== null} value={row.number} onChange={(e) => changeRow(index, { number: e.target.value.trim() })} />
            ))}
            {cell(index, 'size', t('roster.column.size'), (d) => (
              <select {...d} className="input" value={row.size} onChange={(e) => changeRow(index, { size: e.target.value })}>
                <option value="">–</option>
                {offeredSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
                {row.size !== '' && !offeredSizes.includes(row.size as Size) ? <option value={row.size}>{row.size}</option> : null}
              </select>
            ))}
            {product.squad.length > 0
              ? cell(index, 'player', t('roster.column.player'), (d) => (
                  <select {...d} className="input" value={row.playerId ?? ''} onChange={(e) => changeRow(index, { playerId: e.target.value === '' ? null : Number(e.target.value) })}>
                    <option value="">{t('roster.noPlayer')}</option>
                    {product.squad.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.number} · {p.name}
                      </option>
                    ))}
                  </select>
                ))
              : null}
            {cell(index, 'quantity', t('roster.column.quantity'), (d) => (
              <input {...d} className="input" type="number" min={1} max={99} value={Number.isNaN(row.quantity) ? '' : row.quantity} onChange={(e) => changeRow(index, { quantity: e.target.value === '' ? Number.NaN : Number(e.target.value) })} />
            ))}
            <span className="roster-price">{formatMoney(price.rows[index]?.lineTotal ?? 0, currency, locale)}</span>
            <button type="button" className="text-button" disabled={roster.rows.length === 1} onClick={() => change({ rows: roster.rows.filter((_, i) => i !== index) })}>
              {t('roster.removeRow', { row: index + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button secondary" disabled={roster.rows.length >= 200} onClick={() => change({ rows: [...roster.rows, emptyRow()] })}>
        {t('roster.addRow')}
      </button>

      <div className="roster-paste">
        <label htmlFor={`${id}-paste`}>{t('roster.paste')}</label>
        <textarea id={`${id}-paste`} className="input" rows={4} value={pasted} onChange={(e) => setPasted(e.target.value)} aria-describedby={`${id}-paste-hint`} />
        <span id={`${id}-paste-hint`} className="roster-hint">
          {t('roster.pasteHint')}
        </span>
        <button type="button" className="button secondary" disabled={pasted.trim() === ''} onClick={() => paste(pasted)}>
          {t('roster.pasteAdd')}
        </button>
        <label htmlFor={`${id}-file`}>{t('roster.file')}</label>
        <input id={`${id}-file`} type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={(e) => void loadFile(e)} />
        <p className="roster-hint" role="status">
          {pasteNote}
        </p>
      </div>

      {check.demand.length > 0 ? (
        <div className="roster-sizes">
          <h3>{t('roster.sizes')}</h3>
          <ul>
            {check.demand.map((d) => (
              <li key={d.size} className={d.demand > d.stock ? 'is-short' : undefined}>
                {t('roster.sizeLine', d)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {check.duplicates.length > 0 ? (
        <label className="roster-check">
          <input type="checkbox" checked={roster.duplicatesConfirmed} onChange={(e) => change({ duplicatesConfirmed: e.target.checked })} />
          {t('roster.confirmDuplicates')}
        </label>
      ) : null}
      {wholeProblems.length > 0 ? (
        <ul className="roster-errors">
          {wholeProblems.map((p) => (
            <li key={p.key}>{rosterProblemText(t, p)}</li>
          ))}
        </ul>
      ) : null}

      <div className="roster-total">
        <span>{t('roster.total', { count: price.totals.itemCount })}</span>
        <strong>{formatMoney(price.totals.total, currency, locale)}</strong>
        {price.totals.discountPercent > 0 ? <span className="roster-hint">{t('roster.tier', { percent: price.totals.discountPercent })}</span> : null}
      </div>
      <button type="button" className="button" aria-disabled={status.kind === 'busy' ? true : undefined} onClick={() => void (status.kind === 'busy' ? undefined : submit())}>
        {status.kind === 'busy' ? t('roster.adding') : t('roster.addToCart')}
      </button>
      <p className={`roster-status${status.kind === 'added' ? ' is-ok' : status.kind === 'failed' || status.kind === 'invalid' ? ' is-error' : ''}`} role="status">
        {status.kind === 'added' ? t('roster.added') : status.kind === 'failed' ? t('roster.failed', { message: status.message }) : status.kind === 'invalid' ? t('roster.fix') : ''}
      </p>
    </section>
  );
}
