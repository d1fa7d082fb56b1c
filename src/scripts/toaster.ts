/**
 * Draws `$toasts` (stores/toasts.ts) without React: errors go to an `role="alert"` region (read
 * out at once), other notices to a `role="status"` region (read out politely). Both regions are
 * in the page from the start (AppShell.astro), as live regions must be to be announced.
 * Toasts never take focus; one that is hovered or focused stays until left.
 */
import { $toasts, chooseToastAction, dismissToast, holdToast, releaseToast, type Toast } from '../stores/toasts.ts';
import { appText } from './app-strings.ts';

export function mountToaster(polite: HTMLElement, assertive: HTMLElement): void {
  const shown = new Map<number, HTMLElement>();
  // Where keyboard focus came from when it entered a toast, to return it when that toast goes.
  let focusOrigin: HTMLElement | null = null;
  for (const region of [polite, assertive]) {
    region.addEventListener('focusin', (event) => {
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !polite.contains(from) && !assertive.contains(from)) focusOrigin = from;
    });
  }

  $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((toast) => toast.id));
    for (const [id, element] of shown) {
      if (ids.has(id)) continue;
      const hadFocus = element.contains(document.activeElement);
      element.remove();
      shown.delete(id);
      if (hadFocus && focusOrigin?.isConnected) focusOrigin.focus();
    }
    for (const toast of toasts) {
      if (shown.has(toast.id)) continue;
      const element = renderToast(toast);
      (toast.kind === 'error' ? assertive : polite).append(element);
      shown.set(toast.id, element);
    }
  });
}

function renderToast(toast: Toast): HTMLElement {
  const element = document.createElement('div');
  element.className = `app-toast app-toast--${toast.kind}`;
  element.dataset['toastId'] = String(toast.id);

  if (toast.title) {
    const title = document.createElement('p');
    title.className = 'app-toast-title';
    title.textContent = toast.title;
    element.append(title);
  }
  const text = document.createElement('p');
  text.className = 'app-toast-text';
  text.textContent = toast.text ?? appText(toast.textKey ?? 'errors.generic');
  element.append(text);

  if (toast.actions.length > 0) {
    const actions = document.createElement('div');
    actions.className = 'app-toast-actions';
    toast.actions.forEach((action, index) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = index === 0 ? 'app-toast-action app-toast-action--primary' : 'app-toast-action';
      button.textContent = action.label ?? appText(action.labelKey ?? '');
      button.addEventListener('click', () => chooseToastAction(toast.id, index));
      actions.append(button);
    });
    element.append(actions);
  }

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'app-toast-close';
  close.setAttribute('aria-label', appText('toast.dismiss'));
  const cross = document.createElement('span');
  cross.setAttribute('aria-hidden', 'true');
  cross.textContent = '×';
  close.append(cross);
  close.addEventListener('click', () => dismissToast(toast.id));
  element.append(close);

  element.addEventListener('mouseenter', () => holdToast(toast.id));
  element.addEventListener('mouseleave', () => {
    if (!element.contains(document.activeElement)) releaseToast(toast.id);
  });
  element.addEventListener('focusin', () => holdToast(toast.id));
  element.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget)) && !element.matches(':hover')) releaseToast(toast.id);
  });
  return element;
}
