/**
 * Every table, for drizzle-kit and the typed client: each module defines its own tables in
 * modules/<area>/schema.ts and this file gathers them. One migration history for PGlite and
 * PostgreSQL (./migrations). Money columns are integer EUR minor units unless an order's currency
 * is named.
 */
export * from '../modules/catalogue/schema.ts';
export * from '../modules/catalogue/images-schema.ts';
export * from '../modules/geo/schema.ts';
export * from '../modules/accounts/schema.ts';
export * from '../modules/shopper/schema.ts';
export * from '../modules/cart/schema.ts';
export * from '../modules/coupons/schema.ts';
export * from '../modules/coupons/redemptions-schema.ts';
export * from '../modules/orders/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/audit/schema.ts';
export * from '../modules/site/schema.ts';
export * from '../modules/pages/schema.ts';
export * from '../modules/settings/schema.ts';
export * from '../modules/jobs/schema.ts';
export * from '../modules/outbox/schema.ts';
export * from '../modules/vitals/schema.ts';
export * from '../modules/invoices/schema.ts';
export * from '../modules/returns/schema.ts';
export * from '../modules/two-factor/schema.ts';
export * from '../modules/backoffice/schema.ts';
export * from '../modules/api-tokens/schema.ts';
