/**
 * When this build ran: evaluated once when the build loads this module, so every page of one
 * build carries the same value (BuildTimeMeta.astro), and the update check can tell a page of an
 * older build from the one now served.
 */
export const BUILD_TIME: string = new Date().toISOString();
