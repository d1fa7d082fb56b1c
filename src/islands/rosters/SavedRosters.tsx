/**
 * "My team rosters" (`/{locale}/rosters/`, docs/storefront.md "Team orders"): the signed-in
 * shopper's saved rosters, most recently changed first, each with its product, rows, shirts and
 * when it last changed; Open (the product page's editor with `?roster=<id>`), Rename and Copy (a
 * dialog asking the name, the server's refusal beside the field) and Delete (a confirmation).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
// Its styles (empty-state.css, illustration.css) are in the layout's stylesheet (BaseLayout.astro), as LoadFailure's.
import { EMPTY, GROUND } from '../../components/browse/illustrations.ts';
import type { Locale } from '../../domain/locale.ts';
import { TEAM_NAME_MAX, type SavedRosterEntry } from '../../domain/roster.model.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { copyRoster, deleteRoster, loadSavedRosters, renameRoster } from '../../stores/saved-rosters.ts';
import { $signedIn } from '../../stores/session.ts';
import { ConfirmDialog } from '../address/ConfirmDialog.tsx';
import { homeHref, savedRosterHref } from '../cart/links.ts';
import { Field } from '../form/Field.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { formatDate } from '../orders/wording.ts';
import './saved-rosters.css';

export default withIslandI18n(SavedRosters);

type Load = { status: 'loading' } | { status: 'ready'; rosters: SavedRosterEntry[] } | { status: 'error'; offline: boolean };
/** What a dialog is asking about: a new name for a roster (rename or copy), or deleting it. */
type Asking = { kind: 'rename' | 'copy' | 'delete'; roster: SavedRosterEntry } | null;

const FIELD_LOOK = { field: 'rosters-field', hint: 'rosters-hint', error: 'rosters-error' };

/** A copy's first proposal: next season's name ("Eagles 2026" -> "Eagles 2027", else "Eagles 2027" from the year to come). */
function nextSeasonName(name: string, now: Date): string {
  const year = /(\d{4})$/.exec(name);
  const next = year ? `${name.slice(0, -4)}${Number(year[1]) + 1}` : `${name} ${now.getFullYear() + 1}`;
  return next.slice(0, TEAM_NAME_MAX);
}

