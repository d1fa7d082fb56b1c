import { useEffect, useState, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement;
const NOT_TEXT = new Set(['checkbox', 'radio', 'hidden', 'submit', 'button', 'reset', 'file', 'image']);

/**
 * On a slow network a shopper (or the browser's autofill) can type into a server-rendered form,
 * or pick one of its options, before its island hydrates. React keeps what is on screen, but its
 * state still holds the initial value, so the next render would put that back and the form would
 * send it. Right after the first render this hands `adopt`, once, each named text field under
 * `root` whose content differs from what was rendered, and each radio picked since; later changes
 * come through the fields' onChange. (Checkboxes are left out: no form of ours renders one a
 * shopper could tick before hydration.)
 *
 * Fields React itself creates hold what was rendered, so the call costs nothing where no server
 * markup was hydrated.
 */
export function useTypedBeforeHydration(root: RefObject<HTMLElement | null>, adopt: (name: string, value: string) => void): void {
  useEffect(() => {
    for (const field of root.current?.querySelectorAll<Control>('input[name], textarea[name]') ?? []) {
      // React sets defaultValue and defaultChecked to what it rendered when it hydrates a controlled field.
      const changed = field.type === 'radio' ? (field as HTMLInputElement).checked && !(field as HTMLInputElement).defaultChecked : !NOT_TEXT.has(field.type) && field.value !== field.defaultValue;
      if (changed) adopt(field.name, field.value);
    }
    // Once, after hydration: see above.
  }, []);
}

/**
 * False in the server's HTML and until the island has hydrated. A submit button that waits for
 * this keeps a tap before hydration from posting the form the plain HTML way (a reload that loses
 * the tap, with the fields in the address bar).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
