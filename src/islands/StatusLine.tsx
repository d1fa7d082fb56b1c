import type { ReactNode } from 'react';

/**
 * News said politely where it happened (loading, saved, sent): a paragraph read out when the
 * reader is free (role="status"). It stays in the page while empty, so the news that fills it
 * later is announced: screen readers may stay silent about a status region that arrives already
 * holding its text. Empty, it takes no room (global.css). AlertLine is its urgent twin, whose
 * role is announced as it appears.
 */
export function StatusLine({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p className={className} role="status">
      {children}
    </p>
  );
}
