/**
 * The back office's customers (`customer:view`, `customer:edit`, `customer:erase`), review
 * moderation (`review:moderate`) and newsletter (`newsletter:manage`) calls. Roles are changed
 * on the staff calls (grantRole/revokeRole, R_SUPER), not here.
 */
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { adminNewsletterApi } from '../../../domain/api/admin/newsletter.ts';
import { adminReviewsApi } from '../../../domain/api/admin/reviews.ts';
import {
  customerEraseRequestSchema,
  customerListRequestSchema,
  customerRequestSchema,
  customerStatusRequestSchema,
  guestCustomerRequestSchema,
  reviewListRequestSchema,
  reviewModerateRequestSchema,
  subscriberExportRequestSchema,
  subscriberListRequestSchema,
  unsubscribeRequestSchema,
} from '../../../domain/back-office/people.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { splitPage } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { actorOf, localeOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
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
  const may = guards.requirePermission;
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminCustomersApi.customerList, {
      summary: 'Accounts a page at a time, newest first; search by the start of the email, name or last name; filter by status',
      preValidation: may(PERMISSIONS.CUSTOMER_VIEW),
      request: customerListRequestSchema,
      handler: async (request) => ok(await customers.list(...splitPage(request.body))),
    });
    route(adminCustomersApi.customer, {
      summary: "One account: roles, status, newsletter, addresses and its latest 100 orders (never a password or its hash)",
      preValidation: may(PERMISSIONS.CUSTOMER_VIEW),
      request: customerRequestSchema,
      handler: async (request) => ok(await customers.detail(request.body.userId)),
    });
    route(adminCustomersApi.guestCustomer, {
      summary: 'A guest (an email that ordered without an account): its order figures and latest 100 orders',
      preValidation: may(PERMISSIONS.CUSTOMER_VIEW),
      request: guestCustomerRequestSchema,
      handler: async (request) => ok(await customers.guest(request.body.email)),
    });
    route(adminCustomersApi.setCustomerStatus, {
      summary: 'Disable or enable a customer account (a disabled one gets 7777 on its next call); staff accounts are managed on the staff calls',
      preValidation: may(PERMISSIONS.CUSTOMER_EDIT),
      request: customerStatusRequestSchema,
      handler: async (request) => ok(await customers.setStatus(actorOf(request), request.body.userId, request.body.status)),
    });
    route(adminCustomersApi.exportCustomer, {
      summary: 'Everything the shop holds on one customer, as JSON (account without its password hash, addresses, orders, reviews, wishlist, newsletter)',
      preValidation: may(PERMISSIONS.CUSTOMER_VIEW),
      request: customerRequestSchema,
      handler: async (request) => ok(await customers.export(request.body.userId, deps.clock())),
    });
    route(adminCustomersApi.eraseCustomer, {
      summary: 'Erase a customer (R_SUPER; the email typed again confirms): orders kept with personal fields anonymised and totals intact, everything else removed, sessions ended',
      preValidation: may(PERMISSIONS.CUSTOMER_ERASE),
      request: customerEraseRequestSchema,
      handler: async (request) => ok(await customers.erase(actorOf(request), request.body.userId, request.body.confirmEmail)),
    });
    route(adminReviewsApi.reviewList, {
      summary: 'Reviews newest first, filtered by state (visible, hidden) and product',
      preValidation: may(PERMISSIONS.REVIEW_MODERATE),
      request: reviewListRequestSchema,
      handler: async (request) => ok(await reviews.list(...splitPage(request.body), localeOf(request))),
    });
    route(adminReviewsApi.moderateReview, {
      summary: 'Hide a review (a reason is required) or show it again; a hidden review leaves the product page, its count and its average at once',
      preValidation: may(PERMISSIONS.REVIEW_MODERATE),
      request: reviewModerateRequestSchema,
      handler: async (request) => ok(await reviews.moderate(actorOf(request), request.body, localeOf(request))),
    });
    route(adminNewsletterApi.subscriberList, {
      summary: 'Newsletter subscribers a page at a time, searchable by the start of the email',
      preValidation: may(PERMISSIONS.NEWSLETTER_MANAGE),
      request: subscriberListRequestSchema,
      handler: async (request) => {
        const { current, size, query } = request.body;
        return ok(await newsletter.list(query, { current, size }));
      },
    });
    route(adminNewsletterApi.subscriberExport, {
      summary: "The subscribers matching the search as CSV (RFC 4180, UTF-8 with BOM; formula-like fields neutralised)",
      preValidation: may(PERMISSIONS.NEWSLETTER_MANAGE),
      request: subscriberExportRequestSchema,
      handler: async (request) => {
        const locale = localeOf(request);
        const matched = await newsletter.count(request.body.query);
        if (matched > EXPORT_MAX_ROWS) throw fail(CODES.CONFLICT, msg('admin.exportTooLarge', { max: EXPORT_MAX_ROWS, matched }));
        const rows = await newsletter.all(request.body.query);
        const header = SUBSCRIBER_COLUMNS.map((column) => render(msg(`admin.export.${column}`), locale));
        const csv = toCsv(header, rows.map((row) => [row.email, row.source, row.createdAt, row.userId]));
        const stamp = deps.clock().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
        return ok({ fileName: `newsletter-${stamp}.csv`, csv, rows: rows.length });
      },
    });
    route(adminNewsletterApi.unsubscribe, {
      summary: 'Take an email off the newsletter; audited',
      preValidation: may(PERMISSIONS.NEWSLETTER_MANAGE),
      request: unsubscribeRequestSchema,
      handler: async (request) => ok(await newsletter.unsubscribe(actorOf(request), request.body.id)),
    });
  });
}
