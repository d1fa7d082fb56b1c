/**
 * The pay page's script (src/pages/[locale]/pay.astro): reads the payment request by the link's
 * token (`?t=`), shows what it asks and until when, and draws PayPal's buttons (PayPal's SDK, or the
 * simulator's stand-in, loaded as checkout loads it); the capture is retried on 1503 as checkout's
 * is (the server replays the one capture). A request that cannot be paid says why.
 */
import { isApiError } from '../../client/http.ts';
import { capturePayRequest, createPayRequestOrder, readPayRequest } from '../../client/pay-requests.ts';
import { loadPaypal, retriedCapture } from '../../client/paypal.ts';
import { PAY_TOKEN_PATTERN, type PayRequestView } from '../../domain/payment-requests.model.ts';
import { CURRENCIES, formatMoney, type CurrencyCode } from '../../domain/money.model.ts';
import { interpolate } from '../../i18n/core.ts';
import '../../stores/http-ready.ts';

interface Messages {
  locale: string;
  heading: string;
  purpose: Record<string, string>;
  amount: string;
  expires: string;
  payWith: string;
  paypalLoading: string;
  paypalFailed: string;
  declined: string;
  cancelled: string;
  failed: string;
  state: Record<string, string>;
}

type State = 'loading' | 'open' | 'paid' | 'expired' | 'waived' | 'cancelled' | 'notFound' | 'unavailable';

function init(root: HTMLElement): void {
  const messages = JSON.parse(root.dataset['messages'] ?? '{}') as Messages;
  const $ = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-pay-${name}]`)!;
  const status = $('status');
  const box = $('box');
  const message = $('message');
  const paypalBox = $('paypal');
  const token = new URLSearchParams(window.location.search).get('t') ?? '';

  const setState = (state: State) => {
    root.dataset['state'] = state;
    if (state === 'open' || state === 'loading') return;
    box.hidden = true;
    paypalBox.replaceChildren();
    status.hidden = false;
    status.textContent = messages.state[state] ?? '';
  };
  const say = (text: string | null) => {
    message.hidden = text === null;
    message.textContent = text ?? '';
  };

  const show = (request: PayRequestView) => {
    $('heading').textContent = interpolate(messages.heading, { orderNo: request.orderNo });
    const currency = Object.hasOwn(CURRENCIES, request.currency) ? (request.currency as CurrencyCode) : null;
    $('amount').textContent = currency ? formatMoney(request.amount, currency, messages.locale) : `${request.amount} ${request.currency}`;
    const expires = $<HTMLTimeElement>('expires');
    expires.dateTime = request.expiresAt;
    expires.textContent = new Intl.DateTimeFormat(messages.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(request.expiresAt));
    $('facts').hidden = false;
    const purpose = $('purpose');
    purpose.textContent = messages.purpose[request.purpose] ?? '';
    purpose.hidden = false;
  };

  const capture = (id: string): Promise<PayRequestView> => retriedCapture(() => capturePayRequest(token, id, { silent: true }));

  /** What a refused call means for the page: a state that ends it, or a message beside the buttons. */
  const refused = async (error: unknown) => {
    if (isApiError(error) && (error.code === '1409' || (error.code === '1402' && !(error.data as { retry?: boolean } | null)?.retry))) {
      // The request changed under the page (paid by the webhook, expired, waived): read it again.
      try {
        const now = await readPayRequest(token, { silent: true });
        show(now);
        if (now.status !== 'open') return setState(now.status);
      } catch {
        // The message below says enough.
      }
    }
    say(isApiError(error) && error.code === '1402' && (error.data as { retry?: boolean } | null)?.retry ? messages.declined : messages.failed);
  };

  const drawButtons = async (request: PayRequestView) => {
    box.hidden = false;
    status.textContent = messages.paypalLoading;
    try {
      const paypal = await loadPaypal(request.currency);
      const buttons = paypal.Buttons({
        createOrder: async () => (await createPayRequestOrder(token, { silent: true })).id,
        onApprove: async (data) => {
          say(null);
          try {
            const paid = await capture(data.orderID);
            setState(paid.status === 'paid' ? 'paid' : paid.status);
          } catch (error) {
            await refused(error);
          }
        },
        onCancel: () => say(messages.cancelled),
        onError: () => say(messages.failed),
      });
      await buttons.render(paypalBox);
      status.hidden = true;
    } catch {
      status.textContent = messages.paypalFailed;
    }
  };

  const load = async () => {
    if (!PAY_TOKEN_PATTERN.test(token)) return setState('notFound');
    let request: PayRequestView;
    try {
      request = await readPayRequest(token, { silent: true });
    } catch (error) {
      return setState(isApiError(error) && (error.code === '1404' || error.code === '1001') ? 'notFound' : 'unavailable');
    }
    show(request);
    if (request.status !== 'open') return setState(request.status);
    setState('open');
    await drawButtons(request);
  };
  void load();
}

const root = document.querySelector<HTMLElement>('[data-pay]');
if (root) init(root);
