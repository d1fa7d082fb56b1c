/**
 * Draws `$progress` (stores/progress.ts) as the thin bar at the top of the page and starts it when
 * this page is being left: a plain click on a link to another page of the site, a form that
 * submits to the site, or any other unload. The bar's width is a CSS custom property (CSP allows
 * that from script); its transitions live in AppShell's styles and stop under reduced motion.
 */
import {
  $progress,
  endNavigationProgress,
  followRequests,
  isPageNavigationClick,
  isPageNavigationSubmit,
  startNavigationProgress,
} from '../stores/progress.ts';

export function mountProgressBar(bar: HTMLElement): void {
  $progress.subscribe((state) => {
    bar.dataset['phase'] = state.phase;
    bar.style.setProperty('--progress', String(state.value));
  });
  followRequests();

  // On window, so every handler nearer the link (React's included) has had its say first.
  window.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    if (isPageNavigationClick(event, { href: link.href, target: link.target, download: link.hasAttribute('download') }, location.href)) {
      startNavigationProgress();
    }
  });
  window.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = event.submitter instanceof HTMLButtonElement || event.submitter instanceof HTMLInputElement ? event.submitter : null;
    const action = submitter?.hasAttribute('formaction') ? submitter.formAction : form.action;
    const method = submitter?.hasAttribute('formmethod') ? submitter.formMethod : form.method;
    const target = submitter?.hasAttribute('formtarget') ? submitter.formTarget : form.target;
    if (isPageNavigationSubmit(event, { action, method, target }, location.href)) startNavigationProgress();
  });
  window.addEventListener('beforeunload', () => startNavigationProgress());
  // Back from the back/forward cache: the page is live again, nothing is loading.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) endNavigationProgress();
  });
}
