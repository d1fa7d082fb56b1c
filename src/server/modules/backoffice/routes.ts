/** The back office's order reads (dashboard, list, export, detail, production sheet) and notes, each behind its permission code. */
import { splitPage } from '../../db/paging.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { adminNoteRequestSchema, adminOrderExportRequestSchema, adminOrderListRequestSchema, adminOrderRequestSchema, orderViewDeleteRequestSchema, orderViewRenameRequestSchema, orderViewSaveRequestSchema } from '../../../domain/back-office/orders.schema.ts';
import { productionSheetRequestSchema } from '../../../domain/back-office/production-sheet.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { actorOf, localeOf, userOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
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
  const may = guards.requirePermission;
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminOrdersApi.dashboard, {
      summary: 'Revenue today, 7 and 30 days (EUR and per currency), orders per status, 30 days day by day, top products, low stock, latest orders',
      preValidation: may(PERMISSIONS.DASHBOARD_VIEW),
      handler: async (request) => ok(await dashboard(db, table, localeOf(request), clock())),
    });
    route(adminOrdersApi.orderList, {
      summary: 'Orders a page at a time: filters (status, days, currency, country, personalised, payment), search by number, email or name, sorting',
      preValidation: may(PERMISSIONS.ORDER_VIEW),
      request: adminOrderListRequestSchema,
      handler: async (request) => ok(await table.list(...splitPage(request.body))),
    });
    route(adminOrdersApi.orderExport, {
      summary: "The list's filter as CSV (RFC 4180, UTF-8 with BOM; formula-like fields neutralised)",
      preValidation: may(PERMISSIONS.ORDER_EXPORT),
      request: adminOrderExportRequestSchema,
      handler: async (request) => ok(await table.export(request.body, localeOf(request), clock())),
    });
    // Saved views are the caller's own settings, not the shop's data: no audit row.
    route(adminOrdersApi.orderViews, {
      summary: "The caller's saved views of the orders table (name, filters and sort), by name",
      preValidation: may(PERMISSIONS.ORDER_VIEW),
      handler: async (request) => ok(await views.list(userOf(request).userId)),
    });
    route(adminOrdersApi.saveOrderView, {
      summary: 'Save the filters and sort under a name (1-60 characters, new among the caller\'s views, at most 30 views)',
      preValidation: may(PERMISSIONS.ORDER_VIEW),
      request: orderViewSaveRequestSchema,
      handler: async (request) => ok(await views.save(userOf(request).userId, request.body.name, request.body.view)),
    });
    route(adminOrdersApi.renameOrderView, {
      summary: "Rename one of the caller's saved views",
      preValidation: may(PERMISSIONS.ORDER_VIEW),
      request: orderViewRenameRequestSchema,
      handler: async (request) => ok(await views.rename(userOf(request).userId, request.body.id, request.body.name)),
    });
    route(adminOrdersApi.deleteOrderView, {
      summary: "Delete one of the caller's saved views",
      preValidation: may(PERMISSIONS.ORDER_VIEW),
      request: orderViewDeleteRequestSchema,
      handler: async (request) => ok(await views.remove(userOf(request).userId, request.body.id)),
    });
    route(adminOrdersApi.order, {
      summary: 'An order with everything staff see: lines, customer, payments, refunds, refundable amount, timeline, notes, the moves the caller may make',
      preValidation: may(PERMISSIONS.ORDER_VIEW),
      request: adminOrderRequestSchema,
      handler: async (request) => ok(await folder.detail(request.body.orderNo, localeOf(request), userOf(request))),
    });
    route(adminOrdersApi.addNote, {
      summary: 'An internal note on an order (never shown to the shopper); audited',
      preValidation: may(PERMISSIONS.ORDER_NOTE),
      request: adminNoteRequestSchema,
      handler: async (request) => ok(await folder.addNote(actorOf(request), request.body.orderNo, request.body.text)),
    });
    route(adminOrdersApi.productionSheet, {
      summary: 'The production sheet of one order or a batch: per shirt team, size, print and patches, and the packing list',
      preValidation: may(PERMISSIONS.ORDER_SHEET),
      request: productionSheetRequestSchema,
      handler: async (request) => ok(await productionSheet(db, request.body.orderNos, localeOf(request), clock())),
    });
    route(adminShipmentsApi.shippingDocs, {
      summary: 'Packing slips (A4, no amounts) or address labels (4 x 6 in) of the orders named, one PDF, each order in its language with every line\'s print. Answers application/pdf, not the envelope',
      // The packing bench's paper, like the production sheet.
      preValidation: may(PERMISSIONS.ORDER_SHEET),
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
