/**
 * The address book page's island (`/{locale}/address/`, docs/accounts-and-security.md "Account
 * pages"): the shopper's addresses, the default first and marked, each with edit, delete (after
 * "Are you sure remove this address?") and set as default; an empty message and "Add address".
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { AddressRecord } from '../../domain/account.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { localePath, useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { $addressBook, loadAddressBook, makeDefaultAddress, removeAddress } from '../../stores/addresses.ts';
import { $signedIn } from '../../stores/session.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { addressLines, SAVED_PARAM } from './address-lines.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import './address.css';

export default withIslandI18n(AddressBook);

function AddressBook({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { status, records, busyId, offline } = useStore($addressBook);
  const [confirming, setConfirming] = useState<AddressRecord | null>(null);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Signed out, the route guard is on its way to the login page: nothing to load.
    if (!$signedIn.get()) return;
    void loadAddressBook();
    const url = new URL(location.href);
    if (url.searchParams.has(SAVED_PARAM)) {
      setNotice(t('address.book.saved'));
      url.searchParams.delete(SAVED_PARAM);
      history.replaceState(history.state, '', url);
    }
  }, [t]);

  const answer = async (yes: boolean) => {
    const record = confirming;
    setConfirming(null);
    if (!yes || !record) return;
    if (await removeAddress(record.id)) {
      setNotice(t('address.book.deleted'));
      // The pressed button went with its address.
      heading.current?.focus();
    }
  };

  const makeDefault = async (record: AddressRecord) => {
    if (await makeDefaultAddress(record.id)) {
      setNotice(t('address.book.defaultChanged'));
      // Its "Set as default" button is gone: continue at the address, now first.
      document.getElementById(`address-${record.id}-name`)?.focus();
    }
  };

  const addHref = localePath(locale, '/add-address/');
  return (
    <div>
      <div className="ab-head">
        <h1 ref={heading} tabIndex={-1}>
          {t('address.book.title')}
        </h1>
        <a className="af-button" href={addHref}>
          {t('address.book.add')}
        </a>
      </div>
      <p className="ab-status" role="status">
        {notice}
      </p>
      {status === 'loading' ? (
        <p>{t('address.book.loading')}</p>
      ) : status === 'error' && records.length === 0 ? (
        <LoadFailure
          className="ab-empty panel"
          offline={offline === true}
          message={t('address.book.loadFailed')}
          retryLabel={t('address.book.retry')}
          onRetry={() => void loadAddressBook()}
        />
      ) : records.length === 0 ? (
        <div className="ab-empty panel" data-address-empty>
          <p className="ab-empty-title">{t('address.book.empty')}</p>
          <p>{t('address.book.emptyHint')}</p>
          <a className="af-button" href={addHref}>
            {t('address.book.add')}
          </a>
        </div>
      ) : (
        <ul className="ab-list" aria-label={t('address.book.count', { count: records.length })}>
          {records.map((record) => (
            <AddressCard key={record.id} record={record} locale={locale} busy={busyId !== null} onDelete={() => setConfirming(record)} onMakeDefault={() => void makeDefault(record)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('address.book.confirmTitle')}
        message={t('address.book.confirmDelete')}
        yes={t('address.book.yes')}
        no={t('address.book.no')}
        onAnswer={(yes) => void answer(yes)}
      />
    </div>
  );
}

function AddressCard({ record, locale, busy, onDelete, onMakeDefault }: { record: AddressRecord; locale: Locale; busy: boolean; onDelete(): void; onMakeDefault(): void }) {
  const { t } = useTranslation();
  const [name, ...lines] = addressLines(record);
  // Said after each button's word, so "Delete" is "Delete Chan Tai Man, 1 Nathan Road" to a screen reader.
  const which = <span className="sr-only">{`: ${name}, ${record.address}`}</span>;
  return (
    <li className={record.isDefault ? 'ab-card panel is-default' : 'ab-card panel'} data-address-id={record.id} aria-busy={busy || undefined}>
      <h2 className="ab-card-name" id={`address-${record.id}-name`} tabIndex={-1}>
        {name}
        {record.isDefault ? <span className="ab-badge">{t('address.book.default')}</span> : null}
      </h2>
      <address className="ab-lines">
        {lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
      <div className="ab-actions">
        <a className="af-button af-button-small af-button-ghost" href={localePath(locale, `/add-address/?id=${record.id}`)}>
          {t('address.book.edit')}
          {which}
        </a>
        {record.isDefault ? null : (
          <button type="button" className="af-button af-button-small af-button-ghost" disabled={busy} onClick={onMakeDefault}>
            {t('address.book.setDefault')}
            {which}
          </button>
        )}
        <button type="button" className="text-button af-link-button" disabled={busy} onClick={onDelete}>
          {t('address.book.delete')}
          {which}
        </button>
      </div>
    </li>
  );
}
