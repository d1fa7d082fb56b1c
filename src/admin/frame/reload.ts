/**
 * Reloading a tab: its screen is taken down and drawn afresh after the reload delay (300 ms, 40 ms
 * with page animation off: section 9), so its state and queries start over.
 */
import { atom } from 'nanostores';

/** How many times each tab (by id) was reloaded: a screen's key includes it. */
export const $reloads = atom<Readonly<Record<string, number>>>({});
/** The tab being reloaded right now, drawn empty until its delay is over. */
export const $reloading = atom<string | null>(null);

export function requestReload(id: string): void {
  $reloading.set(id);
}

export function finishReload(id: string): void {
  $reloads.set({ ...$reloads.get(), [id]: ($reloads.get()[id] ?? 0) + 1 });
  if ($reloading.get() === id) $reloading.set(null);
}
