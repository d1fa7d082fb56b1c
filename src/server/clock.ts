/**
 * The server's idea of "now". Services take it instead of calling Date directly, so tests can
 * move time forward (token expiry, reset-code lifetime, throttle cool-downs) without waiting.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** One day in milliseconds: the shop's days are UTC days. */
export const DAY_MS = 86_400_000;
