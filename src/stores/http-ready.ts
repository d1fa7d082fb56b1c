/**
 * Imported for its effect by every store that makes signed-in calls: an island can hydrate and call
 * before the page shell's script has installed the HTTP code handling (seen on a slow phone: an
 * expired token's 9999 reached the page unhandled instead of being refreshed). Installing is
 * idempotent; at build time there is no window and nothing to install.
 */
import { installHttpHandling } from './http-install.ts';

if (typeof window !== 'undefined') installHttpHandling();
