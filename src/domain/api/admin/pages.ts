/** The back office's Pages screen (docs/back-office.md "Pages"): page:edit to edit, page:publish to put live. */
import type { z } from 'zod';
import type { PageDetail, PagePublishResult, PageSummary, PageVersion, PageVersionSummary } from '../../back-office/pages.model.ts';
import type { pageRequestSchema, pageSaveRequestSchema, pageVersionRequestSchema, pageVersionsRequestSchema } from '../../back-office/pages.schema.ts';
import type { emptyBodySchema } from '../../request.schema.ts';
import { post } from '../endpoint.ts';

export const adminPagesApi = {
  pageList: post<z.input<typeof emptyBodySchema>, PageSummary[]>('/admin/pages/list'),
  page: post<z.input<typeof pageRequestSchema>, PageDetail>('/admin/pages/get'),
  savePage: post<z.input<typeof pageSaveRequestSchema>, PageDetail>('/admin/pages/save'),
  pageVersions: post<z.input<typeof pageVersionsRequestSchema>, PageVersionSummary[]>('/admin/pages/versions'),
  pageVersion: post<z.input<typeof pageVersionRequestSchema>, PageVersion>('/admin/pages/version'),
  restorePage: post<z.input<typeof pageVersionRequestSchema>, PageDetail>('/admin/pages/restore'),
  publishPage: post<z.input<typeof pageRequestSchema>, PagePublishResult>('/admin/pages/publish'),
};
