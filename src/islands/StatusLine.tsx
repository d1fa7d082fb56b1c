import type { ReactNode } from 'react';

/**
 * News said politely where it happened (loading, saved, sent): a paragraph read out when the
 * reader is free (role="status"), and nothing while there is none. AlertLine is its urgent twin.
 */
export function StatusLine({ className, children }: { className?: string; children: ReactNode }) {
  return children ? (
    <p className={className} role="status">
      {children}
    </p>
  ) : null;
}
