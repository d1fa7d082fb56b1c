/** The owner's sales report (docs/back-office.md "Reports") and its CSV, report:sales. */
import type { z } from 'zod';
import type { CsvFile } from '../../back-office/csv.model.ts';
import type { SalesReport } from '../../back-office/sales-report.model.ts';
import type { salesReportExportSchema, salesReportRequestSchema } from '../../back-office/sales-report.schema.ts';
import { post } from '../endpoint.ts';

export const adminSalesReportApi = {
  salesReport: post<z.input<typeof salesReportRequestSchema>, SalesReport>('/admin/reports/sales'),
  /** What the screen shows of it (the time series or one breakdown) as CSV. */
  salesReportExport: post<z.input<typeof salesReportExportSchema>, CsvFile>('/admin/reports/salesExport'),
};
