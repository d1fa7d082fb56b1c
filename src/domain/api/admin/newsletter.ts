/** The newsletter's subscribers (docs/back-office.md "Teams, navigation, customers, reviews and the newsletter"): newsletter:manage. */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { CsvFile } from '../../back-office/csv.model.ts';
import type { AdminSubscriber } from '../../back-office/newsletter.model.ts';
import type { subscriberExportRequestSchema, subscriberListRequestSchema, unsubscribeRequestSchema } from '../../back-office/newsletter.schema.ts';
import { post } from '../endpoint.ts';

export const adminNewsletterApi = {
  subscriberList: post<z.input<typeof subscriberListRequestSchema>, Page<AdminSubscriber>>('/admin/newsletter/list'),
  subscriberExport: post<z.input<typeof subscriberExportRequestSchema>, CsvFile>('/admin/newsletter/export'),
  unsubscribe: post<z.input<typeof unsubscribeRequestSchema>, { removed: number }>('/admin/newsletter/unsubscribe'),
};
