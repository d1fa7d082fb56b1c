/**
 * What a page's Content-Security-Policy must allow for PayPal's own JavaScript SDK, for the one
 * PayPal environment the shop is configured for (sandbox or live) and nothing more. PayPal's
 * guide (developer.paypal.com/sdk/js/best-practices) lists `*.paypal.com *.paypalobjects.com`;
 * the shop names the hosts its environment uses instead: the SDK's script, its button and card
 * frames come from `www.paypal.com` (live) or `www.sandbox.paypal.com` (sandbox), its logos from
 * `www.paypalobjects.com`. The local simulator's stand-in SDK is served from the shop's own
 * origin and needs none of this.
 */

/** Which SDK the checkout pages are built for; the build gets it in PUBLIC_PAYPAL_SDK. */
export type PaypalSdk = 'simulator' | 'sandbox' | 'live';
export type PaypalEnvironment = Exclude<PaypalSdk, 'simulator'>;

/** The host PayPal's SDK, its buttons and its card fields are served from, per environment. */
export const PAYPAL_SDK_HOSTS: Readonly<Record<PaypalEnvironment, string>> = {
  sandbox: 'https://www.sandbox.paypal.com',
  live: 'https://www.paypal.com',
};
/** PayPal's static assets (logos, fonts), the same for both environments. */
export const PAYPAL_ASSETS_HOST = 'https://www.paypalobjects.com';

/** Origins PayPal's SDK loads scripts and styles from. */
export function paypalSdkOrigins(environment: PaypalEnvironment): readonly string[] {
  return [PAYPAL_SDK_HOSTS[environment], PAYPAL_ASSETS_HOST];
}

/** Origins PayPal's SDK frames (buttons, card fields) come from; none for the simulator's stand-in, which draws in the page. */
export function paypalFrameOrigins(sdk: PaypalSdk): readonly string[] {
  return sdk === 'simulator' ? [] : [PAYPAL_SDK_HOSTS[sdk]];
}

export function paypalSdkFrom(value: string | undefined): PaypalSdk {
  return value === 'sandbox' || value === 'live' ? value : 'simulator';
}

/** The frame-src a page's own policy carries: none but PayPal's, and those only where they are let in. */
export function frameSources(origins: readonly string[]): `frame-src ${string}` {
  return `frame-src ${origins.length ? origins.join(' ') : "'none'"}`;
}

/** The part of Astro's per-page CSP API this needs. */
export interface PageCsp {
  insertScriptResource(resource: string): void;
  insertStyleResource(resource: string): void;
}

/**
 * Widens one page's policy for PayPal's SDK. Scripts: PayPal's origins besides 'self' (the
 * hashes of the page's own inline scripts stay). Styles: the SDK writes <style> elements for its
 * button frames and can only mark them with a nonce, which a static page cannot have, so inline
 * styles are allowed on this page (Astro then leaves the style hashes out, since a hash would
 * make browsers ignore 'unsafe-inline'). Scripts stay strict. Frames: the page hands
 * `paypalFrameOrigins` to its layout, which writes the page's one frame-src (`frameSources`).
 */
export function allowPaypalSdk(csp: PageCsp, environment: PaypalEnvironment): void {
  const origins = paypalSdkOrigins(environment);
  for (const resource of ["'self'", ...origins]) csp.insertScriptResource(resource);
  for (const resource of ["'self'", "'unsafe-inline'", ...origins]) csp.insertStyleResource(resource);
}
