/**
 * The back office's orders (docs/back-office.md "The order screens"): the dashboard's figures, the
 * table and its CSV export,
 * an order's detail, moves, refunds, notes and shipment events, the production sheet. Staff only,
 * each call behind the permission code the server checks and the OpenAPI document names.
 */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { AdminNote, AdminOrderDetail, AdminOrderRow, BulkMoveAnswer, BulkMovePreview } from '../../back-office/orders.model.ts';
import type { Dashboard } from '../../back-office/dashboard.model.ts';
import type { CsvFile } from '../../back-office/csv.model.ts';
import type { ProductionSheet } from '../../back-office/production-sheet.model.ts';
import type { adminBulkMoveRequestSchema, adminNoteRequestSchema, adminOrderExportRequestSchema, adminOrderListRequestSchema, adminOrderRequestSchema, adminRefundRequestSchema, orderViewDeleteRequestSchema, orderViewRenameRequestSchema, orderViewSaveRequestSchema, SavedOrderView } from '../../back-office/orders.schema.ts';
import type { productionSheetRequestSchema } from '../../back-office/production-sheet.schema.ts';
import type { OrderDetail, TrackingAnswer } from '../../orders.model.ts';
import type { adminMoveRequestSchema, adminShipmentEventRequestSchema, orderAccessRequestSchema } from '../../orders.schema.ts';
import { get, post, type NoRequest, type PdfDownload } from '../endpoint.ts';

export const adminOrdersApi = {
  /** The dashboard's revenue cards and chart; its other cards' calls are mail.ts, site.ts and vitals' summary. */
  dashboard: get<NoRequest, Dashboard>('/admin/dashboard'),
  orderList: post<z.input<typeof adminOrderListRequestSchema>, Page<AdminOrderRow>>('/admin/orders/list'),
  orderExport: post<z.input<typeof adminOrderExportRequestSchema>, CsvFile>('/admin/orders/export'),
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
  /** Any order's invoice or credit note PDF (order:view); build its address with documentPath (api/orders.ts). */
  document: get<NoRequest, PdfDownload>('/admin/orders/:orderNo/documents/:number.pdf'),
  /** The caller's saved views of the orders table (filters and sort under a name), by name; nobody else's. */
  orderViews: post<NoRequest, SavedOrderView[]>('/admin/orders/views/list'),
  saveOrderView: post<z.input<typeof orderViewSaveRequestSchema>, SavedOrderView>('/admin/orders/views/save'),
  renameOrderView: post<z.input<typeof orderViewRenameRequestSchema>, SavedOrderView>('/admin/orders/views/rename'),
  deleteOrderView: post<z.input<typeof orderViewDeleteRequestSchema>, { deleted: number }>('/admin/orders/views/delete'),
};
