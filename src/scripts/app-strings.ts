/**
 * The `app` message namespace in the page's language, for the vanilla page-shell scripts: the
 * AppShell component writes it as JSON in `data-strings` on its root, so a page ships only its
 * own language and no i18n library is loaded for a toast.
 */

const root = typeof document !== 'undefined' ? document.querySelector<HTMLElement>('[data-app-shell]') : null;

function load(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(root?.dataset['strings'] ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const strings = load();

/** The string at a dotted key (`update.refresh`); the key itself when missing, so gaps show. */
export function appText(key: string): string {
  let node: unknown = strings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : key;
}

/** The AppShell's root element (null on a page without it). */
export const appShellRoot = root;
