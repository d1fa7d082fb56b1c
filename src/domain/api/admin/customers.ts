/**
 * The back office's customers, registered and guest (docs/back-office.md "Teams, navigation,
 * customers, reviews and the newsletter"): the table, a customer's detail, status, data export
 * and erasure. Staff only, each call behind the permission code the server checks.
 */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { AdminCustomerDetail, AdminCustomerListRow, AdminGuestDetail, CustomerDataExport, ErasureAnswer } from '../../back-office/customers.model.ts';
import type { customerEraseRequestSchema, customerListRequestSchema, customerRequestSchema, customerStatusRequestSchema, guestCustomerRequestSchema } from '../../back-office/customers.schema.ts';
import { post } from '../endpoint.ts';

export const adminCustomersApi = {
  customerList: post<z.input<typeof customerListRequestSchema>, Page<AdminCustomerListRow>>('/admin/customers/list'),
  customer: post<z.input<typeof customerRequestSchema>, AdminCustomerDetail>('/admin/customers/get'),
  guestCustomer: post<z.input<typeof guestCustomerRequestSchema>, AdminGuestDetail>('/admin/customers/guestDetail'),
  setCustomerStatus: post<z.input<typeof customerStatusRequestSchema>, AdminCustomerDetail>('/admin/customers/setStatus'),
  exportCustomer: post<z.input<typeof customerRequestSchema>, CustomerDataExport>('/admin/customers/export'),
  eraseCustomer: post<z.input<typeof customerEraseRequestSchema>, ErasureAnswer>('/admin/customers/erase'),
};
