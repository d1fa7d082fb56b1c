/**
 * The screens of the open tabs. With the tab cache on (the default) every tab's screen stays
 * mounted, hidden while another is shown, so typed filters, forms in progress and queries survive
 * a switch; the scroll position is kept per tab too. With it off only the shown tab's screen exists.
 * A tab's screen is first mounted when it is first shown: a deep link does not load the home
 * tab's screen (and its chunk) behind the one asked for.
 */
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { endNavigationProgress } from '../../stores/progress.ts';
import { Loading } from './Loading.tsx';
import { SCREENS, useRouteTable } from '../routes.tsx';
import { matchIn } from '../state/route-table.ts';
import type { Tab } from '../state/tabs.ts';
import { RELOAD_DELAY_MS, RELOAD_DELAY_NO_ANIMATION_MS, type ScrollMode } from '../state/theme-settings.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { $reloading, $reloads, finishReload } from './reload.ts';
import { ScreenContextValue } from './screen-context.ts';
import { ScreenError } from './ScreenError.tsx';

/** Marks the end of a screen change once the shown screen has been drawn (its chunk loaded). */
function Drawn({ active }: { active: boolean }) {
  useEffect(() => {
    if (active) endNavigationProgress();
  }, [active]);
  return null;
}

interface TabPanesProps {
  tabs: Tab[];
  /** The tab shown, or null while the content area shows a 403 or 404 instead. */
  active: string | null;
  cache: boolean;
  animate: boolean;
  scrollMode: ScrollMode;
  /** A screen named its tab (useTabName). */
  onName: (tabId: string, name: string | null) => void;
}

function scroller(mode: ScrollMode): Element | null {
  return mode === 'content' ? document.getElementById('admin-content') : document.scrollingElement;
}

export function TabPanes({ tabs, active, cache, animate, scrollMode, onName }: TabPanesProps) {
  const table = useRouteTable();
  const reloads = useStore($reloads);
  const reloading = useStore($reloading);
  const scrolls = useRef(new Map<string, number>());
  const shown = useRef<string | null>(null);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(active ? [active] : []));
  // One naming function per tab, kept, so a screen's effect does not run again at every render.
  const named = useRef(new Map<string, (name: string | null) => void>());
  const latestOnName = useRef(onName);
  latestOnName.current = onName;
  const namers = (id: string) => {
    let namer = named.current.get(id);
    if (!namer) {
      namer = (name) => latestOnName.current(id, name);
      named.current.set(id, namer);
    }
    return namer;
  };
  if (active && !visited.has(active)) setVisited(new Set([...visited, active]));

  // Keep each tab's scroll position: remember the one left, restore the one shown.
  useLayoutEffect(() => {
    const element = scroller(scrollMode);
    if (!element) return;
    const previous = shown.current;
    if (previous === active) return;
    if (previous) scrolls.current.set(previous, element.scrollTop);
    shown.current = active;
    element.scrollTop = active ? (scrolls.current.get(active) ?? 0) : 0;
  }, [active, scrollMode]);

  useEffect(() => {
    if (!reloading) return;
    const timer = setTimeout(() => finishReload(reloading), animate ? RELOAD_DELAY_MS : RELOAD_DELAY_NO_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [reloading, animate]);

  return (
    <>
      {tabs.map((tab) => {
        const isActive = tab.id === active;
        if (!isActive && (!cache || !visited.has(tab.id))) return null;
        const match = matchIn(table.routes, tab.id);
        const Screen = match ? SCREENS[match.route.name] : undefined;
        if (!Screen || !match) return null;
        return (
          <section key={`${tab.id}#${reloads[tab.id] ?? 0}`} className={`admin-pane${animate ? ' is-animated' : ''}`} hidden={!isActive} data-pane={tab.id}>
            {reloading === tab.id ? (
              <Loading />
            ) : (
              <ScreenContextValue.Provider value={{ params: match.params, fullPath: tab.fullPath, active: isActive, titleKey: tab.label, nameTab: namers(tab.id) }}>
                <ScreenError>
                  <Suspense fallback={<Loading />}>
                    <Screen />
                    <Drawn active={isActive} />
                  </Suspense>
                </ScreenError>
              </ScreenContextValue.Provider>
            )}
          </section>
        );
      })}
    </>
  );
}

TabPanes.NotFound = function NotFound() {
  return <ErrorScreen code={404} />;
};
TabPanes.Forbidden = function Forbidden() {
  return <ErrorScreen code={403} />;
};
