/**
 * What a page's Content-Security-Policy must allow for PayPal's own JavaScript SDK
 * (developer.paypal.com/sdk/js/best-practices). The local simulator's stand-in SDK is served
 * from the shop's own origin and needs none of this.
 */

/** Where PayPal's SDK loads scripts, frames (buttons, card fields) and images from. */
export const PAYPAL_SDK_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'] as const;

/** Which SDK the checkout pages are built for; the build gets it in PUBLIC_PAYPAL_SDK. */
export type PaypalSdk = 'paypal' | 'simulator';

export function paypalSdkFrom(value: string | undefined): PaypalSdk {
  return value === 'paypal' ? 'paypal' : 'simulator';
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
 * make browsers ignore 'unsafe-inline'). Scripts stay strict.
 */
export function allowPaypalSdk(csp: PageCsp): void {
  for (const resource of ["'self'", ...PAYPAL_SDK_ORIGINS]) csp.insertScriptResource(resource);
  for (const resource of ["'self'", "'unsafe-inline'", ...PAYPAL_SDK_ORIGINS]) csp.insertStyleResource(resource);
}
