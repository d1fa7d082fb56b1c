/** The tax report and its CSV (`report:tax`, docs/taxes.md "What the merchant declares"). */
import { adminTaxReportApi } from '../../../domain/api/admin/tax-report.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { taxReportRequestSchema } from '../../../domain/back-office/tax-report.schema.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import { TaxReportDesk } from './tax-report.ts';

export function taxReportRoutes(deps: { db: Db }, guards: Guards) {
  const desk = new TaxReportDesk(deps.db);
  return backOfficeCalls(guards, [PERMISSIONS.REPORT_TAX], (report) => {
    report(
      adminTaxReportApi.taxReport,
      'Invoices and credit notes issued in a month, a quarter or custom UTC days, per registration, jurisdiction, tax, class, rate and currency; in the order currency and in EUR at each document’s locked rate',
      taxReportRequestSchema,
      ({ body }) => desk.report(body.period),
    );
    report(adminTaxReportApi.taxReportExport, 'The tax report as CSV (RFC 4180, UTF-8 with BOM; formula-like fields neutralised)', taxReportRequestSchema, ({ body, locale }) =>
      desk.export(body.period, locale),
    );
  });
}
