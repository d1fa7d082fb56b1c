/** Staff orders (docs/back-office.md "Manual orders"): quote and create (order:create), an unpaid one paid offline (order:pay-offline). */
import { adminStaffOrdersApi } from '../../../domain/api/admin/staff-orders.ts';
import { staffOrderCreateRequestSchema, staffOrderPayOfflineRequestSchema, staffOrderQuoteRequestSchema } from '../../../domain/back-office/staff-orders.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import type { StaffOrderDesk } from './staff-order-desk.ts';

export function staffOrderRoutes(desk: StaffOrderDesk, guards: Guards) {
  return backOfficeCalls(guards, [PERMISSIONS.ORDER_CREATE, PERMISSIONS.ORDER_PAY_OFFLINE], (create, payOffline) => {
    create(
      adminStaffOrdersApi.quote,
      "A staff order's priced total before confirming: checkout's quote of the configured lines (hand-set prices take order:price), shipping and tax once the country is given, the coupon's state",
      staffOrderQuoteRequestSchema,
      ({ body, staff, locale }) => desk.quote(body, staff, locale),
    );
    create(
      adminStaffOrdersApi.create,
      'Place an order for a customer or a guest email, priced as checkout prices (hand-set prices with a reason take order:price), its stock taken; then a mailed PayPal link, paid offline (order:pay-offline), or a free replacement of another order. Idempotent by idempotencyKey; audited',
      staffOrderCreateRequestSchema,
      ({ body, staff }) => desk.create(body, staff),
    );
    payOffline(
      adminStaffOrdersApi.payOffline,
      'A staff order waiting for its payment link, paid by bank transfer or cash: method, reference and reason recorded, the order paid and invoiced; its link cancelled; audited',
      staffOrderPayOfflineRequestSchema,
      ({ body, staff }) => desk.payOffline(body, staff),
    );
  });
}
