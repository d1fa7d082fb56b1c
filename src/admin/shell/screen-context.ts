/**
 * What a screen knows of its own tab: its route's parameters and path. Screens read these rather
 * than the router's location, because a cached tab stays mounted while another one is shown.
 */
import { createContext, useContext } from 'react';

export interface ScreenContext {
  params: Record<string, string>;
  fullPath: string;
  /** Whether this screen's tab is the one shown. */
  active: boolean;
  /** Key of the screen's title in the `admin` namespace. */
  titleKey: string;
}

export const ScreenContextValue = createContext<ScreenContext>({ params: {}, fullPath: '/', active: true, titleKey: '' });

export function useScreen(): ScreenContext {
  return useContext(ScreenContextValue);
}
