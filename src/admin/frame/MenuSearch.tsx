/**
 * The search palette (specification "Template shell features", issue 33; docs/back-office.md
 * "Header"): opens from the header or on Ctrl/Cmd+K and, MENU_SEARCH_DEBOUNCE_MS after typing
 * stops, lists the user's menu entries that match, then the orders, customers, products, teams and
 * coupons the server finds for the kinds their codes open. Arrow keys move the selection, Enter
 * opens its screen (a tab), Escape closes; "no data" when nothing matches. A newer keyword's
 * query replaces the older one, whose request is aborted (react-query's signal).
 */
import { EnterOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { adminSearchApi } from '../../domain/api/admin/search.ts';
import { SEARCH_KIND_CODES, SEARCH_KINDS, type SearchResult } from '../../domain/back-office/search.model.ts';
import { useApiQuery } from '../api.ts';
import type { MessageKey } from '../../i18n/core.ts';
import { useT } from '../i18n.tsx';
import { useRouteTable } from '../routes.tsx';
import { menuEntries, titleKey } from '../state/route-table.ts';
import { keptSelection, moveSelection, paletteGroups, paletteItems, searchMenu, type MenuEntry, type PaletteItem } from '../state/menu-search.ts';
import { useMay } from '../state/session.ts';
import { MENU_SEARCH_DEBOUNCE_MS } from '../state/theme-settings.ts';
import { routeIcon } from './icons.tsx';

const RESULTS_ID = 'admin-menu-search-results';
const NONE: SearchResult[] = [];

/** The menu icon each kind's results show: the screen they open. */
const KIND_ICONS = { menu: undefined, order: 'orders', customer: 'customers', product: 'products', team: 'teams', coupon: 'coupons' } as const;

export function MenuSearch({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const table = useRouteTable();
  const navigate = useNavigate();
  const may = useMay();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  // Kept as its item's key, not its place: an arrow pressed as new results render moves from the item shown.
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  const close = useCallback(() => {
    onOpenChange(false);
    setKeyword('');
    setApplied('');
    setSelectedKey(null);
  }, [onOpenChange]);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        onOpenChange(true);
      } else if (event.key === 'Escape' && open) {
        // Here, not antd's (keyboard={false}): antd gives Escape to the newest layer it counts as open,
        // and a screen's dialog kept mounted while closed (forceRender: the orders' saved views) is one;
        // a palette opened before that screen mounted, or again while still closing, never heard it.
        close();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onOpenChange, open, close]);

  useEffect(() => {
    const timer = setTimeout(() => setApplied(keyword.trim()), MENU_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  // The server is asked only by staff whose codes open one of its kinds (it would refuse the rest).
  const searchable = SEARCH_KINDS.some((kind) => may(SEARCH_KIND_CODES[kind]));
  const asking = open && searchable && applied.length > 0 && applied.length <= 100;
  const server = useApiQuery(adminSearchApi.search, { query: applied }, { enabled: asking, silent: true });
  // An answer to an older keyword (kept while the new one loads) is never listed under the new one.
  const found = asking && !server.isPlaceholderData ? (server.data ?? NONE) : NONE;
  const waiting = asking && server.isFetching;

  const entries = useMemo<MenuEntry[]>(() => menuEntries(table).map((route) => ({ name: route.name, title: t(titleKey(route)), path: route.path, icon: route.icon })), [table, t]);
  const items = useMemo(() => paletteItems(searchMenu(entries, applied), found), [entries, applied, found]);
  const groups = useMemo(() => paletteGroups(items), [items]);
  // New results keep the selection on the item it was on (the menu entries stay while the server answers).
  const selected = keptSelection(selectedKey, items);

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    close();
    navigate(item.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setSelectedKey(items[moveSelection(selected, items.length, event.key === 'ArrowDown' ? 1 : -1)]?.key ?? null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[selected]);
    }
  };
  const groupTitle = (group: PaletteItem['group']) => t(`admin.search.kinds.${group}` as MessageKey);

  return (
    <Modal open={open} onCancel={close} keyboard={false} footer={null} closable={false} title={null} destroyOnHidden width={600} className="admin-menu-search" data-testid="menu-search">
      <Input
        autoFocus
        size="large"
        allowClear
        value={keyword}
        maxLength={100}
        placeholder={t(searchable ? 'admin.search.placeholderAll' : 'admin.search.placeholder')}
        onChange={(event) => setKeyword(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('admin.header.menuSearch')}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={items.length ? RESULTS_ID : undefined}
        aria-activedescendant={items.length && selected >= 0 ? `${RESULTS_ID}-${selected}` : undefined}
        aria-autocomplete="list"
        suffix={waiting ? <Spin size="small" aria-label={t('admin.search.searching')} /> : undefined}
        data-testid="menu-search-input"
      />
      {/* A listbox holds options (in groups) only: "no data" is said beside it, not inside. */}
      <div className="admin-menu-search-results" {...(items.length ? { role: 'listbox', id: RESULTS_ID, 'aria-label': t('admin.search.results') } : {})}>
        {items.length === 0 ? (
          waiting ? (
            <div className="admin-menu-search-waiting" role="status">
              {t('admin.search.searching')}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(server.isError && asking ? 'admin.search.failed' : 'admin.search.noData')} />
          )
        ) : (
          groups.map(({ group, items: rows }) => (
            <div key={group} role="group" aria-label={groupTitle(group)} data-testid={`menu-search-group-${group}`}>
              {/* Seen, not read: the group's name says it. */}
              <div className="admin-menu-search-group" aria-hidden>
                {groupTitle(group)}
              </div>
              {rows.map(({ item, index }) => (
                <div
                  key={item.key}
                  id={`${RESULTS_ID}-${index}`}
                  role="option"
                  aria-selected={index === selected}
                  className={index === selected ? 'is-selected' : ''}
                  onMouseEnter={() => setSelectedKey(item.key)}
                  onClick={() => choose(item)}
                >
                  {routeIcon(item.icon ?? KIND_ICONS[item.group])}
                  <span className="admin-menu-search-title">
                    {item.title}
                    {item.subtitle && <small>{item.subtitle}</small>}
                  </span>
                  {index === selected && <EnterOutlined aria-hidden />}
                </div>
              ))}
            </div>
          ))
        )}
      </div>
      <footer className="admin-menu-search-keys">
        <span>
          <kbd>Enter</kbd> {t('admin.search.enter')}
        </span>
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> {t('admin.search.arrows')}
        </span>
        <span>
          <kbd>Esc</kbd> {t('admin.search.escape')}
        </span>
      </footer>
    </Modal>
  );
}
