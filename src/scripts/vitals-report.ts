/**
 * Reports this page view's vitals (loaded after idle by vitals.ts): LCP, INP, CLS and TTFB from
 * web-vitals (its attribution-less build), each once, sent together in a beacon when the page is
 * hidden (the moment LCP, CLS and INP become final; `pagehide` too, where `visibilitychange` does
 * not fire on unload); a vital that comes only later (INP) goes at a later hide. A page restored
 * from the back-forward cache is a new view: web-vitals reports it again and the next hide sends it. What goes out: the page type from the route, the
 * page's locale and the values; no address, id, query or cookie.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { publicApiBase } from '../client/request-context.ts';
import { vitalsApi } from '../domain/api/vitals.ts';
import { DEFAULT_LOCALE, isLocale } from '../domain/locale.ts';
import { pageTypeOf, type VitalsReport } from '../domain/vitals.model.ts';

function send(report: VitalsReport): void {
  const url = `${publicApiBase()}${vitalsApi.report.path}`;
  const body = JSON.stringify(report);
  // A string is sent as text/plain: no CORS preflight when the API is on another origin.
  if (navigator.sendBeacon?.(url, body)) return;
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).catch(() => {});
}

export function reportVitals(): void {
  const lang = document.documentElement.lang;
  const navigation = performance.getEntriesByType('navigation')[0] as (PerformanceNavigationTiming & { responseStatus?: number }) | undefined;
  const base: Omit<VitalsReport, 'metrics'> = {
    page: pageTypeOf(location.pathname, import.meta.env.BASE_URL, navigation?.responseStatus),
    locale: isLocale(lang) ? lang : DEFAULT_LOCALE,
  };
  let metrics: VitalsReport['metrics'] = {};
  // Each vital goes once per page view: INP, whose first value can come only at a later hide,
  // goes then; a value it reaches after it was sent is not sent again.
  let sent = new Set<string>();
  const queue = (metric: Metric) => {
    if (!sent.has(metric.name)) metrics[metric.name as keyof VitalsReport['metrics']] = metric.value;
  };
  onTTFB(queue);
  onLCP(queue);
  onCLS(queue);
  onINP(queue);
  // Added after web-vitals' own listeners, so their last values are queued before this sends.
  const flush = () => {
    if (Object.keys(metrics).length === 0) return;
    send({ ...base, metrics });
    for (const name of Object.keys(metrics)) sent.add(name);
    metrics = {};
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  // A page restored from the back-forward cache is a new view, which web-vitals measures afresh.
  addEventListener('pageshow', (event) => {
    if (event.persisted) sent = new Set();
  });
  // Seen in the browser's performance panel (and by tests/e2e/vitals.spec.ts): this view reports.
  performance.mark('vitals-reporting');
}
