/**
 * The footer: its groups become an accordion at 768 px or less (open and static wider), and the
 * newsletter form validates the address, sends it, and shows the server's answer. The footer is on
 * every page, so the form's work (and the HTTP layer under it) loads when someone subscribes.
 */

/** Footer.astro's breakpoint: 768 px or less is an accordion. */
const NARROW = '(max-width: 48rem)';

export function initFooterAccordion(): void {
  const groups = [...document.querySelectorAll<HTMLDetailsElement>('details[data-footer-group]')];
  if (groups.length === 0) return;
  const query = window.matchMedia(NARROW);
  const apply = () => {
    for (const group of groups) {
      group.open = !query.matches;
      // Wide, the titles are headings: not a tab stop, and a click does not fold the group.
      group.querySelector('summary')?.setAttribute('tabindex', query.matches ? '0' : '-1');
    }
  };
  for (const group of groups) {
    group.querySelector('summary')?.addEventListener('click', (event) => {
      if (!query.matches) event.preventDefault();
    });
  }
  query.addEventListener('change', apply);
  apply();
}

/**
 * The newsletter form: usable once this runs (its button is disabled in the HTML); checking and
 * sending the address (newsletter-form.ts, with the HTTP layer) load on the first submit.
 */
export function initNewsletter(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-newsletter]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !submit) return;
  let handler: Promise<(() => Promise<void>) | null> | null = null;
  submit.disabled = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    handler ??= import('./newsletter-form.ts').then((module) => module.createNewsletterSubmit(form));
    handler.then(
      (send) => send?.(),
      () => {
        // Not loaded (offline): the next submit tries again.
        handler = null;
      },
    );
  });
}
