/** Build-time settings the browser code reads (Vite inlines `PUBLIC_*` variables). */
interface ImportMetaEnv {
  /** Where the browser reaches the API: `/api` (same origin, the default) or an absolute URL. */
  readonly PUBLIC_API_BASE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
