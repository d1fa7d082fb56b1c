/**
 * The account hub's live part (docs/accounts-and-security.md "Account pages"): the welcome with the
 * shopper's name, and logout with a yes/no confirmation in a modal dialog. The links to orders,
 * addresses, wishlist, profile and password are plain HTML in the page.
 *
 * Logging out ends the session on the server and here (other tabs follow through storage),
 * then goes to the shop's home.
 */
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { localePath, useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { loadUserInfo, signOut } from '../../stores/account.ts';
import { $signedIn } from '../../stores/session.ts';
import './account.css';

export default withIslandI18n(AccountHub);

function AccountHub({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [ready, setReady] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const no = useRef<HTMLButtonElement>(null);

  const open = () => {
    dialog.current?.showModal();
    // "No" is focused: the choice that loses nothing.
    no.current?.focus();
  };

  useEffect(() => {
    setReady(true);
    // Signed out: the route guard is on its way to login; asking would only be refused.
    if (!$signedIn.get()) return;
    void loadUserInfo().then((user) => {
      if (user.ok) setName(user.value.userName);
    });
  }, []);

  const close = () => {
    dialog.current?.close();
  };

  const confirm = async () => {
    setLeaving(true);
    await signOut();
    // The route guard also reacts to the session ending (it would send a protected page to
    // login); this later navigation replaces that one: a shopper who logs out goes home.
    location.assign(localePath(locale, '/'));
  };

  return (
    <div className="account-hub-bar">
      <p className="account-greeting" data-account-greeting>
        {name ? t('account.hub.welcome', { name }) : t('account.hub.welcomeAnonymous')}
      </p>
      <button ref={opener} type="button" className="account-logout" disabled={!ready} onClick={open}>
        {t('account.hub.logout')}
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog account-dialog"
        aria-labelledby="account-logout-title"
        aria-describedby="account-logout-message"
        onClose={() => {
          if (!leaving) opener.current?.focus();
        }}
        onCancel={(event) => {
          // Esc means "No", unless the logout is already under way.
          if (leaving) event.preventDefault();
        }}
      >
        <h2 id="account-logout-title">{t('account.hub.logoutTitle')}</h2>
        <p id="account-logout-message">{t('account.hub.logoutConfirm')}</p>
        <div className="confirm-dialog-actions account-dialog-actions">
          <button ref={no} type="button" className="account-dialog-no" onClick={close} disabled={leaving}>
            {t('account.hub.no')}
          </button>
          <button type="button" className="button" onClick={() => void confirm()} disabled={leaving}>
            {leaving ? t('account.hub.loggingOut') : t('account.hub.yes')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
