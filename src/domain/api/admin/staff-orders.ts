/**
 * Staff orders (docs/back-office.md "Manual orders"): the priced total of a staff order before
 * confirming, placing it (order:create; hand-set prices also order:price, paid offline also
 * order:pay-offline), and an unpaid staff order recorded as paid offline (order:pay-offline).
 */
import type { z } from 'zod';
import type { CheckoutQuote } from '../../checkout.model.ts';
import type { StaffOrderAnswer } from '../../back-office/staff-orders.model.ts';
import type { staffOrderCreateRequestSchema, staffOrderPayOfflineRequestSchema, staffOrderQuoteRequestSchema } from '../../back-office/staff-orders.schema.ts';
import { post } from '../endpoint.ts';

export const adminStaffOrdersApi = {
  quote: post<z.input<typeof staffOrderQuoteRequestSchema>, CheckoutQuote>('/admin/orders/staffQuote'),
  create: post<z.input<typeof staffOrderCreateRequestSchema>, StaffOrderAnswer>('/admin/orders/create'),
  payOffline: post<z.input<typeof staffOrderPayOfflineRequestSchema>, StaffOrderAnswer>('/admin/orders/payOffline'),
};
