/** The tab bar's rules (specification: entity "Tab", state "Tabs"). */
import { describe, expect, it } from 'vitest';
import { activePath, closeAll, closeLeft, closeOthers, closeRight, closeTab, openTab, type Tab, type TabsState } from '../../../src/admin/state/tabs.ts';

const tab = (id: string, fixed = false): Tab => ({ id, label: `admin.route.${id.slice(1)}`, routeKey: id.slice(1), routePath: id, fullPath: id, ...(fixed ? { fixedIndex: 0 } : {}) });
const HOME = tab('/dashboard', true);
const ids = (state: TabsState) => state.tabs.map((t) => t.id);

/** Home fixed, then /orders, /audit, /staff opened in that order (active: the last opened). */
function threeOpen(): TabsState {
  let state: TabsState = { tabs: [HOME], active: HOME.id };
  for (const id of ['/orders', '/audit', '/staff']) state = openTab(state, tab(id));
  return state;
}

describe('opening', () => {
  it('adds a tab once and makes it active; opening it again only activates it and keeps its new query', () => {
    const state = threeOpen();
    expect(ids(state)).toEqual(['/dashboard', '/orders', '/audit', '/staff']);
    expect(state.active).toBe('/staff');
    const again = openTab(state, { ...tab('/orders'), fullPath: '/orders?status=paid' });
    expect(ids(again)).toEqual(ids(state));
    expect(again.active).toBe('/orders');
    expect(activePath(again)).toBe('/orders?status=paid');
  });

  it('keeps fixed tabs first even when opened late', () => {
    const state = openTab({ tabs: [tab('/orders')], active: '/orders' }, HOME);
    expect(ids(state)).toEqual(['/dashboard', '/orders']);
  });
});

describe('closing', () => {
  it('closing the active tab moves to the last remaining one', () => {
    const state = openTab(threeOpen(), tab('/audit'));
    const closed = closeTab(state, '/audit');
    expect(ids(closed)).toEqual(['/dashboard', '/orders', '/staff']);
    expect(closed.active).toBe('/staff');
    expect(activePath(closed)).toBe('/staff');
  });

  it('closing another tab keeps the active one', () => {
    const closed = closeTab(threeOpen(), '/orders');
    expect(closed.active).toBe('/staff');
    expect(ids(closed)).toEqual(['/dashboard', '/audit', '/staff']);
  });

  it('never closes the fixed home tab', () => {
    const state = threeOpen();
    expect(closeTab(state, '/dashboard')).toBe(state);
    expect(ids(closeAll(state))).toEqual(['/dashboard']);
    expect(closeAll(state).active).toBe('/dashboard');
  });

  it('close others keeps that tab and the fixed ones, and shows that tab', () => {
    const closed = closeOthers(threeOpen(), '/orders');
    expect(ids(closed)).toEqual(['/dashboard', '/orders']);
    expect(closed.active).toBe('/orders');
  });

  it('close left and right keep the fixed tab; the active tab moves to the last one when it went', () => {
    const state = threeOpen();
    const left = closeLeft(state, '/audit');
    expect(ids(left)).toEqual(['/dashboard', '/audit', '/staff']);
    expect(left.active).toBe('/staff');
    const right = closeRight(left, '/audit');
    expect(ids(right)).toEqual(['/dashboard', '/audit']);
    expect(right.active).toBe('/audit');
    expect(ids(closeRight(state, '/dashboard'))).toEqual(['/dashboard']);
    expect(ids(closeLeft(state, '/staff'))).toEqual(['/dashboard', '/staff']);
  });

  it('ignores unknown ids', () => {
    const state = threeOpen();
    expect(closeTab(state, '/nope')).toBe(state);
    expect(closeLeft(state, '/nope')).toBe(state);
    expect(closeRight(state, '/nope')).toBe(state);
  });
});
