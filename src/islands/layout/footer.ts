/**
 * The footer: its groups become an accordion at 768 px or less (open and static wider), and the
 * newsletter form validates the address, sends it, and shows the server's answer.
 */
import { subscribeToNewsletter } from '../../stores/newsletter.ts';

/** Footer.astro's breakpoint: 768 px or less is an accordion. */
const NARROW = '(max-width: 48rem)';
/** Something@something.tld, with no spaces; the server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

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

export function initNewsletter(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-newsletter]');
  const input = form?.querySelector<HTMLInputElement>('input[type="email"]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form?.querySelector<HTMLElement>('[data-newsletter-status]');
  if (!form || !input || !submit || !status) return;
  const messages = { invalid: form.dataset['msgInvalid'] ?? '', sending: form.dataset['msgSending'] ?? '', done: form.dataset['msgDone'] ?? '', failed: form.dataset['msgFailed'] ?? '' };

  const show = (text: string, kind: 'error' | 'done' | 'info') => {
    status.textContent = text;
    status.classList.toggle('is-error', kind === 'error');
    status.classList.toggle('is-done', kind === 'done');
  };

  submit.disabled = false;
  input.addEventListener('input', () => {
    if (input.getAttribute('aria-invalid') === 'true' && EMAIL.test(input.value.trim())) {
      input.removeAttribute('aria-invalid');
      show('', 'info');
    }
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = input.value.trim();
    if (!EMAIL.test(email) || email.length > 254) {
      input.setAttribute('aria-invalid', 'true');
      show(messages.invalid, 'error');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    submit.disabled = true;
    show(messages.sending, 'info');
    try {
      const result = await subscribeToNewsletter(email);
      if (result.ok) {
        form.reset();
        show(messages.done, 'done');
      } else if (result.reason === 'invalid') {
        input.setAttribute('aria-invalid', 'true');
        show(messages.invalid, 'error');
        input.focus();
      } else {
        show(result.reason === 'refused' ? result.message : messages.failed, 'error');
      }
    } catch {
      show(messages.failed, 'error');
    } finally {
      submit.disabled = false;
    }
  });
}
