/**
 * Work the first paint does not need, kept out of the page's first task (docs/performance.md
 * "Main-thread work"): each piece runs in a task of its own when the browser is idle, or all at
 * once, synchronously, at the shopper's first interaction if that comes sooner. The interaction
 * is caught on `window` in the capture phase, before the event reaches its target, so handlers
 * the work adds to that target still receive that very event: the first click on the menu
 * button opens the menu.
 */

type Work = () => void;

const pending: Work[] = [];
/** The first interactions of every kind a shopper can start with (a tap, a click, a key, focus). */
const FIRST_USE = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click', 'submit', 'input', 'change'] as const;
/** Longest wait for an idle moment (ms): a page kept busy still gets its behaviour. */
const IDLE_TIMEOUT_MS = 2_000;
let listening = false;

function runAll(): void {
  stopListening();
  for (let work = pending.shift(); work; work = pending.shift()) work();
}

function stopListening(): void {
  if (!listening) return;
  listening = false;
  for (const type of FIRST_USE) window.removeEventListener(type, runAll, true);
}

function runOne(work: Work): void {
  const at = pending.indexOf(work);
  if (at < 0) return;
  pending.splice(at, 1);
  if (pending.length === 0) stopListening();
  work();
}

function onIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(callback, 1);
}

/** Runs `work` once: at the next idle moment, or at the first interaction if that comes first. */
export function whenIdle(work: Work): void {
  pending.push(work);
  if (!listening) {
    listening = true;
    for (const type of FIRST_USE) window.addEventListener(type, runAll, { capture: true, passive: true });
  }
  onIdle(() => runOne(work));
}
