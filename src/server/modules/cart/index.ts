/**
 * The cart module: the only writer of cart_items. Checkout asks it for priced lines by id, and
 * the payments side has it remove the lines an order was paid for (removeOrderedLines).
 */
export * from './schema.ts';
export { CartService, MAX_CART_LINES, removeOrderedLines, type CartOwner, type PricedConfig } from './cart.ts';
export { cartRoutes } from './routes.ts';
export { CartRosters } from './rosters.ts';
