/**
 * The whole contract, area by area: what the route check (tests/integration/contract.test.ts)
 * and the path-literal check (tests/unit/domain/api/contract.test.ts) walk. Browser code imports the
 * area module it calls, not this one.
 */
import { accountsApi } from './accounts.ts';
import { addressesApi } from './addresses.ts';
import { adminApi } from './admin/orders.ts';
import { adminProductsApi } from './admin/products.ts';
import { cartApi } from './cart.ts';
import { catalogueApi } from './catalogue.ts';
import { checkoutApi } from './checkout.ts';
import type { Endpoint } from './endpoint.ts';
import { geoApi } from './geo.ts';
import { mailApi } from './admin/mail.ts';
import { marketingApi } from './admin/coupons.ts';
import { ordersApi } from './orders.ts';
import { paypalApi } from './paypal.ts';
import { peopleApi } from './admin/customers.ts';
import { routeApi } from './admin/route.ts';
import { shopperApi } from './shopper.ts';
import { siteApi } from './admin/site.ts';
import { systemApi } from './system.ts';
import { vitalsApi } from './vitals.ts';

export const API = {
  accounts: accountsApi,
  addresses: addressesApi,
  admin: adminApi,
  adminProducts: adminProductsApi,
  cart: cartApi,
  catalogue: catalogueApi,
  checkout: checkoutApi,
  geo: geoApi,
  mail: mailApi,
  marketing: marketingApi,
  orders: ordersApi,
  paypal: paypalApi,
  people: peopleApi,
  route: routeApi,
  shopper: shopperApi,
  site: siteApi,
  system: systemApi,
  vitals: vitalsApi,
} as const;

/** Every entry with its name (`cart.list`). */
export function contractEntries(): { name: string; entry: Endpoint }[] {
  return Object.entries(API).flatMap(([area, entries]) => Object.entries(entries).map(([name, entry]) => ({ name: `${area}.${name}`, entry: entry as Endpoint })));
}
