/**
 * The shop layout's behaviour on every page (BaseLayout loads it once): menus, search box, account
 * and cart icons, the cart drawer (loaded when first opened), the banner's countdown, the footer
 * accordion and newsletter, the chat button. Vanilla TypeScript on nanostores; each part finds its
 * own elements and does nothing when they are absent.
 *
 * Only what the first paint shows runs as the page loads (the countdown); the rest is wired when
 * the browser is idle or at the first interaction, whichever comes first (when-idle.ts): every
 * control works without it as a link or form, and the first click already finds it wired.
 */
import { initAccountLink, initCartLink, initMenubar, initMobileMenu, initSearch } from './header.ts';
import { initCountdown } from './banner.ts';
import { initCartDrawer } from './cart-drawer.ts';
import { initChatButton } from './chat-button.ts';
import { initFooterAccordion, initNewsletter } from './footer.ts';
import { whenIdle } from '../when-idle.ts';

initCountdown();
initCartDrawer();
whenIdle(initMobileMenu);
whenIdle(initMenubar);
whenIdle(initSearch);
whenIdle(initAccountLink);
whenIdle(initCartLink);
whenIdle(initFooterAccordion);
whenIdle(initNewsletter);
whenIdle(initChatButton);
