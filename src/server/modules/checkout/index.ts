/** The checkout module: quotes, coupons on the cart, placing orders, and staff orders (staff-order-desk.ts). It owns no table. */
export { CheckoutService, type CheckoutCaller, type CheckoutDeps } from './checkout.ts';
export { checkoutRoutes } from './routes.ts';
export { StaffOrderDesk, type StaffOrderDeskDeps } from './staff-order-desk.ts';
export { staffOrderRoutes } from './staff-order-routes.ts';
