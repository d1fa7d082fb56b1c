/**
 * The add-address page's island (`/{locale}/add-address/`, docs/accounts-and-security.md "Account
 * pages"); with `?id=` it edits that address. Saving goes back to the address book, or to
 * `?redirect=` (a path on this site) when a page such as checkout sent the shopper here.
 *
 * The specification's screen also lists a coupon code: coupons belong to the cart and checkout
 * (they change what an order costs, not where it goes), so this form leaves it out.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AddressRecord } from '../../domain/account.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { REDIRECT_PARAM, safeRedirectPath } from '../../domain/route-guard.ts';
import { localePath, useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { loadAddress, loadSavedAddresses, saveAddress } from '../../stores/addresses.ts';
import { $signedIn } from '../../stores/session.ts';
import { valuesFromRecord } from './address-form.ts';
import { SAVED_PARAM } from './address-lines.ts';
import { AddressFields } from './AddressFields.tsx';
import { useAddressForm } from './useAddressForm.ts';
import { AlertLine } from '../AlertLine.tsx';
import './address.css';

export default withIslandI18n(AddressEditor);

type Mode = { kind: 'starting' } | { kind: 'add' } | { kind: 'loading'; id: number } | { kind: 'edit'; id: number } | { kind: 'not-found' } | { kind: 'error'; id: number };

/** The address id in `?id=`, or null (absent or not a positive whole number). */
export function editedId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  return raw !== null && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

function AddressEditor({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  // 'starting' until hydrated: a form sent before its script runs would put the address in the URL.
  const [mode, setMode] = useState<Mode>({ kind: 'starting' });
  const [saved, setSaved] = useState<AddressRecord[]>([]);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const id = mode.kind === 'edit' || mode.kind === 'loading' ? mode.id : undefined;
  const form = useAddressForm({ saved, id, idPrefix: 'address' });
  // The loading effect runs once per attempt, not whenever the form's handlers change.
  const formRef = useRef(form);
  formRef.current = form;
  const bookPath = localePath(locale, '/address/');
  const [backTo, setBackTo] = useState(bookPath);

  useEffect(() => {
    if (!$signedIn.get()) return;
    const params = new URLSearchParams(location.search);
    setBackTo(safeRedirectPath(params.get(REDIRECT_PARAM), bookPath));
    const wanted = editedId(location.search);
    if (params.has('id') && wanted === null) {
      setMode({ kind: 'not-found' });
      return;
    }
    if (wanted === null) setMode({ kind: 'add' });
    void loadSavedAddresses().then((records) => {
      setSaved(records);
      // The first address is the default whatever the box says: show it ticked.
      if (wanted === null && records.length === 0) formRef.current.setField('isDefault', true);
    });
    if (wanted === null) return;
    setMode({ kind: 'loading', id: wanted });
    void loadAddress(wanted).then((result) => {
      if (result.status === 'found') {
        formRef.current.reset(valuesFromRecord(result.record));
        setMode({ kind: 'edit', id: wanted });
      } else setMode(result.status === 'not-found' ? { kind: 'not-found' } : { kind: 'error', id: wanted });
    });
    // `attempt` retries a failed load.
  }, [attempt, bookPath]);

  const editing = mode.kind === 'loading' || mode.kind === 'edit' || mode.kind === 'error' || mode.kind === 'not-found';
  useEffect(() => {
    document.title = t('site.title', { page: t(editing ? 'address.editor.titleEdit' : 'address.editor.titleAdd') });
  }, [editing, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError('');
    const address = form.check();
    if (!address) {
      setFormError(t('address.editor.fixErrors'));
      return;
    }
    setSaving(true);
    const result = await saveAddress(address);
    if (result.ok) {
      const target = new URL(backTo, location.href);
      if (backTo === bookPath) target.searchParams.set(SAVED_PARAM, String(result.record.id));
      location.assign(target.pathname + target.search + target.hash);
      return;
    }
    setSaving(false);
    if (form.showServerError(result.issues)) setFormError(t('address.editor.fixErrors'));
    else setFormError(result.message || t('address.editor.saveFailed'));
  };

  return (
    <div>
      <a className="ab-back" href={backTo}>
        {t('address.editor.back')}
      </a>
      <h1>{t(editing ? 'address.editor.titleEdit' : 'address.editor.titleAdd')}</h1>
      {mode.kind === 'starting' ? null : mode.kind === 'loading' ? (
        <p role="status">{t('address.editor.loading')}</p>
      ) : mode.kind === 'not-found' ? (
        <div className="ab-empty panel" role="alert">
          <p>{t('address.editor.notFound')}</p>
          <a className="af-button" href={bookPath}>
            {t('address.editor.back')}
          </a>
        </div>
      ) : mode.kind === 'error' ? (
        <div className="ab-empty panel" role="alert">
          <p>{t('address.editor.loadFailed')}</p>
          <button type="button" className="af-button af-button-ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t('address.editor.retry')}
          </button>
        </div>
      ) : (
        <form className="ab-form panel" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving || undefined}>
          <AlertLine className="ab-form-error">{formError}</AlertLine>
          <AddressFields form={form} />
          <div className="ab-form-actions">
            <button type="submit" className="af-button af-button-danger" aria-disabled={saving || undefined}>
              {saving ? t('address.editor.saving') : t('address.editor.save')}
            </button>
            <a className="text-button af-link-button" href={backTo}>
              {t('address.editor.cancel')}
            </a>
          </div>
        </form>
      )}
    </div>
  );
}
