/**
 * The shop layout's behaviour on every page (BaseLayout loads it once): menus, search box, account
 * and cart icons, the banner's countdown, the footer accordion and newsletter, the chat button. Vanilla TypeScript
 * on nanostores; each part finds its own elements and does nothing when they are absent.
 */
import { initAccountLink, initCartLink, initMenubar, initMobileMenu, initSearch } from './header.ts';
import { initCountdown } from './banner.ts';
import { initChatButton } from './chat-button.ts';
import { initFooterAccordion, initNewsletter } from './footer.ts';

initMobileMenu();
initMenubar();
initSearch();
initAccountLink();
initCartLink();
initCountdown();
initFooterAccordion();
initNewsletter();
initChatButton();
