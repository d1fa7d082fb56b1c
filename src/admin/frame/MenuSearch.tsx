/**
 * The menu search modal (specification "Template shell features"): opens from the header or on
 * Ctrl/Cmd+K, filters the user's menu entries 300 ms after typing stops, arrow keys move the
 * selection, Enter opens it, Escape closes; "no data" when nothing matches.
 */
import { EnterOutlined } from '@ant-design/icons';
import { Empty, Input, Modal } from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n.tsx';
import { useRouteTable } from '../routes.tsx';
import { menuEntries, titleKey } from '../state/route-table.ts';
import { moveSelection, searchMenu, type MenuEntry } from '../state/menu-search.ts';
import { MENU_SEARCH_DEBOUNCE_MS } from '../state/theme-settings.ts';
import { routeIcon } from './icons.tsx';

const RESULTS_ID = 'admin-menu-search-results';

export function MenuSearch({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const table = useRouteTable();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        onOpenChange(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onOpenChange]);

  useEffect(() => {
    const timer = setTimeout(() => setApplied(keyword), MENU_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  const entries = useMemo<MenuEntry[]>(() => menuEntries(table).map((route) => ({ name: route.name, title: t(titleKey(route)), path: route.path, icon: route.icon })), [table, t]);
  const results = useMemo(() => searchMenu(entries, applied), [entries, applied]);
  useEffect(() => setSelected(0), [results]);

  const close = () => {
    onOpenChange(false);
    setKeyword('');
    setApplied('');
  };
  const choose = (entry: MenuEntry | undefined) => {
    if (!entry) return;
    close();
    navigate(entry.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setSelected((index) => moveSelection(index, results.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[selected]);
    }
  };

  return (
    <Modal open={open} onCancel={close} footer={null} closable={false} title={null} destroyOnHidden width={560} className="admin-menu-search" data-testid="menu-search">
      <Input
        autoFocus
        size="large"
        allowClear
        value={keyword}
        placeholder={t('admin.search.placeholder')}
        onChange={(event) => setKeyword(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('admin.header.menuSearch')}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={results.length ? RESULTS_ID : undefined}
        aria-activedescendant={results.length ? `${RESULTS_ID}-${selected}` : undefined}
        aria-autocomplete="list"
        data-testid="menu-search-input"
      />
      {/* A listbox holds options only: "no data" is said beside it, not inside. */}
      <div className="admin-menu-search-results" {...(results.length ? { role: 'listbox', id: RESULTS_ID, 'aria-label': t('admin.search.results') } : {})}>
        {results.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.search.noData')} />
        ) : (
          results.map((entry, index) => (
            <div
              key={entry.name}
              id={`${RESULTS_ID}-${index}`}
              role="option"
              aria-selected={index === selected}
              className={index === selected ? 'is-selected' : ''}
              onMouseEnter={() => setSelected(index)}
              onClick={() => choose(entry)}
            >
              {routeIcon(entry.icon)}
              <span>{entry.title}</span>
              {index === selected && <EnterOutlined />}
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
