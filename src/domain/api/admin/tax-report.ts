/** What the merchant declares (docs/taxes.md "What the merchant declares"): the tax report and its CSV, report:tax. */
import type { z } from 'zod';
import type { CsvFile } from '../../back-office/csv.model.ts';
import type { TaxReport } from '../../back-office/tax-report.model.ts';
import type { taxReportRequestSchema } from '../../back-office/tax-report.schema.ts';
import { post } from '../endpoint.ts';

export const adminTaxReportApi = {
  taxReport: post<z.input<typeof taxReportRequestSchema>, TaxReport>('/admin/taxes/report'),
  /** The same figures as CSV, one row per report row, in the columns docs/taxes.md lists. */
  taxReportExport: post<z.input<typeof taxReportRequestSchema>, CsvFile>('/admin/taxes/reportExport'),
};
