/**
 * The whole contract, area by area: what the route check (tests/integration/contract.test.ts)
 * and the path-literal check (tests/unit/domain/api/contract.test.ts) walk. Browser code imports the
 * area module it calls, not this one.
 */
import { accountsApi } from './accounts.ts';
import { addressesApi } from './addresses.ts';
import { adminAuditApi } from './admin/audit.ts';
import { adminCouponsApi } from './admin/coupons.ts';
import { adminCustomersApi } from './admin/customers.ts';
import { mailApi } from './admin/mail.ts';
import { adminNavigationApi } from './admin/navigation.ts';
import { adminNewsletterApi } from './admin/newsletter.ts';
import { adminPagesApi } from './admin/pages.ts';
import { adminOrdersApi } from './admin/orders.ts';
import { adminOrderChangesApi } from './admin/order-changes.ts';
import { adminProductsApi } from './admin/products.ts';
import { adminReviewsApi } from './admin/reviews.ts';
import { adminShipmentsApi } from './admin/shipments.ts';
import { adminReturnsApi } from './admin/returns.ts';
import { routeApi } from './admin/route.ts';
import { adminSalesReportApi } from './admin/sales-report.ts';
import { adminSearchApi } from './admin/search.ts';
import { adminSettingsApi } from './admin/settings.ts';
import { siteApi } from './admin/site.ts';
import { adminStaffApi } from './admin/staff.ts';
import { adminStaffOrdersApi } from './admin/staff-orders.ts';
import { adminTaxReportApi } from './admin/tax-report.ts';
import { adminTeamsApi } from './admin/teams.ts';
import { adminExtrasApi } from './admin/extras.ts';
import { invitesApi } from './admin/invites.ts';
import { twoFactorApi } from './admin/two-factor.ts';
import { adminApiTokensApi } from './admin/api-tokens.ts';
import { webhooksApi } from './admin/webhooks.ts';
import { sessionsApi } from './admin/sessions.ts';
import { cartApi } from './cart.ts';
import { catalogueApi } from './catalogue.ts';
import { checkoutApi } from './checkout.ts';
import { contentApi } from './content.ts';
import type { Endpoint } from './endpoint.ts';
import { geoApi } from './geo.ts';
import { ordersApi } from './orders.ts';
import { orderChangesApi } from './order-changes.ts';
import { paypalApi } from './paypal.ts';
import { payRequestsApi } from './pay-requests.ts';
import { returnsApi } from './returns.ts';
import { rosterApi } from './rosters.ts';
import { shopperApi } from './shopper.ts';
import { systemApi } from './system.ts';
import { vitalsApi } from './vitals.ts';

export const API = {
  accounts: accountsApi,
  addresses: addressesApi,
  adminAudit: adminAuditApi,
  adminCoupons: adminCouponsApi,
  adminCustomers: adminCustomersApi,
  adminNavigation: adminNavigationApi,
  adminNewsletter: adminNewsletterApi,
  adminPages: adminPagesApi,
  adminOrders: adminOrdersApi,
  adminOrderChanges: adminOrderChangesApi,
  adminProducts: adminProductsApi,
  adminReviews: adminReviewsApi,
  adminReturns: adminReturnsApi,
  adminSalesReport: adminSalesReportApi,
  adminSearch: adminSearchApi,
  adminSettings: adminSettingsApi,
  adminShipments: adminShipmentsApi,
  adminStaff: adminStaffApi,
  invites: invitesApi,
  adminStaffOrders: adminStaffOrdersApi,
  adminTaxReport: adminTaxReportApi,
  adminTeams: adminTeamsApi,
  adminExtras: adminExtrasApi,
  twoFactor: twoFactorApi,
  adminApiTokens: adminApiTokensApi,
  webhooks: webhooksApi,
  sessions: sessionsApi,
  cart: cartApi,
  rosters: rosterApi,
  catalogue: catalogueApi,
  checkout: checkoutApi,
  content: contentApi,
  geo: geoApi,
  mail: mailApi,
  orders: ordersApi,
  orderChanges: orderChangesApi,
  paypal: paypalApi,
  payRequests: payRequestsApi,
  returns: returnsApi,
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
