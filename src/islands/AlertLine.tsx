import type { ReactNode } from 'react';

/**
 * A failure or refusal said where it happened: a paragraph read out as it appears (role="alert"),
 * and nothing while there is none, so it is announced each time it comes back.
 */
export function AlertLine({ className, children }: { className: string; children: ReactNode }) {
  return children ? (
    <p className={className} role="alert">
      {children}
    </p>
  ) : null;
}
