/**
 * The theme settings as a store, kept in local storage as `SOY_themeSettings` through the shop's
 * storage rules (src/client/storage.ts): the shell reads them, the theme drawer changes them, and
 * every change applies at once. A value that is not an object is removed; fields that are wrong
 * fall back to their defaults one by one (theme-settings.ts `readSettings`).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { storageKey, storedCodec } from '../../client/storage.ts';
import { DEFAULT_THEME_SETTINGS, nextScheme, readSettings, type ThemeSettings } from './theme-settings.ts';

const NAME = 'themeSettings';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const stored = persistentAtom<Record<string, unknown> | undefined>(storageKey(NAME), undefined, { ...storedCodec(NAME, isObject), listen: true });

export const $themeSettings = computed(stored, (value): ThemeSettings => readSettings(value ?? DEFAULT_THEME_SETTINGS));

/** Changes some settings; the rest stay as they are. */
export function updateSettings(change: (current: ThemeSettings) => ThemeSettings): void {
  stored.set({ ...change($themeSettings.get()) });
}

export function cycleScheme(): void {
  updateSettings((current) => ({ ...current, themeScheme: nextScheme(current.themeScheme) }));
}

/** Back to the defaults: the stored entry goes. */
export function resetSettings(): void {
  stored.set(undefined);
}
