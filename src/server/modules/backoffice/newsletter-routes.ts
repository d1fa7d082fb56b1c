/** The back office's newsletter calls (`newsletter:manage`): subscribers, their CSV, unsubscribing; the desk is the shopper module's NewsletterDesk. */
import { adminNewsletterApi } from '../../../domain/api/admin/newsletter.ts';
import { subscriberExportRequestSchema, subscriberListRequestSchema, unsubscribeRequestSchema } from '../../../domain/back-office/newsletter.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { msg, render } from '../../messages/index.ts';
import { NewsletterDesk } from '../shopper/index.ts';
import { toCsv } from '../../csv.ts';
import { EXPORT_MAX_ROWS } from './order-list.ts';

export interface NewsletterRouteDeps {
  db: Db;
  clock: Clock;
}

const SUBSCRIBER_COLUMNS = ['subscriberEmail', 'subscriberSource', 'subscribedAt', 'subscriberAccount'] as const;

export function newsletterRoutes(deps: NewsletterRouteDeps, guards: Guards) {
  const newsletter = new NewsletterDesk(deps.db);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const mailing = staffCalls(route, guards.requirePermission(PERMISSIONS.NEWSLETTER_MANAGE));
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
