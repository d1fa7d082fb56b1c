import { useEffect, type RefObject } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement;
const NOT_TEXT = new Set(['checkbox', 'radio', 'hidden', 'submit', 'button', 'reset', 'file']);

/**
 * On a slow network a shopper (or the browser's autofill) can type into a server-rendered form
 * before its island hydrates. React keeps what is on screen, but its state still holds the
 * initial value, so the next render would put that back and the form would send it. Right after
 * the first render this hands each named text field under `root` whose content differs from
 * what was rendered to `adopt`, once; later typing comes through the fields' onChange.
 *
 * Fields React itself creates hold what was rendered, so the call costs nothing where no server
 * markup was hydrated.
 */
export function useTypedBeforeHydration(root: RefObject<HTMLElement | null>, adopt: (name: string, value: string) => void): void {
  useEffect(() => {
    for (const field of root.current?.querySelectorAll<TextControl>('input[name], textarea[name]') ?? []) {
      // React sets defaultValue to the rendered value when it hydrates a controlled field.
      if (!NOT_TEXT.has(field.type) && field.value !== field.defaultValue) adopt(field.name, field.value);
    }
    // Once, after hydration: see above.
  }, []);
}
