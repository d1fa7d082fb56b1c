/**
 * What a screen knows of its own tab: its route's parameters and path. Screens read these rather
 * than the router's location, because a cached tab stays mounted while another one is shown.
 */
import { createContext, useContext, useEffect } from 'react';

export interface ScreenContext {
  params: Record<string, string>;
  fullPath: string;
  /** Whether this screen's tab is the one shown. */
  active: boolean;
  /** Key of the screen's title in the `admin` namespace. */
  titleKey: string;
  /** Names the screen's tab (null: its route's title again); see useTabName. */
  nameTab: (name: string | null) => void;
}

export const ScreenContextValue = createContext<ScreenContext>({ params: {}, fullPath: '/', active: true, titleKey: '', nameTab: () => {} });

/**
 * A detail screen names its tab, and so the document title, after what it shows once loaded (a
 * product's title, a customer's name): "Home shirt 2026" rather than "Product 217".
 */
export function useTabName(name: string | null | undefined): void {
  const { nameTab } = useScreen();
  useEffect(() => {
    if (name) nameTab(name);
  }, [name, nameTab]);
}

export function useScreen(): ScreenContext {
  return useContext(ScreenContextValue);
}
