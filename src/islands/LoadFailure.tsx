/**
 * What an island shows when loading what it lists failed, with a way to try again. When the shop
 * could not be reached at all (offline, DNS, a timeout: client/errors.ts `isUnreachable`), the
 * network-error illustration and its own words (`network`, which the island's page picks);
 * otherwise the place's own message.
 */
import type { ReactNode } from 'react';
// Its styles (empty-state.css, illustration.css) are in the layout's stylesheet (BaseLayout.astro).
import { GROUND, NETWORK_ERROR } from '../components/browse/illustrations.ts';
import { useTranslation } from '../i18n/react.tsx';


export function LoadFailure({
  offline,
  message,
  retryLabel,
  onRetry,
  className = '',
  children,
}: {
  /** The shop could not be reached (stores/failures.ts `unreachable`). */
  offline: boolean;
  /** The place's own words for any other failure. */
  message: ReactNode;
  retryLabel?: string;
  onRetry?: (() => void) | undefined;
  className?: string;
  /** More ways on, after Retry (a link to tracking, say). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`empty-state load-failure ${className}`.trim()} role="alert" data-load-failure={offline ? 'network' : 'other'}>
      {offline ? (
        <>
          <svg className="illustration" viewBox="0 0 200 150" width="200" height="150" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: GROUND + NETWORK_ERROR }} />
          <p className="load-failure-title">{t('network.title')}</p>
          <p>{t('network.text')}</p>
        </>
      ) : (
        <p className="load-failure-title">{message}</p>
      )}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {offline ? t('network.retry') : (retryLabel ?? t('network.retry'))}
        </button>
      ) : null}
      {children}
    </div>
  );
}
