/** Build-time settings the browser code reads (Vite inlines `PUBLIC_*` variables). */
interface ImportMetaEnv {
  /** Where the browser reaches the API: `/api` (same origin, the default) or an absolute URL. */
  readonly PUBLIC_API_BASE?: string;
  /** The "other" service of spec section 7 (envelope `{status, result, message}`); default: the API. */
  readonly PUBLIC_OTHER_API_BASE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
