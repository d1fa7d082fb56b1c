/**
 * The tab bar (specification: entity "Tab", state "Tabs"): one tab per opened screen, the home
 * tab fixed; each tab's context menu and the bar's own menu reload, close, and close others, left,
 * right or all. Chrome or button look.
 */
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
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
        else if (key === 'close') onChange(closeTab(state, tab.id));
        else if (key === 'closeOthers') onChange(closeOthers(state, tab.id));
        else if (key === 'closeLeft') onChange(closeLeft(state, tab.id));
        else if (key === 'closeRight') onChange(closeRight(state, tab.id));
        else if (key === 'closeAll') onChange(closeAll(state));
      },
    };
  };

  const activeTab = tabs.find((tab) => tab.id === active);
  return (
    <div className={`admin-tab-bar admin-tabs-${mode}`} style={{ height }} role="tablist" data-testid="tab-bar">
      <div className="admin-tab-list">
        {tabs.map((tab) => (
          <Dropdown key={tab.id} menu={actions(tab)} trigger={['contextMenu']} open={menuOpen === tab.id} onOpenChange={(open) => setMenuOpen(open ? tab.id : null)}>
            <div
              role="tab"
              tabIndex={0}
              aria-selected={tab.id === active}
              className={`admin-tab${tab.id === active ? ' is-active' : ''}`}
              onClick={() => onSelect(tab)}
              onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onSelect(tab)}
              onAuxClick={(event) => event.button === 1 && !isFixed(tab) && onChange(closeTab(state, tab.id))}
              data-tab={tab.id}
            >
              {routeIcon(tab.icon)}
              <span>{tabTitle(t, tab)}</span>
              {!isFixed(tab) && (
                <button
                  type="button"
                  className="admin-tab-close"
                  aria-label={`${t('admin.tabs.close')} ${tabTitle(t, tab)}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onChange(closeTab(state, tab.id));
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        ))}
      </div>
      {activeTab && (
        <Dropdown menu={actions(activeTab)} trigger={['click']} open={menuOpen === MORE} onOpenChange={(open) => setMenuOpen(open ? MORE : null)}>
          <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('admin.tabs.more')} data-testid="tab-actions" />
        </Dropdown>
      )}
    </div>
  );
}

/** A tab's title (state/tabs.ts: the name its screen gave it, else its route's title). */
function tabTitle(t: ReturnType<typeof useT>['t'], tab: Tab): string {
  return titleOf(tab, t);
}
