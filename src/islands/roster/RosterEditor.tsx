/**
 * The team roster editor (issue 31, docs/storefront.md "Team orders"): team name, team-wide
 * lettering and one name for all, then a row per shirt (name, number, size, squad player,
 * quantity), typed, pasted from a spreadsheet or loaded from a CSV file (UTF-8 or GBK). Each cell is
 * checked as it is typed by the roster rules (roster-editor.ts), its error beside it; numbers shared
 * by rows marked in their cells until kept; sizes against stock, the price with the team's tier, and
 * "Add the team to cart" as one group, which a second press (then "Update the team in cart")
 * replaces whole. The team's patches and add-ons are
 * the configurator's own Extras; the row being edited is drawn by the configurator's ShirtPreview;
 * once every cell is right the server's quote (debounced, stale ones cancelled) replaces the
 * browser's estimate, or its refusal shows beside the cells. Signed-in shoppers save the roster
 * under the team name and load saved ones (`?roster=<id>` opens one). The configurator loads this
 * module only when "Order for a team" is pressed, so the product page's first JavaScript stays as
 * it was. A plain form: Tab reaches every cell in reading order; each cell's label names its column
 * and, for screen readers only, its row. Removing a row moves focus to the next row's first cell,
 * or to "Add a row" after the last; closing gives focus back to "Order for a team" (the configurator's).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { CODES } from '../../domain/api/envelope.ts';
import { decodeTextFile } from '../../domain/delimited-text.ts';
import type { RosterQuote } from '../../domain/api/rosters.ts';
import type { ProductDetail, Size } from '../../domain/catalogue.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney } from '../../domain/money.model.ts';
import { LETTERING_PARTS, PREMIUM_OPTIONS, type PremiumOption } from '../../domain/personalisation.ts';
import { DEFAULT_DISCOUNT_TIERS } from '../../domain/pricing.ts';
import { rosterIsValid, type RosterInput, type RosterPasteProblem, type RosterProblem, type RosterRowField, type RosterRowInput, type RosterRowProblem, type SavedRoster } from '../../domain/roster.model.ts';
import type { Messages } from '../../i18n/core.ts';
import { useTranslation, withLoadedTexts, type TFunction } from '../../i18n/react.tsx';
import type { ProductExtras } from '../../stores/product.ts';
import { addRosterGroup, askRosterQuote, loadCartRoster, loadSavedRosters, saveTeamRoster } from '../../stores/roster.ts';
import { $signedIn } from '../../stores/session.ts';
import { $shopConfig } from '../../stores/shop-config.ts';
import { signInHref } from '../checkout/links.ts';
import { eurIn, useCurrency, useRates } from '../product/money.ts';
import type { ConfigurableProduct } from '../product/configuration.ts';
import { Extras } from '../product/Extras.tsx';
import { ShirtPreview } from '../product/ShirtPreview.tsx';
import type { Described } from '../form/Field.tsx';
import {
  checkAgainst,
  displayPrice,
  emptyRow,
  fromSaved,
  initialRoster,
  keepOffered,
  pasteText,
  quoteKey,
  quoteRefusal,
  rosterToOpen,
  rowPreview,
  savedNamed,
  shownPrice,
  withExtra,
  type QuoteRefusal,
} from './roster-editor.ts';

export interface RosterEditorProps {
  locale: Locale;
  /** The live product (configuration.ts withLiveFacts); its back image is the preview's. */
  product: ConfigurableProduct & Pick<ProductDetail, 'images'>;
  /** The product's patches and add-ons as the configurator loads them (its Extras show them here too). */
  extras: ProductExtras;
  onClose(): void;
}

/** The pause in typing after which the server is asked for its quote. */
const QUOTE_DELAY_MS = 400;

// The configurator's chunk too (already loaded by the page): the lettering's words are its.
export default withLoadedTexts(RosterEditor, {
  configurator: import.meta.glob<Messages['configurator']>('../../i18n/locales/*/configurator.json', { import: 'default' }),
  roster: import.meta.glob<Messages['roster']>('../../i18n/locales/*/roster.json', { import: 'default' }),
});

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'added'; updated: boolean } | { kind: 'invalid' } | { kind: 'failed'; message: string };
/** The server's last word on the roster of `key`: its quote, or its refusal (of a quote or of "Add to cart"). */
type ServerWord = { key: string; answer: RosterQuote; refusal?: undefined } | { key: string; refusal: QuoteRefusal; answer?: undefined };
type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'saved'; name: string }
  | { kind: 'loaded'; name: string; rows: number }
  | { kind: 'replace'; existing: SavedRoster }
  | { kind: 'failed'; message: string };

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

