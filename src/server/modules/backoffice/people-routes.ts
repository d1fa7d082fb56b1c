/**
 * The back office's customers (`customer:view`, `customer:edit`, `customer:erase`), review
 * moderation (`review:moderate`) and newsletter (`newsletter:manage`) calls. Roles are changed
 * on the staff calls (grantRole/revokeRole, R_SUPER), not here.
 */
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { adminNewsletterApi } from '../../../domain/api/admin/newsletter.ts';
import { adminReviewsApi } from '../../../domain/api/admin/reviews.ts';
import { customerEraseRequestSchema, customerListRequestSchema, customerRequestSchema, customerStatusRequestSchema, guestCustomerRequestSchema } from '../../../domain/back-office/customers.schema.ts';
import { subscriberExportRequestSchema, subscriberListRequestSchema, unsubscribeRequestSchema } from '../../../domain/back-office/newsletter.schema.ts';
import { reviewListRequestSchema, reviewModerateRequestSchema } from '../../../domain/back-office/reviews.schema.ts';
import { PERMISSIONS, type Permission } from '../../../domain/back-office/staff.model.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { splitPage } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { msg, render } from '../../messages/index.ts';
import { NewsletterDesk, ReviewDesk } from '../shopper/index.ts';
import type { StaffDesk } from '../staff/index.ts';
import { toCsv } from '../../csv.ts';
import { CustomerDesk } from './customer-desk.ts';
import { EXPORT_MAX_ROWS } from './order-list.ts';

export interface PeopleDeps {
  db: Db;
  staff: StaffDesk;
  clock: Clock;
}

const SUBSCRIBER_COLUMNS = ['subscriberEmail', 'subscriberSource', 'subscribedAt', 'subscriberAccount'] as const;

export function peopleRoutes(deps: PeopleDeps, guards: Guards) {
  const customers = new CustomerDesk(deps.db, deps.staff);
  const reviews = new ReviewDesk(deps.db);
  const newsletter = new NewsletterDesk(deps.db);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const may = (code: Permission) => staffCalls(route, guards.requirePermission(code));
    const viewCustomers = may(PERMISSIONS.CUSTOMER_VIEW);
    const moderate = may(PERMISSIONS.REVIEW_MODERATE);
    const mailing = may(PERMISSIONS.NEWSLETTER_MANAGE);
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
    moderate(adminReviewsApi.reviewList, 'Reviews newest first, filtered by state (visible, hidden) and product', reviewListRequestSchema, ({ body, locale }) => reviews.list(...splitPage(body), locale));
    moderate(
      adminReviewsApi.moderateReview,
      'Hide a review (a reason is required) or show it again; a hidden review leaves the product page, its count and its average at once',
      reviewModerateRequestSchema,
      ({ body, actor, locale }) => reviews.moderate(actor, body, locale),
    );
    mailing(adminNewsletterApi.subscriberList, 'Newsletter subscribers a page at a time, searchable by the start of the email', subscriberListRequestSchema, ({ body: { current, size, query } }) =>
      newsletter.list(query, { current, size }),
    );
    mailing(
      adminNewsletterApi.subscriberExport,
      'The subscribers matching the search as CSV (RFC 4180, UTF-8 with BOM; formula-like fields neutralised)',
      subscriberExportRequestSchema,
      async ({ body, locale }) => {
        const matched = await newsletter.count(body.query);
        if (matched > EXPORT_MAX_ROWS) throw fail(CODES.CONFLICT, msg('admin.exportTooLarge', { max: EXPORT_MAX_ROWS, matched }));
        const rows = await newsletter.all(body.query);
        const header = SUBSCRIBER_COLUMNS.map((column) => render(msg(`admin.export.${column}`), locale));
        const csv = toCsv(header, rows.map((row) => [row.email, row.source, row.createdAt, row.userId]));
        const stamp = deps.clock().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
        return { fileName: `newsletter-${stamp}.csv`, csv, rows: rows.length };
      },
    );
    mailing(adminNewsletterApi.unsubscribe, 'Take an email off the newsletter; audited', unsubscribeRequestSchema, ({ body, actor }) => newsletter.unsubscribe(actor, body.id));
  });
}
