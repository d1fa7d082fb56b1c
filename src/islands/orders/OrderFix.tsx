/**
 * The order page's "Fix a typo" (docs/back-office.md "Order changes"): within the merchant's window
 * after payment and before production, the shopper corrects the printed name and number of a line
 * printed with their own name, or the shipping address (same country). Shown only while the server
 * says the order is editable; the server decides again on every save.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '../../domain/locale.ts';
import type { ShopperChangeOptions } from '../../domain/order-changes.model.ts';
import type { OrderDetail } from '../../domain/orders.model.ts';
import { CUSTOM_NAME_MAX, normaliseCustomName, normaliseCustomNumber } from '../../domain/personalisation.ts';
import type { MessageKey } from '../../i18n/core.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { fixOrder, loadChangeOptions } from '../../stores/order-changes.ts';
import { formatDate } from './wording.ts';
import { AlertLine } from '../AlertLine.tsx';
import { StatusLine } from '../StatusLine.tsx';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export function OrderFix({ order, token, locale, onChanged }: { order: OrderDetail; token: string | null; locale: Locale; onChanged: () => void }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ShopperChangeOptions | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    if (order.status !== 'paid') return;
    void loadChangeOptions(order.orderNo, token).then(setOptions);
  }, [order.orderNo, order.status, token]);

  if (!options?.editable) return <StatusLine className="order-fix-saved">{status.kind === 'saved' ? t('checkout.fix.saved') : null}</StatusLine>;

  const send = async (change: Parameters<typeof fixOrder>[0]['change']) => {
    setStatus({ kind: 'saving' });
    const result = await fixOrder({ orderNo: order.orderNo, ...(token ? { token } : {}), revision: options.revision, change });
    if (result.ok) {
      setStatus({ kind: 'saved' });
      setOptions(await loadChangeOptions(order.orderNo, token));
      onChanged();
    } else {
      setStatus({ kind: 'failed', message: result.message || t('checkout.fix.failed') });
      // Someone (or the window) moved on: read again what may still be done.
      if (result.stale) setOptions(await loadChangeOptions(order.orderNo, token));
    }
  };

  const a = order.shippingAddress;
  const submitAddress = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (name: string) => String(f.get(name) ?? '').trim();
    void send({
      kind: 'address',
      address: { firstName: text('firstName'), lastName: text('lastName'), company: a.company ?? '', address: text('address'), address2: text('address2'), country: a.country, province: text('province'), postalCode: text('postalCode'), phoneCode: a.phoneCode, city: text('city'), phone: text('phone') },
    });
  };

  return (
    <section className="order-card order-fix" aria-labelledby="order-fix" data-testid="order-fix">
      <h2 id="order-fix">{t('checkout.fix.title')}</h2>
      <p className="checkout-muted">{t('checkout.fix.intro', { until: options.until ? formatDate(options.until, locale, true) : '' })}</p>
      {options.lines.map((line) => (
        <LineFix key={line.itemId} line={line} busy={status.kind === 'saving'} onSave={(customName, customNumber) => void send({ kind: 'line', itemId: line.itemId, customName, customNumber })} />
      ))}
      <details className="order-fix-address">
        <summary>{t('checkout.fix.address')}</summary>
        <p className="checkout-muted">{t('checkout.fix.addressNote')}</p>
        <form onSubmit={submitAddress} data-testid="order-fix-address">
          {(['firstName', 'lastName', 'address', 'address2', 'city', 'province', 'postalCode', 'phone'] as const).map((field) => (
            <label key={field} className="order-fix-field">
              <span>{t(`checkout.fix.fields.${field}` as MessageKey)}</span>
              <input className="input input--compact" name={field} defaultValue={(a[field] as string | null) ?? ''} required={!['address2', 'province', 'postalCode'].includes(field)} />
            </label>
          ))}
          <button type="submit" className="button secondary" disabled={status.kind === 'saving'}>
            {t('checkout.fix.saveAddress')}
          </button>
        </form>
      </details>
      <StatusLine className="order-fix-saved">{status.kind === 'saved' ? t('checkout.fix.saved') : null}</StatusLine>
      <AlertLine className="order-fix-error">{status.kind === 'failed' ? status.message : null}</AlertLine>
    </section>
  );
}

function LineFix({ line, busy, onSave }: { line: ShopperChangeOptions['lines'][number]; busy: boolean; onSave: (name: string, number: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(line.customName ?? '');
  const [number, setNumber] = useState(line.customNumber ?? '');
  const nameOk = normaliseCustomName(name) !== null;
  const numberOk = normaliseCustomNumber(number) !== null;
  const changed = name.toUpperCase() !== (line.customName ?? '') || number !== (line.customNumber ?? '');
  return (
    <form
      className="order-fix-line"
      data-testid="order-fix-line"
      onSubmit={(event) => {
        event.preventDefault();
        if (nameOk && numberOk) onSave(name.toUpperCase(), number);
      }}
    >
      <p className="checkout-line-name">
        {line.title} · {line.size}
      </p>
      <label className="order-fix-field">
        <span>{t('checkout.fix.name')}</span>
        <input className="input input--compact" value={name} maxLength={CUSTOM_NAME_MAX} autoCapitalize="characters" aria-invalid={!nameOk} aria-describedby={`fix-name-${line.itemId}`} onChange={(e) => setName(e.target.value)} data-testid="order-fix-name" />
        <small id={`fix-name-${line.itemId}`}>{t('checkout.fix.nameHint')}</small>
      </label>
      <label className="order-fix-field order-fix-number">
        <span>{t('checkout.fix.number')}</span>
        <input className="input input--compact" value={number} maxLength={2} inputMode="numeric" aria-invalid={!numberOk} aria-describedby={`fix-number-${line.itemId}`} onChange={(e) => setNumber(e.target.value)} data-testid="order-fix-number" />
        <small id={`fix-number-${line.itemId}`}>{t('checkout.fix.numberHint')}</small>
      </label>
      <button type="submit" className="button" disabled={busy || !changed || !nameOk || !numberOk} data-testid="order-fix-save">
        {t('checkout.fix.save')}
      </button>
    </form>
  );
}
