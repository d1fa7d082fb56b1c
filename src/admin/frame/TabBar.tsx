/**
 * The tab bar (specification: entity "Tab", state "Tabs"): one tab per opened screen, the home
 * tab fixed; each tab's context menu and the bar's own menu reload, close, and close others, left,
 * right or all. Chrome or button look. A tablist of tabs only (WAI-ARIA tabs pattern): the actions
 * button sits beside it, and a tab's close target is for the pointer (Delete closes from the keyboard).
 */
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n.tsx';
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, isFixed, tabTitle as titleOf, type Tab, type TabsState } from '../state/tabs.ts';
import type { TabMode } from '../state/theme-settings.ts';
import { routeIcon } from './icons.tsx';
import { requestReload } from './reload.ts';

interface TabBarProps {
  state: TabsState;
  onChange: (state: TabsState) => void;
  onSelect: (tab: Tab) => void;
  mode: TabMode;
  height: number;
}

/** The actions button's menu, beside the tabs' own context menus (keyed by tab id). */
const MORE = 'more';

export function TabBar({ state, onChange, onSelect, mode, height }: TabBarProps) {
  // Which actions menu is open (a tab's id, or MORE): held here so that an action closes its
  // menu even when the tabs it shows change under it in the same render.
  const [menuOpen, setMenuOpen] = useState<string | null>(null);
  const { t } = useT();
  const { tabs, active } = state;

  const actions = (tab: Tab): MenuProps => {
    const index = tabs.indexOf(tab);
    const unfixed = (list: Tab[]) => list.some((other) => !isFixed(other));
    return {
      items: [
        { key: 'reload', label: t('admin.tabs.reload'), disabled: tab.id !== active },
        { key: 'close', label: t('admin.tabs.close'), disabled: isFixed(tab) },
        { key: 'closeOthers', label: t('admin.tabs.closeOthers'), disabled: !unfixed(tabs.filter((other) => other !== tab)) },
        { key: 'closeLeft', label: t('admin.tabs.closeLeft'), disabled: !unfixed(tabs.slice(0, index)) },
        { key: 'closeRight', label: t('admin.tabs.closeRight'), disabled: !unfixed(tabs.slice(index + 1)) },
        { key: 'closeAll', label: t('admin.tabs.closeAll'), disabled: !unfixed(tabs) },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        setMenuOpen(null);
        if (key === 'reload') requestReload(tab.id);
        else if (key === 'close') change(closeTab(state, tab.id), true);
        else if (key === 'closeOthers') change(closeOthers(state, tab.id), true);
        else if (key === 'closeLeft') change(closeLeft(state, tab.id), true);
        else if (key === 'closeRight') change(closeRight(state, tab.id), true);
        else if (key === 'closeAll') change(closeAll(state), true);
      },
    };
  };

  // Closing tabs takes focus away with the tab (or the menu) that had it: it goes to the tab that
  // becomes active instead, once that is drawn.
  const bar = useRef<HTMLDivElement>(null);
  const [focusActive, setFocusActive] = useState(false);
  useEffect(() => {
    if (!focusActive) return;
    setFocusActive(false);
    bar.current?.querySelector<HTMLElement>(`[role="tab"][data-tab="${CSS.escape(active)}"]`)?.focus();
  }, [focusActive, active]);
  const change = (next: TabsState, closing = false) => {
    if (closing) setFocusActive(true);
    onChange(next);
  };

  /** The tablist's keys (WAI-ARIA tabs pattern): arrows, Home and End move, Enter and Space open, Delete closes. */
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>, tab: Tab) => {
    const index = tabs.indexOf(tab);
    const moveTo = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (moveTo !== undefined) {
      event.preventDefault();
      const target = tabs[(moveTo + tabs.length) % tabs.length]!;
      bar.current?.querySelector<HTMLElement>(`[role="tab"][data-tab="${CSS.escape(target.id)}"]`)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(tab);
    } else if (event.key === 'Delete' && !isFixed(tab)) {
      event.preventDefault();
      change(closeTab(state, tab.id), true);
    }
  };

  const activeTab = tabs.find((tab) => tab.id === active);
  // One tab stop for the whole list (the arrows move inside it): the active tab, else the first.
  const tabStop = activeTab?.id ?? tabs[0]?.id;
  return (
    <div className={`admin-tab-bar admin-tabs-${mode}`} style={{ height }} data-testid="tab-bar" ref={bar}>
      <div className="admin-tab-list" role="tablist" aria-label={t('admin.tabs.label')}>
        {tabs.map((tab) => (
          <Dropdown key={tab.id} menu={actions(tab)} trigger={['contextMenu']} open={menuOpen === tab.id} onOpenChange={(open) => setMenuOpen(open ? tab.id : null)}>
            <div
              role="tab"
              tabIndex={tab.id === tabStop ? 0 : -1}
              aria-selected={tab.id === active}
              aria-keyshortcuts={isFixed(tab) ? undefined : 'Delete'}
              className={`admin-tab${tab.id === active ? ' is-active' : ''}`}
              onClick={() => onSelect(tab)}
              onKeyDown={(event) => onTabKey(event, tab)}
              onAuxClick={(event) => event.button === 1 && !isFixed(tab) && change(closeTab(state, tab.id), true)}
              data-tab={tab.id}
            >
              {routeIcon(tab.icon)}
              <span>{tabTitle(t, tab)}</span>
              {/* A tab holds no other control (a tab is one control): the pointer's close target;
                  the keyboard closes with Delete or the actions menu, which say so to a screen reader. */}
              {!isFixed(tab) && (
                <span
                  className="admin-tab-close"
                  aria-hidden="true"
                  title={`${t('admin.tabs.close')} ${tabTitle(t, tab)}`}
                  data-testid="tab-close"
                  onClick={(event) => {
                    event.stopPropagation();
                    change(closeTab(state, tab.id), true);
                  }}
                >
                  <CloseOutlined />
                </span>
              )}
            </div>
          </Dropdown>
        ))}
      </div>
      {activeTab && (
        <Dropdown menu={actions(activeTab)} trigger={['click']} open={menuOpen === MORE} onOpenChange={(open) => setMenuOpen(open ? MORE : null)}>
          <Button type="text" icon={<DownOutlined />} aria-label={t('admin.tabs.more')} data-testid="tab-actions" />
        </Dropdown>
      )}
    </div>
  );
}

/** A tab's title (state/tabs.ts: the name its screen gave it, else its route's title). */
function tabTitle(t: ReturnType<typeof useT>['t'], tab: Tab): string {
  return titleOf(tab, t);
}
