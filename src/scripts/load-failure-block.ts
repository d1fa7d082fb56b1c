/**
 * A failed load's block drawn by a page script, for places whose built HTML holds no error block
 * (the product page's "You may also like": 20,000 pages would each carry one they almost never
 * show). The same markup and classes as islands/LoadFailure.tsx: the network-error illustration
 * and words when the shop could not be reached, otherwise a short message; Retry either way.
 * Loaded only when a load fails, with the page's language of the `network` words.
 */
// Its styles (empty-state.css, illustration.css) are in the layout's stylesheet (BaseLayout.astro).
import { GROUND, NETWORK_ERROR } from '../components/browse/illustrations.ts';
import type { Locale } from '../domain/locale.ts';

type NetworkWords = { title: string; text: string; retry: string; failed: string };

const WORDS: Record<Locale, () => Promise<{ default: NetworkWords }>> = {
  'en-US': () => import('../i18n/locales/en-US/network.json'),
  'zh-CN': () => import('../i18n/locales/zh-CN/network.json'),
};

function paragraph(text: string, className?: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

/** The block, ready to put in the page; `onRetry` runs on its button. */
export async function loadFailureBlock(locale: Locale, offline: boolean, onRetry: () => void): Promise<HTMLElement> {
  const words = (await WORDS[locale]()).default;
  const block = document.createElement('div');
  block.className = 'empty-state load-failure';
  block.setAttribute('role', 'alert');
  block.dataset['loadFailure'] = offline ? 'network' : 'other';
  if (offline) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    for (const [name, value] of Object.entries({ class: 'illustration', viewBox: '0 0 200 150', width: '200', height: '150', 'aria-hidden': 'true', focusable: 'false' })) svg.setAttribute(name, value);
    // Constant markup of our own (illustrations.ts), never built from input.
    svg.innerHTML = GROUND + NETWORK_ERROR;
    block.append(svg, paragraph(words.title, 'load-failure-title'), paragraph(words.text));
  } else {
    block.append(paragraph(words.failed, 'load-failure-title'));
  }
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button';
  retry.textContent = words.retry;
  retry.addEventListener('click', onRetry, { once: true });
  block.append(retry);
  return block;
}
