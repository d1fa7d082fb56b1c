/** Build-time links the shop layout reads (see data.ts for their defaults). */
interface ImportMetaEnv {
  /** The external order-tracking site, opened in a new tab from the header. */
  readonly PUBLIC_TRACKING_URL?: string;
  /** The floating chat button's link (a messaging service). */
  readonly PUBLIC_CHAT_URL?: string;
  /** The support address shown in the footer. */
  readonly PUBLIC_SUPPORT_EMAIL?: string;
}
