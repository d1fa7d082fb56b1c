/**
 * The track-order form: a blank order number is refused with "Please enter order number" on
 * the field itself; a filled one submits as `?orderNo=...` (so the lookup can be
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
  notFound: string;
  timeline: string;
  shipment: string;
  trackParcel: string;
  /** "Parcel {{n}}" when the order went in more than one. */
  parcel: string;
  /** One line of a parcel: "{{name}} ({{size}}) × {{quantity}}". */
  parcelLine: string;
  locale: string;
  status: Record<string, string>;
}

function when(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A list of "what, when" rows. */
function eventList(rows: { what: string; at: string; detail?: string }[], locale: string): HTMLOListElement {
  const list = document.createElement('ol');
  list.className = 'tracking-events';
  for (const row of rows) {
    const item = document.createElement('li');
    const what = document.createElement('strong');
    what.textContent = row.what;
    const time = document.createElement('time');
    time.dateTime = row.at;
    time.textContent = when(row.at, locale);
    item.append(what, ' ', time);
    if (row.detail) item.append(paragraph(row.detail));
    list.append(item);
  }
  return list;
}

function paragraph(text: string, className?: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

/** The carrier's own tracking page, in a new tab. */
function parcelLink(href: string, label: string): HTMLParagraphElement {
  const link = document.createElement('a');
  link.href = href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.textContent = label;
  link.dataset['trackingLink'] = '';
  const p = paragraph('');
  p.append(link);
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
    case 'not-found':
      box.replaceChildren(paragraph(interpolate(messages.notFound, { orderNo: state.orderNo }), 'is-unavailable'));
      return;
    case 'unavailable':
      box.replaceChildren(paragraph(interpolate(messages.unavailable, { orderNo: state.orderNo }), 'is-unavailable'));
      return;
    case 'found': {
      const { order } = state;
      const heading = document.createElement('h2');
      heading.className = 'tracking-found';
      heading.textContent = interpolate(messages.found, { orderNo: order.orderNo });
      const label = (status: string) => messages.status[status] ?? status;
      const line = paragraph(`${messages.statusLabel}: ${label(order.status)}`);
      line.dataset['status'] = order.status;
      const history = document.createElement('h3');
      history.textContent = messages.timeline;
      const parts: Node[] = [heading, line, history, eventList(order.timeline.map((e) => ({ what: label(e.status), at: e.at })), messages.locale)];
      for (const [index, shipment] of order.shipments.entries()) {
        const title = document.createElement('h3');
        const named = interpolate(messages.shipment, { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber });
        title.textContent = order.shipments.length > 1 ? `${interpolate(messages.parcel, { n: index + 1 })}: ${named}` : named;
        title.dataset['parcel'] = String(index + 1);
        parts.push(title);
        // What the parcel holds: names, sizes and quantities only (no amounts, nothing personal).
        const content = document.createElement('ul');
        content.className = 'tracking-parcel-lines';
        for (const line of shipment.lines) {
          const item = document.createElement('li');
          item.textContent = interpolate(messages.parcelLine, { name: line.name, size: line.size, quantity: line.quantity });
          content.append(item);
        }
        parts.push(content);
        if (shipment.trackingUrl) parts.push(parcelLink(shipment.trackingUrl, messages.trackParcel));
        parts.push(eventList(shipment.events.map((e) => ({ what: label(e.status), at: e.at, detail: [e.description, e.location].filter(Boolean).join(' · ') })), messages.locale));
      }
      box.replaceChildren(...parts);
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
