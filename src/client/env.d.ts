/** Build-time settings the pages and browser code read (Vite inlines `PUBLIC_*` variables). */
interface ImportMetaEnv {
  /** Where the browser reaches the API: `/api` (same origin, the default) or an absolute URL. */
  readonly PUBLIC_API_BASE?: string;
  /** The "other" service of docs/api.md (envelope `{status, result, message}`); default: the API. */
  readonly PUBLIC_OTHER_API_BASE?: string;
  /** `paypal` when the checkout pages will load PayPal's own SDK (set by `npm run build`); else the simulator's. */
  readonly PUBLIC_PAYPAL_SDK?: string;
  /** The share of page views that report their vitals, 0 to 1 (validated by src/build-config.ts). */
  readonly PUBLIC_VITALS_SAMPLE_RATE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
