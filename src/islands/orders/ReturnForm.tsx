/**
 * Asking for a return or reporting a defect or misprint (loaded when opened, OrderReturns.tsx):
 * the items and quantities the server says may still be named, the shopper's words, and for a
 * report up to RETURN_PHOTOS_MAX photos, sent one by one after the request (the server checks
 * each by its bytes and keeps a re-encoded copy without its camera data).
 */
import { useState, type FormEvent } from 'react';
import type { OrderDetail } from '../../domain/orders.model.ts';
import { RETURN_DESCRIPTION_MAX, RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX, type OrderReturns, type ReturnKind } from '../../domain/returns.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { askReturn, sendReturnPhoto } from '../../stores/returns.ts';
import { AlertLine } from '../AlertLine.tsx';

interface Props {
  kind: ReturnKind;
  order: OrderDetail;
  token: string | null;
  returns: OrderReturns;
  onCancel: () => void;
  onSent: (message: string) => void;
}

export default function ReturnForm({ kind, order, token, returns, onCancel, onSent }: Props) {
  const { t } = useTranslation();
  const lines = order.lines.map((line) => ({ line, left: returns.lines.find((l) => l.orderItemId === line.id)?.[kind === 'return' ? 'returnable' : 'claimable'] ?? 0 })).filter((l) => l.left > 0);
  const [quantities, setQuantities] = useState<Record<number, number>>(() => (lines.length === 1 ? { [lines[0]!.line.id]: 1 } : {}));
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const choosePhotos = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const big = chosen.find((f) => f.size > RETURN_PHOTO_MAX_BYTES);
    if (big) return setProblem(t('returns.form.photoTooLarge', { name: big.name }));
    if (chosen.length > RETURN_PHOTOS_MAX) return setProblem(t('returns.form.photoTooMany', { max: RETURN_PHOTOS_MAX }));
    setProblem(null);
    setPhotos(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = Object.entries(quantities)
      .map(([id, quantity]) => ({ orderItemId: Number(id), quantity }))
      .filter((l) => l.quantity > 0);
    if (!asked.length) return setProblem(t('returns.form.chooseLine'));
    if (!description.trim()) return setProblem(t('returns.form.describe'));
    setProblem(null);
    setSending(true);
    try {
      const made = await askReturn(order.orderNo, token, { kind, description: description.trim(), lines: asked });
      for (const photo of kind === 'claim' ? photos : []) {
        try {
          await sendReturnPhoto(order.orderNo, token, made.returnNo, photo);
        } catch (error) {
          onSent(t('returns.form.photoFailed', { reason: error instanceof Error ? error.message : String(error) }));
          return;
        }
      }
      onSent(t('returns.form.sent', { returnNo: made.returnNo }));
    } catch (error) {
      // The HTTP layer has shown the shop's answer; the form stays as typed.
      setProblem(error instanceof Error ? error.message : null);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="order-return-form" onSubmit={(e) => void submit(e)} data-testid="return-form" noValidate>
      <h3>{kind === 'return' ? t('returns.form.returnTitle') : t('returns.form.claimTitle')}</h3>
      <fieldset>
        <legend>{t('returns.form.lines')}</legend>
        {lines.length === 0 ? <p>{t('returns.form.none')}</p> : null}
        {lines.map(({ line, left }) => (
          <label key={line.id} className="order-return-line">
            <span>
              {line.name} · {line.size}
              {line.customName || line.customNumber ? ` · ${[line.customName, line.customNumber].filter(Boolean).join(' ')}` : ''}
            </span>
            <select
              aria-label={t('returns.form.quantity', { title: line.name })}
              value={quantities[line.id] ?? 0}
              onChange={(e) => setQuantities({ ...quantities, [line.id]: Number(e.target.value) })}
              data-testid={`return-quantity-${line.id}`}
            >
              {Array.from({ length: left + 1 }, (_v, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      <label className="order-return-field">
        <span>{t('returns.form.description')}</span>
        <textarea rows={4} maxLength={RETURN_DESCRIPTION_MAX} value={description} onChange={(e) => setDescription(e.target.value)} required data-testid="return-description" />
        <small className="checkout-muted">{t('returns.form.descriptionHelp', { max: RETURN_DESCRIPTION_MAX })}</small>
      </label>
      {kind === 'claim' ? (
        <label className="order-return-field">
          <span>{t('returns.form.photos', { max: RETURN_PHOTOS_MAX })}</span>
          <input type="file" accept="image/jpeg,image/png,image/webp" multiple onChange={(e) => choosePhotos(e.target.files)} data-testid="return-photos" />
        </label>
      ) : null}
      <AlertLine className="form-error">{problem}</AlertLine>
      <div className="order-actions">
        <button type="submit" className="button" disabled={sending} data-testid="return-send">
          {sending ? t('returns.form.sending') : t('returns.form.send')}
        </button>
        <button type="button" className="button secondary" onClick={onCancel} disabled={sending}>
          {t('returns.form.cancel')}
        </button>
      </div>
    </form>
  );
}
