/**
 * The en-US catalogue, one file per area of the shop so that each can be edited on its own.
 * Top-level keys are namespaces: islands receive only the ones they use (pickMessages).
 */
import core from './core.json';
import layout from './layout.json';
import app from './app.json';
import configurator from './configurator.json';
import productTabs from './product-tabs.json';
import cart from './cart.json';
// The print's words for the configurator, the cart's lines and the back office: one file for a print option's words (mail's are the server's).
import print from './print.json';
// The team roster editor (issue 31; docs/storefront.md "Team orders").
import roster from './roster.json';
// The account's saved team rosters ("My team rosters").
import savedRosters from './saved-rosters.json';
import browse from './browse.json';
import account from './account.json';
import address from './address.json';
import wishlist from './wishlist.json';
import review from './review.json';
import checkout from './checkout.json';
// The pay page of a payment request (the link mailed after an order change).
import pay from './pay.json';
// The order page's returns and misprint claims.
import returns from './returns.json';
// The network-error state's words, shared by every island that loads what it shows (islands/LoadFailure.tsx).
import network from './network.json';
// The back office's shell; its screens add their own files (admin-<area>.json) beside it.
import admin from './admin.json';
import adminOrderStrings from './admin-orders.json';
import { ORDER_STATUS_NAMES } from '../../../domain/order-status-names.ts';
import adminSite from './admin-site.json';
import adminMail from './admin-mail.json';
import adminProducts from './admin-products.json';
import adminCustomers from './admin-customers.json';
import adminTeams from './admin-teams.json';
// The Patches and add-ons screen.
import adminExtras from './admin-extras.json';
import adminNavigation from './admin-navigation.json';
import adminReviews from './admin-reviews.json';
import adminNewsletter from './admin-newsletter.json';
import adminMarketing from './admin-marketing.json';
import adminVitals from './admin-vitals.json';
// Staff two-step sign-in: the user menu's panel, the login's second step, the staff screen's switch and reset.
import adminTwoStep from './admin-two-step.json';
// Taxes in the back office: Settings -> Taxes and Seller, the product's tax class, the order's tax and documents.
import adminTax from './admin-tax.json';
import adminTaxReport from './admin-tax-report.json';
import adminReports from './admin-reports.json';
// Parcels: ship part, bulk ship, tracking corrections, packing slips and labels (docs/back-office.md "Shipments").
import adminShipments from './admin-shipments.json';
// Order changes before production (the order detail's panel).
import adminOrderChanges from './admin-order-changes.json';
// The Returns screen (returns and misprint claims).
import adminReturns from './admin-returns.json';
// Staff orders: the New order screen, offline payments on the order detail.
import adminNewOrder from './admin-new-order.json';
// The back office's shared form fields (src/admin/widgets/DateTimeField.tsx).
import adminFields from './admin-fields.json';
// API tokens for other systems (docs/back-office.md "API tokens").
import adminApiTokens from './admin-api-tokens.json';
// The Pages screen (content pages edited in the back office).
import adminPages from './admin-pages.json';

// The states' names are the domain's one table (the server's messages use it too).
const adminOrders = { ...adminOrderStrings, status: ORDER_STATUS_NAMES['en-US'] };

export default { ...core, layout, app, configurator, productTabs, cart, print, browse, account, address, wishlist, review, checkout, roster, savedRosters, pay, returns, network, admin, adminOrders, adminSite, adminMail, adminProducts, adminCustomers, adminTeams, adminExtras, adminNavigation, adminReviews, adminNewsletter, adminMarketing, adminVitals, adminTwoStep, adminTax, adminTaxReport, adminReports, adminShipments, adminFields, adminReturns, adminOrderChanges, adminNewOrder, adminPages, adminApiTokens };
