/** The checkout module: quotes, coupons on the cart, and placing orders. It owns no table. */
export { CheckoutService, type CheckoutCaller, type CheckoutDeps } from './checkout.ts';
export { checkoutRoutes } from './routes.ts';
