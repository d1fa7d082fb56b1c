/** Where the payment services write what happened to money (the app's logger, app.ts). */
export interface PaymentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