export function RosterEditor({ locale, product, extras, onClose }: RosterEditorProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const rates = useRates();
  const money = eurIn(currency, locale, rates);
  const tiers = useStore($shopConfig)?.discountTiers ?? DEFAULT_DISCOUNT_TIERS;
  const signedIn = useStore($signedIn);
  const offered = useStore(extras.$state);
  /**
   * What the address opens (rosterToOpen): a roster of the cart (`?team=<group id>`, the cart's "Change
   * the team"), loaded here; or a saved roster (`?roster=<id>`, the account's "My team rosters").
   */
  const [opened] = useState(() => rosterToOpen(window.location.search) ?? { groupId: null, savedId: null });
  const { savedId } = opened;
  /**
   * The cart's group this roster is: the address's, then the one "Add the team to cart" answered.
   * Pressing again replaces that group whole, so a captain who fixes a row after adding does not
   * get the team twice.
   */
  const [groupId, setGroupId] = useState<string | null>(opened.groupId);
  const id = useId();
  const rowId = (index: number) => `${id}-r${index}`;
  const back = product.images[1];
  const [roster, setRoster] = useState<RosterInput>(() => initialRoster(product.id));
  const [pasted, setPasted] = useState('');
  const [pasteNote, setPasteNote] = useState<string>('');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  /** The row whose cell last had focus: the preview draws its shirt. */
  const [selected, setSelected] = useState(0);
  const [server, setServer] = useState<ServerWord | null>(null);
  const [saved, setSaved] = useState<SavedRoster[] | null>(null);
  const [chosenSaved, setChosenSaved] = useState('');
  const [saveStatus, setSaveStatus] = useState<SaveStatus>({ kind: 'idle' });
  /** Where focus goes back when the "Replace" offer it was on goes away. */
  const saveButton = useRef<HTMLButtonElement>(null);
  const addRowButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes once a removed row is gone: that place's row (now the next one), or "Add a row". */
  const focusAfterRemoval = useRef<number | 'add' | null>(null);

  useEffect(() => {
    if (!opened.groupId) return;
    let live = true;
    void loadCartRoster(opened.groupId).then((found) => {
      if (!live || !found) return;
      if (found.productId === product.id) setRoster(found);
      // Another shirt's team (an address edited by hand): this roster is added beside it, never over it.
      else setGroupId(null);
    });
    return () => {
      live = false;
    };
  }, [opened.groupId, product.id]);

  // Saved rosters are read once signed in; `?roster=<id>` opens one of them.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadSavedRosters().then((list) => {
      if (!live) return;
      setSaved(list ?? []);
      if (savedId === null) return;
      const found = list?.find((s) => s.id === savedId);
      if (found) {
        setRoster(fromSaved(found, product.id));
        setSaveStatus({ kind: 'loaded', name: found.name, rows: found.rows });
      } else setSaveStatus({ kind: 'failed', message: t(list ? 'roster.saved.notFound' : 'roster.saved.listFailed') });
    });
    return () => {
      live = false;
    };
    // The saved roster named by the address is opened once, when the list first arrives.
  }, [signedIn]);

  // A roster saved for another shirt may hold extras this one does not take: drop them once the product's are known.
  useEffect(() => {
    if (offered.status !== 'ready') return;
    const kept = keepOffered(roster, offered);
    if (kept !== roster) setRoster(kept);
  }, [roster, offered]);

  const check = useMemo(() => checkAgainst(roster, product), [roster, product]);
  const estimate = useMemo(() => displayPrice(roster, product, offered, currency, rates, tiers), [roster, product, offered, currency, rates, tiers]);
  const key = quoteKey(roster, currency);
  const locallyValid = rosterIsValid(check) && offered.status === 'ready';
  const word = server?.key === key ? server : null;
  const { price, confirmed } = shownPrice(estimate, word?.answer ? { key, answer: word.answer } : null, key);
  const refusal = word?.refusal ?? null;
  const offeredSizes = product.sizes.map((s) => s.size);

  // The server's quote once the roster is right by the browser's check: after a pause in typing,
  // the previous question cancelled, so a late answer for an older roster is never shown.
  useEffect(() => {
    if (!locallyValid) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void askRosterQuote(roster, currency, controller.signal).then((result) => {
        if (result === null || controller.signal.aborted) return;
        if (result.ok) setServer({ key, answer: result.answer });
        else setServer({ key, refusal: quoteRefusal(result.code, result.message, result.data) });
      });
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` is the roster and the currency.
  }, [key, locallyValid]);

  const change = (next: Partial<RosterInput>) => {
    setRoster({ ...roster, ...next });
    setStatus({ kind: 'idle' });
    if (saveStatus.kind !== 'busy') setSaveStatus({ kind: 'idle' });
  };
  const changeRow = (index: number, next: Partial<RosterRowInput>) => change({ rows: roster.rows.map((row, i) => (i === index ? { ...row, ...next } : row)) });
  const removeRow = (index: number) => {
    focusAfterRemoval.current = index < roster.rows.length - 1 ? index : 'add';
    change({ rows: roster.rows.filter((_, i) => i !== index) });
    setSelected((current) => Math.max(0, Math.min(current > index ? current - 1 : current, roster.rows.length - 2)));
  };
  // The pressed "Remove" went with its row (or now removes the next one): focus the next row's
  // first cell it can take, or "Add a row" after the last row.
  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === null) return;
    focusAfterRemoval.current = null;
    if (target === 'add') addRowButton.current?.focus();
    else document.getElementById(rowId(target))?.querySelector<HTMLElement>('input:not(:disabled), select:not(:disabled)')?.focus();
  }, [roster.rows]);

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
    // Bytes, not file.text(): a CSV file from Excel on a Chinese-locale Windows is GBK, not UTF-8.
    if (file) paste(decodeTextFile(await file.arrayBuffer()));
    event.target.value = '';
  };

  const submit = async () => {
    setTouched(true);
    if (!rosterIsValid(check)) {
      setStatus({ kind: 'invalid' });
      return;
    }
    setStatus({ kind: 'busy' });
    const sent = key;
    let result = await addRosterGroup(roster, groupId ?? undefined);
    // The group left the cart meanwhile (deleted in the drawer, another tab): the team goes in anew.
    if (!result.ok && groupId !== null && result.code === CODES.NOT_FOUND) result = await addRosterGroup(roster);
    if (result.ok) {
      setStatus({ kind: 'added', updated: result.groupId === groupId });
      setGroupId(result.groupId);
      return;
    }
    const said = quoteRefusal(result.code, result.message, result.data);
    // Cells and sizes the server refused show beside them, as a quote's refusal does.
    if (result.code === CODES.INVALID_INPUT || result.code === CODES.OUT_OF_STOCK) setServer({ key: sent, refusal: said });
    setStatus({ kind: 'failed', message: result.message });
  };

  const save = async (over?: SavedRoster) => {
    if (roster.teamName.trim() === '') {
      // A roster is saved under its team name: that field is where to go, not every cell's errors.
      document.getElementById(`${id}-team`)?.focus();
      setSaveStatus({ kind: 'failed', message: t('roster.problem.teamNameRequired') });
      return;
    }
    const existing = over ?? savedNamed(saved ?? [], roster.teamName);
    if (existing && !over) {
      setSaveStatus({ kind: 'replace', existing });
      return;
    }
    if (over) saveButton.current?.focus();
    setSaveStatus({ kind: 'busy' });
    const result = await saveTeamRoster(roster, over?.id);
    if (result.ok) {
      setSaved((list) => [result.saved, ...(list ?? []).filter((s) => s.id !== result.saved.id)]);
      setSaveStatus({ kind: 'saved', name: result.saved.name });
      return;
    }
    if (result.code === CODES.CONFLICT && !over) {
      // Saved meanwhile (another tab): the list is read again, so the shopper can replace it.
      const list = await loadSavedRosters();
      if (list) setSaved(list);
      const named = list ? savedNamed(list, roster.teamName) : undefined;
      if (named) {
        setSaveStatus({ kind: 'replace', existing: named });
        return;
      }
    }
    setSaveStatus({ kind: 'failed', message: result.message });
  };

  const loadSaved = () => {
    const found = saved?.find((s) => String(s.id) === chosenSaved);
    if (!found) return;
    setRoster(fromSaved(found, product.id));
    setSelected(0);
    setTouched(false);
    setStatus({ kind: 'idle' });
    setSaveStatus({ kind: 'loaded', name: found.name, rows: found.rows });
  };

  // A blank new row shows no "required" yet; what is typed is checked at once.
  const shown = (row: RosterRowInput, field: RosterRowField, problem: RosterRowProblem | undefined) =>
    problem && (touched || (field === 'name' ? row.name !== '' : field === 'number' ? row.number !== '' : field === 'size' ? row.size !== '' : true)) ? problem : undefined;
  const cellId = (index: number, field: RosterRowField) => `${rowId(index)}-${field}`;
  /** Rows whose printed number another row prints too, until the shopper keeps them: their number cell (a squad player's: the player cell) is marked. */
  const duplicateRows = new Set(roster.duplicatesConfirmed ? [] : check.duplicates.flatMap((d) => d.rows));
  const duplicatesId = `${id}-duplicates`;

  /** What the server refused in this cell (its words), when the browser found nothing there. */
  const serverProblem = (index: number, field: RosterRowField): string | undefined => {
    if (!refusal) return undefined;
    const said = refusal.rows[index]?.[field];
    if (said) return said;
    if (field === 'size' && refusal.short && roster.rows[index]?.size === refusal.short.size) return refusal.short.message;
    return undefined;
  };

  const cell = (index: number, field: RosterRowField, label: string, control: (described: Described) => ReactNode) => {
    const row = roster.rows[index]!;
    const problem = shown(row, field, check.rows[index]?.[field]);
    const message = problem ? rowProblemText(t, problem, row, check.demand) : serverProblem(index, field);
    const cid = cellId(index, field);
    const duplicate = duplicateRows.has(index) && field === (row.playerId === null ? 'number' : 'player');
    const describedBy = [message ? `${cid}-error` : null, duplicate ? duplicatesId : null].filter((d) => d !== null).join(' ');
    return (
      <div className={`roster-cell roster-${field}${duplicate ? ' is-duplicate' : ''}`}>
        {/*
          The row in the name too: a screen reader tabbing through 12 rows hears which one each "Name" is.
          One hidden text rather than a hidden suffix: browsers put a space before an absolutely
          placed part of a name ("Name , row 3").
        */}
        <label htmlFor={cid} className="roster-cell-label">
          <span aria-hidden="true">{label}</span>
          <span className="sr-only">{t('roster.cellName', { column: label, row: index + 1 })}</span>
        </label>
        {control({ id: cid, 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined })}
        {message ? (
          <span id={`${cid}-error`} className="roster-error">
            {message}
          </span>
        ) : null}
      </div>
    );
  };

  const wholeProblems = check.roster.filter((p) => touched || p.key === 'duplicateNumbers' || p.key === 'sameNameInvalid');
  const previewRow = Math.min(selected, roster.rows.length - 1);
  const preview = rowPreview(roster, previewRow, product.squad);
  const here = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;

  return (
    <section className="roster panel" aria-labelledby={`${id}-title`}>
      <div className="roster-head">
        <h2 id={`${id}-title`}>{t('roster.title')}</h2>
        <button type="button" className="text-button" onClick={onClose}>
          {t('roster.close')}
        </button>
      </div>

      {signedIn ? (
        saved && saved.length > 0 ? (
          <div className="roster-load">
            <label htmlFor={`${id}-saved`}>{t('roster.saved.load')}</label>
            <div className="roster-inline">
              <select id={`${id}-saved`} className="input" value={chosenSaved} onChange={(e) => setChosenSaved(e.target.value)}>
                <option value="">{t('roster.saved.choose')}</option>
                {saved.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t('roster.saved.option', { name: s.name, count: s.rows })}
                  </option>
                ))}
              </select>
              <button type="button" className="button secondary" disabled={chosenSaved === ''} onClick={loadSaved}>
                {t('roster.saved.loadButton')}
              </button>
            </div>
          </div>
        ) : null
      ) : (
        <p className="roster-hint">
          <a href={signInHref(locale, here)}>{t('roster.saved.signIn')}</a>
        </p>
      )}

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

      <div className="roster-extras">
        <Extras state={offered} patchIds={roster.patchIds} addonIds={roster.addonIds} onRetry={() => void extras.load()} price={money} onToggle={(kind, extra, on) => change(withExtra(roster, kind, extra, on))} />
      </div>

      <h3>{t('roster.rows')}</h3>
      <div className="roster-body">
        {back ? (
          <div className="roster-preview">
            <p className="roster-hint" id={`${id}-preview`}>
              {t('roster.preview', { row: previewRow + 1 })}
            </p>
            <ShirtPreview image={back} name={preview.name} number={preview.number} premiumNameOption={roster.premiumNameOption} premiumNumberOption={roster.premiumNumberOption} />
          </div>
        ) : null}
        <ol className="roster-rows">
          {roster.rows.map((row, index) => (
            <li key={index} id={rowId(index)} className={`roster-row${index === previewRow && back ? ' is-previewed' : ''}`} aria-label={t('roster.row', { row: index + 1 })} onFocus={() => setSelected(index)}>
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
              <button type="button" className="text-button" disabled={roster.rows.length === 1} onClick={() => removeRow(index)}>
                {t('roster.removeRow', { row: index + 1 })}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <button ref={addRowButton} type="button" className="button secondary" disabled={roster.rows.length >= 200} onClick={() => change({ rows: [...roster.rows, emptyRow()] })}>
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
              <li key={d.size} className={d.demand > d.stock || refusal?.short?.size === d.size ? 'is-short' : undefined}>
                {t('roster.sizeLine', d)}
              </li>
            ))}
          </ul>
          {refusal?.short ? <p className="roster-error">{refusal.short.message}</p> : null}
        </div>
      ) : null}

      {check.duplicates.length > 0 ? (
        <label className="roster-check">
          <input type="checkbox" checked={roster.duplicatesConfirmed} onChange={(e) => change({ duplicatesConfirmed: e.target.checked })} />
          {t('roster.confirmDuplicates')}
        </label>
      ) : null}
      {wholeProblems.length > 0 || (refusal && refusal.whole.length > 0) ? (
        <ul className="roster-errors">
          {wholeProblems.map((p) => (
            <li key={p.key} id={p.key === 'duplicateNumbers' ? duplicatesId : undefined}>
              {rosterProblemText(t, p)}
            </li>
          ))}
          {refusal?.whole.map((said) => (
            <li key={said}>{said}</li>
          ))}
        </ul>
      ) : null}

      <div className="roster-total">
        <span>{t('roster.total', { count: price.totals.itemCount })}</span>
        <strong>{formatMoney(price.totals.total, currency, locale)}</strong>
        {price.totals.discountPercent > 0 ? <span className="roster-hint">{t('roster.tier', { percent: price.totals.discountPercent })}</span> : null}
        <span className={`roster-quote${confirmed ? ' is-confirmed' : ''}`}>
          {confirmed ? t('roster.quote.confirmed') : refusal ? t('roster.quote.refused') : locallyValid ? t('roster.quote.checking') : t('roster.quote.estimate')}
        </span>
      </div>
      <div className="roster-actions">
        <button type="button" className="button" aria-disabled={status.kind === 'busy' ? true : undefined} onClick={() => void (status.kind === 'busy' ? undefined : submit())}>
          {status.kind === 'busy' ? t('roster.adding') : groupId !== null ? t('roster.updateCart') : t('roster.addToCart')}
        </button>
        {signedIn ? (
          <button ref={saveButton} type="button" className="button secondary" aria-disabled={saveStatus.kind === 'busy' ? true : undefined} onClick={() => void (saveStatus.kind === 'busy' ? undefined : save())}>
            {saveStatus.kind === 'busy' ? t('roster.saved.saving') : t('roster.saved.save')}
          </button>
        ) : null}
      </div>
      <p className={`roster-status${status.kind === 'added' ? ' is-ok' : status.kind === 'failed' || status.kind === 'invalid' ? ' is-error' : ''}`} role="status">
        {status.kind === 'added' ? t(status.updated ? 'roster.updated' : 'roster.added') : status.kind === 'failed' ? t('roster.failed', { message: status.message }) : status.kind === 'invalid' ? t('roster.fix') : ''}
      </p>
      {signedIn ? (
        <p className={`roster-status${saveStatus.kind === 'saved' || saveStatus.kind === 'loaded' ? ' is-ok' : saveStatus.kind === 'failed' || saveStatus.kind === 'replace' ? ' is-error' : ''}`} role="status">
          {saveStatus.kind === 'saved'
            ? t('roster.saved.saved', { name: saveStatus.name })
            : saveStatus.kind === 'loaded'
              ? t('roster.saved.loaded', { name: saveStatus.name, count: saveStatus.rows })
              : saveStatus.kind === 'replace'
                ? t('roster.saved.exists', { name: saveStatus.existing.name })
                : saveStatus.kind === 'failed'
                  ? saveStatus.message
                  : ''}
        </p>
      ) : null}
      {saveStatus.kind === 'replace' ? (
        <div className="roster-inline">
          <button type="button" className="button secondary" onClick={() => void save(saveStatus.existing)}>
            {t('roster.saved.replace', { name: saveStatus.existing.name })}
          </button>
          <button
            type="button"
            className="text-button"
            onClick={() => {
              saveButton.current?.focus();
              setSaveStatus({ kind: 'idle' });
            }}
          >
            {t('roster.saved.keep')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
