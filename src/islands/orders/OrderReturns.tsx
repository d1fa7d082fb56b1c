/**
 * The order page's returns and problems: the order's requests with their state (and a claim's
 * photos, fetched with the session or the guest's token), and the two ways to ask: return
 * unprinted items within the window, or report a defect or misprint. The form's code loads only
 * when one of them is opened (ReturnForm.tsx), so the page carries little for the many who never ask.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Locale } from '../../domain/locale.ts';
import type { OrderDetail } from '../../domain/orders.model.ts';
import type { OrderReturns as Returns, ReturnKind, ReturnRecord } from '../../domain/returns.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { loadReturns, photoObjectUrl } from '../../stores/returns.ts';
import { formatDate } from './wording.ts';
import { StatusLine } from '../StatusLine.tsx';

const ReturnForm = lazy(() => import('./ReturnForm.tsx'));

export function OrderReturns({ order, token, locale }: { order: OrderDetail; token: string | null; locale: Locale }) {
  const { t } = useTranslation();
  const [returns, setReturns] = useState<Returns | null>(null);
  const [asking, setAsking] = useState<ReturnKind | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void loadReturns(order.orderNo, token)
      .then((answer) => live && setReturns(answer))
      .catch(() => live && setReturns(null));
    return () => {
      live = false;
    };
  }, [order.orderNo, token, attempt]);

  if (!returns) return null;
  const canReturn = returns.returnOpen && returns.lines.some((l) => l.returnable > 0);
  const canClaim = returns.claimOpen && returns.lines.some((l) => l.claimable > 0);
  if (!returns.requests.length && !canReturn && !canClaim) return null;

  return (
    <section className="order-card order-returns" aria-labelledby="order-returns" data-testid="order-returns">
      <h2 id="order-returns">{t('returns.heading')}</h2>
      {returns.requests.length === 0 ? <p className="checkout-muted">{t('returns.none')}</p> : null}
      <ul className="order-returns-list" role="list">
        {returns.requests.map((request) => (
          <ReturnItem key={request.returnNo} request={request} order={order} token={token} locale={locale} />
        ))}
      </ul>
      {returns.returnUntil ? <p className="checkout-muted">{returns.returnOpen ? t('returns.returnUntil', { date: formatDate(returns.returnUntil, locale) }) : t('returns.returnClosed')}</p> : null}
      <StatusLine className="order-returns-sent">{sent}</StatusLine>
      {asking ? (
        <Suspense fallback={<StatusLine>…</StatusLine>}>
          <ReturnForm
            kind={asking}
            order={order}
            token={token}
            returns={returns}
            onCancel={() => setAsking(null)}
            onSent={(message) => {
              setAsking(null);
              setSent(message);
              setAttempt((n) => n + 1);
            }}
          />
        </Suspense>
      ) : (
        <div className="order-actions">
          {canReturn ? (
            <button type="button" className="button secondary" onClick={() => setAsking('return')} data-testid="return-open">
              {t('returns.returnButton')}
            </button>
          ) : null}
          {canClaim ? (
            <button type="button" className="button secondary" onClick={() => setAsking('claim')} data-testid="claim-open">
              {t('returns.claimButton')}
            </button>
          ) : null}
        </div>
      )}
      {order.personalised && canReturn ? <p className="checkout-muted">{t('returns.printedNote')}</p> : null}
    </section>
  );
}

function ReturnItem({ request, order, token, locale }: { request: ReturnRecord; order: OrderDetail; token: string | null; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <li className="order-return" data-testid="order-return" data-status={request.status}>
      <p>
        <strong>{request.returnNo}</strong> · {t(`returns.kinds.${request.kind}`)} · {formatDate(request.createdAt, locale)}
      </p>
      <p>
        <span className={`order-status order-return-status--${request.status}`} data-testid="order-return-status">
          {t(`returns.statuses.${request.status}`)}
        </span>
        {request.resolution ? ` · ${t(`returns.resolution.${request.resolution}`, { orderNo: request.replacementOrderNo ?? '' })}` : null}
      </p>
      <ul className="order-return-lines" role="list">
        {request.lines.map((line) => (
          <li key={line.orderItemId}>
            {line.title} · {line.size}
            {line.print ? ` · ${line.print}` : ''} × {line.quantity}
          </li>
        ))}
      </ul>
      <p className="order-return-description">{request.description}</p>
      {request.decisionNote ? (
        <p className="order-return-note">
          <strong>{request.status === 'declined' ? t('returns.reason') : t('returns.instructions')}:</strong> {request.decisionNote}
        </p>
      ) : null}
      {request.photoIds.length ? <ReturnPhotos orderNo={order.orderNo} token={token} request={request} /> : null}
    </li>
  );
}

function ReturnPhotos({ orderNo, token, request }: { orderNo: string; token: string | null; request: ReturnRecord }) {
  const { t } = useTranslation();
  const [urls, setUrls] = useState<(string | null)[]>([]);
  const ids = request.photoIds.join(',');
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    void Promise.all(request.photoIds.map((id) => photoObjectUrl(orderNo, token, request.returnNo, id))).then((found) => {
      made.push(...found.filter((u): u is string => u !== null));
      if (live) setUrls(found);
    });
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [orderNo, token, request.returnNo, ids]);
  return (
    <div className="order-return-photos">
      {urls.map((url, i) => (url ? <img key={url} src={url} width={96} height={96} alt={t('returns.photoAlt', { n: i + 1 })} data-testid="order-return-photo" /> : null))}
    </div>
  );
}
