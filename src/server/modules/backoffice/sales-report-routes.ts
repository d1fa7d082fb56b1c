/** The sales report and its CSV (`report:sales`, docs/back-office.md "Reports"). */
import { adminSalesReportApi } from '../../../domain/api/admin/sales-report.ts';
import { salesReportExportSchema, salesReportRequestSchema } from '../../../domain/back-office/sales-report.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import { SalesReportDesk } from './sales-report.ts';

export function salesReportRoutes(deps: { db: Db }, guards: Guards) {
  const desk = new SalesReportDesk(deps.db);
  return backOfficeCalls(guards, [PERMISSIONS.REPORT_SALES], (report) => {
    report(
      adminSalesReportApi.salesReport,
      'Paid orders of UTC days [from, to] (by the day paid) and completed refunds (by the day made), in EUR at each order’s locked rates: totals, the previous period’s, a day/week/month series, and breakdowns by product, team, sport, country, currency, coupon and personalised',
      salesReportRequestSchema,
      ({ body, locale }) => desk.report(body, locale),
    );
    report(adminSalesReportApi.salesReportExport, 'The series or one breakdown of the sales report as CSV (RFC 4180, UTF-8 with BOM; formula-like fields neutralised)', salesReportExportSchema, ({ body, locale }) =>
      desk.export(body, locale),
    );
  });
}
