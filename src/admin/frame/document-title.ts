/** The browser tab's title follows the screen shown, in the user's language (state/tabs.ts documentTitle). */
import { useEffect } from 'react';
import { useT } from '../i18n.tsx';
import { documentTitle } from '../state/tabs.ts';

export function useDocumentTitle(screen: string | null): void {
  const { t } = useT();
  const title = documentTitle(screen, t);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
