/**
 * The back office (docs/back-office.md): staff only, each call behind the permission code the
 * server checks and the OpenAPI document names.
 */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { AdminNote, AdminOrderDetail, AdminOrderRow, AuditRow, BulkMoveAnswer, BulkMovePreview, Dashboard, LoginOptions, OrderExport, ProductionSheet, StaffMember } from '../../back-office/admin.model.ts';
import type {
  adminBulkMoveRequestSchema,
  adminNoteRequestSchema,
  adminOrderExportRequestSchema,
  adminOrderListRequestSchema,
  adminOrderRequestSchema,
  adminRefundRequestSchema,
  auditListRequestSchema,
  productionSheetRequestSchema,
  staffListRequestSchema,
  staffRoleRequestSchema,
  staffStatusRequestSchema,
} from '../../back-office/admin.schema.ts';
import type { OrderDetail, TrackingAnswer } from '../../orders.model.ts';
import type { adminMoveRequestSchema, adminShipmentEventRequestSchema, orderAccessRequestSchema } from '../../orders.schema.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const adminApi = {
  ping: get<NoRequest, { pong: true; roles: string[] }>('/admin/ping'),
  /** Open to everyone: the login page's demo quick picks (none in production). */
  loginOptions: get<NoRequest, LoginOptions>('/admin/loginOptions'),
  dashboard: get<NoRequest, Dashboard>('/admin/dashboard'),
  orderList: post<z.input<typeof adminOrderListRequestSchema>, Page<AdminOrderRow>>('/admin/orders/list'),
  orderExport: post<z.input<typeof adminOrderExportRequestSchema>, OrderExport>('/admin/orders/export'),
  order: post<z.input<typeof adminOrderRequestSchema>, AdminOrderDetail>('/admin/orders/get'),
  orderDetail: post<z.input<typeof orderAccessRequestSchema>, OrderDetail>('/admin/orders/getOrderDetail'),
  moveOrder: post<z.input<typeof adminMoveRequestSchema>, OrderDetail>('/admin/orders/move'),
  bulkMove: post<z.input<typeof adminBulkMoveRequestSchema>, BulkMoveAnswer>('/admin/orders/bulkMove'),
  /** What bulkMove would do now, changing nothing: the orders it would move and mail, and why the others would not. */
  bulkMovePreview: post<z.input<typeof adminBulkMoveRequestSchema>, BulkMovePreview>('/admin/orders/bulkMovePreview'),
  refund: post<z.input<typeof adminRefundRequestSchema>, AdminOrderDetail>('/admin/orders/refund'),
  addNote: post<z.input<typeof adminNoteRequestSchema>, AdminNote>('/admin/orders/note'),
  shipmentEvent: post<z.input<typeof adminShipmentEventRequestSchema>, TrackingAnswer>('/admin/orders/shipmentEvent'),
  productionSheet: post<z.input<typeof productionSheetRequestSchema>, ProductionSheet>('/admin/orders/productionSheet'),
  auditList: post<z.input<typeof auditListRequestSchema>, Page<AuditRow>>('/admin/audit/list'),
  staffList: post<z.input<typeof staffListRequestSchema>, Page<StaffMember>>('/admin/staff/list'),
  grantRole: post<z.input<typeof staffRoleRequestSchema>, StaffMember>('/admin/staff/grant'),
  revokeRole: post<z.input<typeof staffRoleRequestSchema>, StaffMember>('/admin/staff/revoke'),
  setStaffStatus: post<z.input<typeof staffStatusRequestSchema>, StaffMember>('/admin/staff/setStatus'),
};
