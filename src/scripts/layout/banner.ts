/**
 * The banner's countdown to 14 September (rules in domain/countdown.ts). The target is computed
 * once per browser and kept in local storage; the display ticks once a second, only while the
 * page is shown and the banner on screen, and stops at zero. A target the shop set (its banner
 * setting) replaces the yearly one.
 *
 * The banner follows the shop's live settings whenever a page reads them (the cart does):
 * shown or not, its message, the threshold, the countdown target (stores/shop-config.ts).
 */
import { COUNTDOWN_STORAGE_KEY, decodeStoredTarget, remainingUntil, resolveCountdownTarget, type Remaining } from '../../domain/countdown.ts';
import { formatEurIn } from '../../domain/money.model.ts';
import type { ShopConfig } from '../../domain/system.model.ts';
import { $currency } from '../../stores/currency.ts';
import { $rates, $shopConfig } from '../../stores/shop-config.ts';

function storedTarget(): number | null {
  try {
    const raw = localStorage.getItem(COUNTDOWN_STORAGE_KEY);
    const target = decodeStoredTarget(raw);
    // docs/storefront.md "Constants": an unreadable stored value is removed.
    if (raw !== null && target === null) localStorage.removeItem(COUNTDOWN_STORAGE_KEY);
    return target;
  } catch {
    return null;
  }
}

/** The shop's own target (an ISO instant), when it set one. */
function shopTarget(iso: string | null | undefined): number | null {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(at) ? at : null;
}

function countdownTarget(): number {
  const { target, store } = resolveCountdownTarget(storedTarget(), new Date());
  if (store) {
    try {
      localStorage.setItem(COUNTDOWN_STORAGE_KEY, JSON.stringify(target));
    } catch {
      // Storage off or full: count down to the computed date for this page view.
    }
  }
  return target;
}

export function initCountdown(): void {
  const root = document.querySelector<HTMLElement>('[data-countdown]');
  const live = root?.querySelector<HTMLElement>('[data-countdown-live]');
  const fallback = root?.querySelector<HTMLElement>('[data-countdown-fallback]');
  if (!root || !live) return;
  const cells = new Map<string, HTMLElement>();
  for (const el of live.querySelectorAll<HTMLElement>('[data-countdown-part]')) cells.set(el.dataset['countdownPart'] ?? '', el);

  let target = shopTarget(root.dataset['countdownTo']) ?? countdownTarget();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onScreen = true;

  const render = (left: Remaining) => {
    const parts: Record<string, string> = {
      days: String(left.days),
      hours: String(left.hours).padStart(2, '0'),
      minutes: String(left.minutes).padStart(2, '0'),
      seconds: String(left.seconds).padStart(2, '0'),
    };
    for (const [part, el] of cells) {
      const text = parts[part] ?? '';
      if (el.textContent !== text) el.textContent = text;
    }
  };

  const tick = () => {
    timer = undefined;
    const now = Date.now();
    const left = remainingUntil(target, now);
    render(left);
    if (left.done || !onScreen || document.visibilityState !== 'visible') return;
    // Wake just after the next whole second, so the seconds never skip or stall.
    timer = setTimeout(tick, 1000 - (now % 1000) + 5);
  };
  const resume = () => {
    if (timer === undefined) tick();
  };

  tick();
  live.hidden = false;
  if (fallback) fallback.hidden = true;

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') resume();
  });
  $shopConfig.listen((config) => {
    if (!config) return;
    applyLive(config);
    const next = shopTarget(config.banner.countdownTo) ?? countdownTarget();
    if (next !== target) {
      target = next;
      if (timer !== undefined) clearTimeout(timer);
      tick();
    }
  });
  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      if (onScreen) resume();
    }).observe(root);
  }
}

/** The live settings into the banner the build rendered. */
function applyLive(config: ShopConfig): void {
  const banner = document.querySelector<HTMLElement>('[data-banner]');
  if (!banner) return;
  const locale = document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US';
  banner.hidden = !config.banner.enabled;
  const message = banner.querySelector<HTMLElement>('[data-banner-message]');
  if (message) {
    const text = config.banner.message[locale].trim();
    message.textContent = text;
    message.hidden = text === '';
  }
  const amount = banner.querySelector<HTMLElement>('[data-free-shipping] [data-price-eur]');
  if (amount) {
    amount.dataset['priceEur'] = String(config.freeShippingThreshold);
    amount.textContent = formatEurIn(config.freeShippingThreshold, $currency.get(), locale, $rates.get());
  }
}
