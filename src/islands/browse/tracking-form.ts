/**
 * The track-order form: a blank order number is refused with "Please enter order number" (spec
 * section 5) on the field itself; a filled one submits as `?orderNo=...` (so the lookup can be
 * bookmarked), and on arrival the page looks the order up and shows its status, or says honestly
 * that it could not.
 */
import { $tracking, cleanOrderNo, trackOrder, type TrackingState } from '../../stores/order-tracking.ts';
import { readMessages } from './listing-view.ts';
import { interpolate } from '../../i18n/core.ts';

interface Messages {
  required: string;
  loading: string;
  unavailable: string;
  found: string;
  statusLabel: string;
  statusUnknown: string;
  status: Record<string, string>;
}

function paragraph(text: string, className?: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

function renderResult(box: HTMLElement, state: TrackingState, messages: Messages): void {
  box.dataset['state'] = state.status;
  switch (state.status) {
    case 'idle':
      box.replaceChildren();
      return;
    case 'loading':
      box.replaceChildren(paragraph(interpolate(messages.loading, { orderNo: state.orderNo })));
      return;
    case 'unavailable':
      box.replaceChildren(paragraph(interpolate(messages.unavailable, { orderNo: state.orderNo }), 'is-unavailable'));
      return;
    case 'found': {
      const heading = document.createElement('h2');
      heading.className = 'tracking-found';
      heading.textContent = interpolate(messages.found, { orderNo: state.order.orderNo });
      const status = state.order.status;
      const line = status && messages.status[status] ? paragraph(`${messages.statusLabel}: ${messages.status[status]}`) : paragraph(messages.statusUnknown);
      box.replaceChildren(heading, line);
    }
  }
}

function init(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-tracking-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="orderNo"]');
  const error = root.querySelector<HTMLElement>('[data-tracking-error]');
  const result = root.querySelector<HTMLElement>('[data-tracking-result]');
  if (!form || !input || !error || !result) return;
  const messages = readMessages<Messages>(root);

  const showError = (show: boolean) => {
    error.hidden = !show;
    error.textContent = show ? messages.required : '';
    if (show) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  form.addEventListener('submit', (event) => {
    const orderNo = cleanOrderNo(input.value);
    if (!orderNo) {
      event.preventDefault();
      showError(true);
      input.focus();
      return;
    }
    // The browser submits the form as ?orderNo=..., and the lookup runs on that page.
    input.value = orderNo;
  });
  input.addEventListener('input', () => {
    if (!error.hidden && cleanOrderNo(input.value)) showError(false);
  });

  $tracking.subscribe((state) => renderResult(result, state, messages));

  const asked = new URLSearchParams(location.search).get('orderNo');
  const orderNo = cleanOrderNo(asked);
  if (orderNo) {
    input.value = orderNo;
    void trackOrder(orderNo);
  } else if (asked !== null) {
    // Submitted blank before this script ran (or without it).
    showError(true);
  }
}

const root = document.querySelector<HTMLElement>('[data-tracking]');
if (root) init(root);
