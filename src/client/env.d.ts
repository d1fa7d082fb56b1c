/** Build-time settings the pages and browser code read (Vite inlines `PUBLIC_*` variables). */
interface ImportMetaEnv {
  /** Where the browser reaches the API: `/api` (same origin, the default) or an absolute URL. */
  readonly PUBLIC_API_BASE?: string;
  /** The "other" service of docs/api.md (envelope `{status, result, message}`); default: the API. */
  readonly PUBLIC_OTHER_API_BASE?: string;
  /** `paypal` when the checkout pages will load PayPal's own SDK (set by `npm run build`); else the simulator's. */
  readonly PUBLIC_PAYPAL_SDK?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
