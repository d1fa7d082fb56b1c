/** The modal logout notices (codes 7777, 7778) and the dialog that shows them. */
import { memoryStorage } from '../../support/memory-storage.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountLogoutDialog } from '../../../src/scripts/logout-dialog.ts';
import { $logoutNotices, confirmLogoutNotice, showLogoutNotice } from '../../../src/stores/logout-dialog.ts';
import { $session, setSession } from '../../../src/stores/session.ts';

beforeEach(() => {
  memoryStorage.clear();
  $logoutNotices.set([]);
});

describe('logout notices', () => {
  it('never holds the same message twice while it is shown', () => {
    expect(showLogoutNotice('Signed in elsewhere')).toBe(true);
    expect(showLogoutNotice('Signed in elsewhere')).toBe(false);
    expect(showLogoutNotice('')).toBe(true);
    expect(showLogoutNotice('')).toBe(false);
    expect($logoutNotices.get().map((n) => n.message)).toEqual(['Signed in elsewhere', '']);
  });

  it('resets the session when one is confirmed, and ignores unknown ids', () => {
    setSession({ token: 't', refreshToken: 'r' });
    showLogoutNotice('Bye');
    confirmLogoutNotice(-1);
    expect($session.get()).not.toBeNull();
    confirmLogoutNotice($logoutNotices.get()[0]!.id);
    expect($session.get()).toBeNull();
    expect($logoutNotices.get()).toEqual([]);
    expect(showLogoutNotice('Bye')).toBe(true);
  });
});

/**
 * A `<dialog>` as browsers run it, enough for islands/logout-dialog.ts: `close()` hides it at
 * once and fires `close` a task later.
 */
function fakeDialog() {
  const message = { textContent: '' };
  const confirm = new (class extends EventTarget {
    focus() {}
    click() {
      this.dispatchEvent(new Event('click'));
    }
  })();
  const dialog = new (class extends EventTarget {
    open = false;
    showModal() {
      this.open = true;
    }
    close() {
      if (!this.open) return;
      this.open = false;
      setTimeout(() => this.dispatchEvent(new Event('close')));
    }
    querySelector(selector: string) {
      return selector === '[data-logout-message]' ? message : selector === '[data-logout-confirm]' ? confirm : null;
    }
  })();
  return { dialog, message, confirm };
}

describe('the logout dialog', () => {
  beforeEach(() => {
    vi.stubGlobal('document', { activeElement: null });
    vi.stubGlobal('HTMLElement', class {});
    return () => vi.unstubAllGlobals();
  });

  it('has ended the session when the dialog is gone, before the browser fires `close`', async () => {
    const { dialog, message, confirm } = fakeDialog();
    mountLogoutDialog(dialog as unknown as HTMLDialogElement);
    setSession({ token: 't', refreshToken: 'r' });
    showLogoutNotice('Signed in elsewhere');
    expect(dialog.open).toBe(true);
    expect(message.textContent).toBe('Signed in elsewhere');

    confirm.click();
    expect(dialog.open).toBe(false);
    expect([localStorage.getItem('SOY_token'), localStorage.getItem('SOY_refreshToken')]).toEqual([null, null]);
    expect($logoutNotices.get()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve));
    expect($logoutNotices.get()).toEqual([]);
  });

  it('shows the next notice after a confirm, and a late `close` does not confirm it unseen', async () => {
    const { dialog, message, confirm } = fakeDialog();
    mountLogoutDialog(dialog as unknown as HTMLDialogElement);
    showLogoutNotice('First');
    showLogoutNotice('Second');
    confirm.click();
    expect(dialog.open).toBe(true);
    expect(message.textContent).toBe('Second');

    // Closed by the last notice's confirm, then opened again by a new notice before `close` fires.
    confirm.click();
    expect(dialog.open).toBe(false);
    showLogoutNotice('Third');
    expect(dialog.open).toBe(true);
    await new Promise((resolve) => setTimeout(resolve));
    expect($logoutNotices.get().map((n) => n.message)).toEqual(['Third']);
    expect(message.textContent).toBe('Third');
  });
});
