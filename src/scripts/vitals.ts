/**
 * Real-user vitals' loader, on every storefront page (BaseLayout): a sampled page view, once the
 * page is idle, loads the reporter (vitals-report.ts, with web-vitals), so the pages' initial
 * JavaScript grows by these few lines only. docs/performance.md "Real-user vitals".
 */

/** Whether this page view reports: a `rate` share of them, none where the browser asks not to be tracked. */
export function wantsVitals(rate: number, doNotTrack: string | null | undefined, random: () => number = Math.random): boolean {
  return doNotTrack !== '1' && random() < rate;
}

function start(): void {
  const load = () => void import('./vitals-report.ts').then((reporter) => reporter.reportVitals());
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 5000 }) : setTimeout(load, 0));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

if (typeof window !== 'undefined' && wantsVitals(Number(import.meta.env.PUBLIC_VITALS_SAMPLE_RATE), navigator.doNotTrack)) start();
