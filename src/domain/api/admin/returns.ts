/** The back office's Returns screen (docs/back-office.md "Returns and claims"): return:manage; a refund also takes order:refund. */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { NoRequest } from '../endpoint.ts';
import type { AdminReturnDetail, AdminReturnRow, ReturnCounts } from '../../returns.model.ts';
import type {
  adminReturnApproveRequestSchema,
  adminReturnDeclineRequestSchema,
  adminReturnListRequestSchema,
  adminReturnReceiveRequestSchema,
  adminReturnRequestSchema,
  adminReturnResolveRequestSchema,
} from '../../returns.schema.ts';
import { get, post } from '../endpoint.ts';
import type { WebpPhoto } from '../returns.ts';

export const adminReturnsApi = {
  /** A page of one state's requests (or all), with every state's count for the tabs. */
  list: post<z.input<typeof adminReturnListRequestSchema>, Page<AdminReturnRow> & ReturnCounts>('/admin/returns/list'),
  detail: post<z.input<typeof adminReturnRequestSchema>, AdminReturnDetail>('/admin/returns/get'),
  approve: post<z.input<typeof adminReturnApproveRequestSchema>, AdminReturnDetail>('/admin/returns/approve'),
  decline: post<z.input<typeof adminReturnDeclineRequestSchema>, AdminReturnDetail>('/admin/returns/decline'),
  receive: post<z.input<typeof adminReturnReceiveRequestSchema>, AdminReturnDetail>('/admin/returns/receive'),
  resolve: post<z.input<typeof adminReturnResolveRequestSchema>, AdminReturnDetail>('/admin/returns/resolve'),
  photo: get<NoRequest, WebpPhoto>('/admin/returns/:returnNo/photos/:photo'),
};