function SavedRosters({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [asking, setAsking] = useState<Asking>(null);
  const [news, setNews] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The route guard sends a signed-out visitor to sign in; nothing to load for them.
    if (!$signedIn.get()) return;
    let live = true;
    setLoad({ status: 'loading' });
    void loadSavedRosters().then((answer) => {
      if (!live) return;
      setLoad(answer.ok ? { status: 'ready', rosters: answer.rosters } : { status: 'error', offline: answer.offline });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const rosters = load.status === 'ready' ? load.rosters : [];
  const replace = (next: SavedRosterEntry[]) => setLoad({ status: 'ready', rosters: next });

  /** Focus after a roster's card is gone or a dialog closed: its card's button again, else the heading. */
  const focusCard = (id: number, action: string) => {
    requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>(`[data-roster-id="${id}"] [data-roster-action="${action}"]`) ?? heading.current;
      target?.focus();
    });
  };

  const named = async (name: string): Promise<string | null> => {
    if (!asking || asking.kind === 'delete') return null;
    const { roster, kind } = asking;
    setBusy(true);
    const answer = kind === 'rename' ? await renameRoster(roster.id, name) : await copyRoster(roster.id, name);
    setBusy(false);
    if (!answer.ok) return answer.nameProblem ?? answer.message;
    const saved = { ...answer.value, productName: roster.productName };
    if (kind === 'rename') {
      replace(rosters.map((r) => (r.id === roster.id ? saved : r)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)));
      setNews(t('savedRosters.renamed', { name: saved.name }));
      setAsking(null);
      focusCard(saved.id, 'rename');
    } else {
      // The copy is the most recently changed: first in the list.
      replace([saved, ...rosters]);
      setNews(t('savedRosters.copied', { name: saved.name }));
      setAsking(null);
      focusCard(saved.id, 'copy');
    }
    return null;
  };

  const remove = async (yes: boolean) => {
    if (!asking || asking.kind !== 'delete') return;
    const { roster } = asking;
    if (!yes) {
      setAsking(null);
      return;
    }
    setBusy(true);
    const answer = await deleteRoster(roster.id);
    setBusy(false);
    setAsking(null);
    // Already gone (deleted in another tab): it goes from the list all the same.
    if (!answer.ok && answer.code !== '1404') {
      setNews(t('savedRosters.failed', { message: answer.message }));
      return;
    }
    const at = rosters.findIndex((r) => r.id === roster.id);
    const rest = rosters.filter((r) => r.id !== roster.id);
    replace(rest);
    setNews(t('savedRosters.deleted', { name: roster.name }));
    const neighbour = rest[at] ?? rest[at - 1];
    if (neighbour) focusCard(neighbour.id, 'delete');
    else requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <div className="rosters" data-rosters-state={load.status} aria-busy={load.status === 'loading'}>
      <div className="rosters-head">
        <h1 id="rosters-heading" ref={heading} tabIndex={-1}>
          {t('savedRosters.heading')}
        </h1>
        {rosters.length > 0 ? <p className="rosters-count">{t('savedRosters.count', { count: rosters.length })}</p> : null}
      </div>
      <p className="rosters-intro">{t('savedRosters.intro')}</p>
      <p className="rosters-news" role="status" data-rosters-news>
        {load.status === 'loading' ? t('savedRosters.loading') : news}
      </p>
      {load.status === 'error' ? <LoadFailure offline={load.offline} message={t('savedRosters.loadFailed')} retryLabel={t('savedRosters.retry')} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {load.status === 'ready' && rosters.length === 0 ? (
        <div className="rosters-empty panel empty-state" data-rosters-empty>
          <svg className="illustration" viewBox="0 0 200 150" width="200" height="150" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: GROUND + EMPTY }} />
          <p className="rosters-empty-title">{t('savedRosters.empty')}</p>
          <p>{t('savedRosters.emptyHint')}</p>
          <a className="button" href={homeHref(locale)}>
            {t('savedRosters.browse')}
          </a>
        </div>
      ) : null}
      {rosters.length > 0 ? (
        <ul className="rosters-list" role="list" aria-labelledby="rosters-heading">
          {rosters.map((roster) => (
            <RosterCard key={roster.id} roster={roster} locale={locale} onAsk={(kind) => setAsking({ kind, roster })} />
          ))}
        </ul>
      ) : null}
      {asking && asking.kind !== 'delete' ? (
        <NameDialog
          key={`${asking.kind}-${asking.roster.id}`}
          kind={asking.kind}
          roster={asking.roster}
          busy={busy}
          onSubmit={named}
          onCancel={() => {
            const { roster, kind } = asking;
            setAsking(null);
            focusCard(roster.id, kind);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={asking?.kind === 'delete'}
        title={t('savedRosters.deleteTitle')}
        message={asking?.kind === 'delete' ? t('savedRosters.deleteConfirm', { name: asking.roster.name, rows: asking.roster.rows }) : ''}
        yes={t('savedRosters.deleteYes')}
        no={t('savedRosters.deleteNo')}
        onAnswer={(yes) => void remove(yes)}
      />
    </div>
  );
}

function RosterCard({ roster, locale, onAsk }: { roster: SavedRosterEntry; locale: Locale; onAsk: (kind: 'rename' | 'copy' | 'delete') => void }) {
  const { t } = useTranslation();
  const nameId = `roster-${roster.id}-name`;
  return (
    <li className="rosters-card" data-roster-id={roster.id} aria-labelledby={nameId}>
      <div className="rosters-card-text">
        <h2 className="rosters-card-name" id={nameId}>
          {roster.name}
        </h2>
        <p className="rosters-card-product">{roster.productName ?? t('savedRosters.productGone')}</p>
        <p className="rosters-card-facts">
          {t('savedRosters.rows', { count: roster.rows })} · {t('savedRosters.shirts', { count: roster.shirts })} ·{' '}
          <time dateTime={roster.updatedAt}>{t('savedRosters.changed', { date: formatDate(roster.updatedAt, locale) })}</time>
        </p>
      </div>
      <div className="rosters-card-actions">
        {roster.productName !== null ? (
          // Its name starts with the words it shows (WCAG 2.5.3), then says which roster.
          <a className="button rosters-open" href={savedRosterHref(locale, roster.productId, roster.id)} aria-label={t('savedRosters.openNamed', { name: roster.name })} data-roster-action="open">
            {t('savedRosters.open')}
          </a>
        ) : null}
        {(['rename', 'copy', 'delete'] as const).map((kind) => (
          <button key={kind} type="button" className={`pill rosters-action rosters-action--${kind}`} aria-label={t(`savedRosters.${kind}Named`, { name: roster.name })} data-roster-action={kind} onClick={() => onAsk(kind)}>
            {t(`savedRosters.${kind}`)}
          </button>
        ))}
      </div>
    </li>
  );
}

/**
 * The team name a roster is renamed or copied to, in a modal dialog: checked here for what needs
 * no server (blank, too long), then by the server, whose refusal (a name the shopper already uses:
 * 1409) shows beside the field.
 */
function NameDialog({ kind, roster, busy, onSubmit, onCancel }: { kind: 'rename' | 'copy'; roster: SavedRosterEntry; busy: boolean; onSubmit: (name: string) => Promise<string | null>; onCancel: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [name, setName] = useState(() => (kind === 'rename' ? roster.name : nextSeasonName(roster.name, new Date())));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    input.current?.select();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    const local = trimmed === '' ? t('savedRosters.nameRequired') : trimmed.length > TEAM_NAME_MAX ? t('savedRosters.nameTooLong', { max: TEAM_NAME_MAX }) : null;
    if (local) {
      setError(local);
      input.current?.focus();
      return;
    }
    const problem = await onSubmit(trimmed);
    if (problem) {
      setError(problem);
      input.current?.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog rosters-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{kind === 'rename' ? t('savedRosters.renameTitle') : t('savedRosters.copyTitle')}</h2>
        {kind === 'copy' ? <p>{t('savedRosters.copyIntro', { name: roster.name })}</p> : null}
        <Field id={`${id}-name`} label={t('savedRosters.nameLabel')} look={FIELD_LOOK} error={error} liveError>
          {(described) => (
            <input
              {...described}
              ref={input}
              className="input"
              type="text"
              name="teamName"
              autoComplete="off"
              maxLength={TEAM_NAME_MAX + 10}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="confirm-dialog-actions">
          <button type="button" className="pill rosters-action" onClick={onCancel} disabled={busy}>
            {t('savedRosters.cancel')}
          </button>
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t('savedRosters.saving') : kind === 'rename' ? t('savedRosters.save') : t('savedRosters.makeCopy')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
