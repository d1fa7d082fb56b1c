/**
 * The footer's newsletter form at work (footer.ts loads it on the first submit): checks the
 * address, sends it, and says every outcome in the form's status line, in the page's language.
 */
import { subscribeToNewsletter } from '../../stores/newsletter.ts';

/** Something@something.tld, with no spaces; the server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** What a submit does: check the address, send it and show the answer; null when the form lacks its parts. */
export function createNewsletterSubmit(form: HTMLFormElement): (() => Promise<void>) | null {
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  if (!input || !submit || !status) return null;
  const messages = { empty: form.dataset['msgEmpty'] ?? '', invalid: form.dataset['msgInvalid'] ?? '', sending: form.dataset['msgSending'] ?? '', done: form.dataset['msgDone'] ?? '', failed: form.dataset['msgFailed'] ?? '' };

  const show = (text: string, kind: 'error' | 'done' | 'info') => {
    status.textContent = text;
    status.classList.toggle('is-error', kind === 'error');
    status.classList.toggle('is-done', kind === 'done');
  };

  input.addEventListener('input', () => {
    if (input.getAttribute('aria-invalid') === 'true' && EMAIL.test(input.value.trim())) {
      input.removeAttribute('aria-invalid');
      show('', 'info');
    }
  });
  return async () => {
    const email = input.value.trim();
    if (!EMAIL.test(email) || email.length > 254) {
      input.setAttribute('aria-invalid', 'true');
      show(email ? messages.invalid : messages.empty, 'error');
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
  };
}
