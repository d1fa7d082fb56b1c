/** The back office's order reads (dashboard, list, export, detail, production sheet) and notes, each behind its permission code. */
import { splitPage } from '../../db/paging.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { adminNoteRequestSchema, adminOrderExportRequestSchema, adminOrderListRequestSchema, adminOrderRequestSchema, orderViewDeleteRequestSchema, orderViewRenameRequestSchema, orderViewSaveRequestSchema } from '../../../domain/back-office/orders.schema.ts';
import { productionSheetRequestSchema } from '../../../domain/back-office/production-sheet.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCallsFor } from '../../http/define-route.ts';
import type { OrderService } from '../orders/index.ts';
import { dashboard } from './dashboard.ts';
import { OrderDetailDesk } from './order-detail-desk.ts';
import { OrderTable } from './order-list.ts';
import { OrderViewStore } from './order-views.ts';
import { productionSheet } from './production-sheet.ts';
import { shippingDocsPdf, type Sender } from './shipping-docs.ts';
import { adminShipmentsApi } from '../../../domain/api/admin/shipments.ts';
import { shippingDocsRequestSchema } from '../../../domain/shipments.schema.ts';

export interface BackOfficeDeps {
  db: Db;
  orders: OrderService;
  clock: Clock;
  /** Who parcels are from, for the packing slips and labels (the seller's name and address). */
  sender: () => Promise<Sender>;
}

export function backOfficeRoutes(deps: BackOfficeDeps, guards: Guards) {
  const { db, clock } = deps;
  const table = new OrderTable(db);
  const folder = new OrderDetailDesk(db, deps.orders);
  const views = new OrderViewStore(db);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const [watch, view, exportList, note, sheet] = staffCallsFor(route, guards, [PERMISSIONS.DASHBOARD_VIEW, PERMISSIONS.ORDER_VIEW, PERMISSIONS.ORDER_EXPORT, PERMISSIONS.ORDER_NOTE, PERMISSIONS.ORDER_SHEET]);
    watch(adminOrdersApi.dashboard, 'Revenue today, 7 and 30 days (EUR and per currency), orders per status, 30 days day by day, top products, low stock, latest orders', undefined, ({ locale }) => dashboard(db, table, locale, clock()));
    view(adminOrdersApi.orderList, 'Orders a page at a time: filters (status, days, currency, country, personalised, payment), search by number, email or name, sorting', adminOrderListRequestSchema, ({ body }) => table.list(...splitPage(body)));
    exportList(adminOrdersApi.orderExport, "The list's filter as CSV (RFC 4180, UTF-8 with BOM; formula-like fields neutralised)", adminOrderExportRequestSchema, ({ body, locale }) => table.export(body, locale, clock()));
    // Saved views are the caller's own settings, not the shop's data: no audit row.
    view(adminOrdersApi.orderViews, "The caller's saved views of the orders table (name, filters and sort), by name", undefined, ({ actor }) => views.list(actor.id));
    view(adminOrdersApi.saveOrderView, "Save the filters and sort under a name (1-60 characters, new among the caller's views, at most 30 views)", orderViewSaveRequestSchema, ({ actor, body }) => views.save(actor.id, body.name, body.view));
    view(adminOrdersApi.renameOrderView, "Rename one of the caller's saved views", orderViewRenameRequestSchema, ({ actor, body }) => views.rename(actor.id, body.id, body.name));
    view(adminOrdersApi.deleteOrderView, "Delete one of the caller's saved views", orderViewDeleteRequestSchema, ({ actor, body }) => views.remove(actor.id, body.id));
    view(adminOrdersApi.order, 'An order with everything staff see: lines, customer, payments, refunds, refundable amount, timeline, notes, the moves the caller may make', adminOrderRequestSchema, ({ body, locale, staff }) => folder.detail(body.orderNo, locale, staff));
    note(adminOrdersApi.addNote, 'An internal note on an order (never shown to the shopper); audited', adminNoteRequestSchema, ({ actor, body }) => folder.addNote(actor, body.orderNo, body.text));
    sheet(adminOrdersApi.productionSheet, 'The production sheet of one order or a batch: per shirt team, size, print and patches, and the packing list', productionSheetRequestSchema, ({ body, locale }) => productionSheet(db, body.orderNos, locale, clock()));
    route(adminShipmentsApi.shippingDocs, {
      summary: 'Packing slips (A4, no amounts) or address labels (4 x 6 in) of the orders named, one PDF, each order in its language with every line\'s print. Answers application/pdf, not the envelope',
      // The packing bench's paper, like the production sheet.
      preValidation: guards.requirePermission(PERMISSIONS.ORDER_SHEET),
      request: shippingDocsRequestSchema,
      handler: async (request, reply) => {
        const { kind, orders: orderNos } = request.query;
        const pdf = await shippingDocsPdf(db, deps.orders, kind, orderNos, await deps.sender(), clock());
        const name = orderNos.length === 1 ? `${kind}-${orderNos[0]}.pdf` : `${kind}s-${orderNos.length}.pdf`;
        return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(pdf);
      },
    });
  });
}
