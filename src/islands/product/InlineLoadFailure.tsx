/**
 * The small failure of one part of the product page that still shows the rest (the
 * configurator's extras, the reviews): its message and a Retry button in the place of the part.
 * Kept apart from LoadFailure.tsx, whose network illustration these do not show.
 */
import type { ReactNode } from 'react';

export function InlineLoadFailure({ className, message, retryLabel, onRetry }: { className: string; message: ReactNode; retryLabel: string; onRetry: () => void }) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="button secondary small" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
