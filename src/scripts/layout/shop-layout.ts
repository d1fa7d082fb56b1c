/**
 * The shop layout's behaviour on every page (BaseLayout loads it once): menus, search box, account
 * and cart icons, the cart drawer (loaded when first opened), the banner's countdown, the footer
 * accordion and newsletter, the chat button. Vanilla TypeScript on nanostores; each part finds its
 * own elements and does nothing when they are absent.
 */
import { initAccountLink, initCartLink, initMenubar, initMobileMenu, initSearch } from './header.ts';
import { initCountdown } from './banner.ts';
import { initCartDrawer } from './cart-drawer.ts';
import { initChatButton } from './chat-button.ts';
import { initFooterAccordion, initNewsletter } from './footer.ts';

initMobileMenu();
initMenubar();
initSearch();
initAccountLink();
initCartLink();
initCartDrawer();
initCountdown();
initFooterAccordion();
initNewsletter();
initChatButton();
