/**
 * The back office's customer calls (`customer:view`, `customer:edit`, `customer:erase`). Roles are
 * changed on the staff calls (grantRole/revokeRole, R_SUPER), not here.
 */
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { customerEraseRequestSchema, customerListRequestSchema, customerRequestSchema, customerStatusRequestSchema, guestCustomerRequestSchema } from '../../../domain/back-office/customers.schema.ts';
import { PERMISSIONS, type Permission } from '../../../domain/back-office/staff.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { splitPage } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import type { StaffDesk } from '../staff/index.ts';
import { CustomerDesk } from './customer-desk.ts';

export interface CustomerRouteDeps {
  db: Db;
  staff: StaffDesk;
  clock: Clock;
}

export function customerRoutes(deps: CustomerRouteDeps, guards: Guards) {
  const customers = new CustomerDesk(deps.db, deps.staff);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const may = (code: Permission) => staffCalls(route, guards.requirePermission(code));
    const viewCustomers = may(PERMISSIONS.CUSTOMER_VIEW);
    viewCustomers(adminCustomersApi.customerList, 'Accounts a page at a time, newest first; search by the start of the email, name or last name; filter by status', customerListRequestSchema, ({ body }) =>
      customers.list(...splitPage(body)),
    );
    viewCustomers(adminCustomersApi.customer, 'One account: roles, status, newsletter, addresses and its latest 100 orders (never a password or its hash)', customerRequestSchema, ({ body }) =>
      customers.detail(body.userId),
    );
    viewCustomers(adminCustomersApi.guestCustomer, 'A guest (an email that ordered without an account): its order figures and latest 100 orders', guestCustomerRequestSchema, ({ body }) =>
      customers.guest(body.email),
    );
    may(PERMISSIONS.CUSTOMER_EDIT)(
      adminCustomersApi.setCustomerStatus,
      'Disable or enable a customer account (a disabled one gets 7777 on its next call); staff accounts are managed on the staff calls',
      customerStatusRequestSchema,
      ({ body, actor }) => customers.setStatus(actor, body.userId, body.status),
    );
    viewCustomers(
      adminCustomersApi.exportCustomer,
      'Everything the shop holds on one customer, as JSON (account without its password hash, addresses, orders, reviews, wishlist, newsletter)',
      customerRequestSchema,
      ({ body }) => customers.export(body.userId, deps.clock()),
    );
    may(PERMISSIONS.CUSTOMER_ERASE)(
      adminCustomersApi.eraseCustomer,
      'Erase a customer (R_SUPER; the email typed again confirms): orders kept with personal fields anonymised and totals intact, everything else removed, sessions ended',
      customerEraseRequestSchema,
      ({ body, actor }) => customers.erase(actor, body.userId, body.confirmEmail),
    );
  });
}
