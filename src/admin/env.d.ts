/** Build-time settings the back office reads (src/build-config.ts validates them). */
interface ImportMetaEnv {
  /** `static` (the default) or `dynamic`: where the app's routes come from (docs/back-office.md "Route modes"). */
  readonly PUBLIC_ADMIN_ROUTE_MODE?: string;
}
