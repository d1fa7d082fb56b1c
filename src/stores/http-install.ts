/**
 * Installs the HTTP layer's hooks for this page (the page shell does, on every page): the bearer
 * token from the session, and the code handling of docs/api.md "Codes", which is only downloaded
 * when a call first fails (stores/http-handling.ts). Until installed (or at build time) calls still
 * carry the stored token, but failures reach callers unhandled.
 */
import { setHttpHooks, type HttpHooks } from '../client/http-hooks.ts';
import { storedAccessToken } from './session.ts';

type OnError = NonNullable<HttpHooks['onError']>;

let installed = false;

export function installHttpHandling(): void {
  if (installed) return;
  installed = true;
  // One handler per page, so every failure shares its refresh and throttle.
  let handler: Promise<OnError> | null = null;
  setHttpHooks({
    accessToken: storedAccessToken,
    onError: async (error, retry, context) => {
      handler ??= import('./http-handling.ts').then((module) => module.createHttpHooks().onError!);
      return (await handler)(error, retry, context);
    },
  });
}
