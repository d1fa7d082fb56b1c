/**
 * The documents' downloads (docs/api.md "Downloads"): the buyer's (the signed-in owner of the
 * order, or a guest with the order's token) and staff's (order:view). The answer is the PDF
 * itself; a refusal is the envelope, and someone else's order, a wrong token or an unknown number
 * is "not found", as the order pages answer. A staff download is an audit row (who, which document
 * of which order), as every staff action; the buyer's are not recorded.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { ordersApi } from '../../../domain/api/orders.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { documentDownloadParamsSchema, documentDownloadQuerySchema } from '../../../domain/orders.schema.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { actorOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { notFound } from '../../errors.ts';
import type { AuditLog } from '../audit/index.ts';
import { orderAccessOf, type OrderRow, type OrderService } from '../orders/index.ts';
import { PDF_TYPE, type TaxDocumentRow, type TaxDocuments } from './documents.ts';

/** The audit action of a staff download of an invoice or a credit note. */
export const DOCUMENT_DOWNLOAD_ACTION = 'order.documentDownload';

export interface DocumentRouteDeps {
  db: Db;
  documents: TaxDocuments;
  orders: OrderService;
  audit: AuditLog;
}

/** The path's order number and document number, or "not found" (an address that names no document names none). */
function pathOf(request: FastifyRequest): { orderNo: string; number: string } {
  const parsed = documentDownloadParamsSchema.safeParse(request.params);
  if (!parsed.success) throw notFound('document');
  return parsed.data;
}

export function documentRoutes({ db, documents, orders, audit }: DocumentRouteDeps, guards: Guards) {
  /** The order's document of that number and its PDF, or "not found"; `staff` is recorded before the bytes go out. */
  const send = async (order: OrderRow, number: string, reply: FastifyReply, staff?: FastifyRequest) => {
    const document = await documents.byNumber(order.id, number);
    if (!document) throw notFound('document');
    const pdf = await documents.pdf(document);
    if (staff) await recordDownload(staff, order, document);
    return reply
      .header('content-type', PDF_TYPE)
      .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };
  const recordDownload = (request: FastifyRequest, order: OrderRow, document: TaxDocumentRow) =>
    db.transaction((tx) =>
      audit.record(tx, {
        actor: actorOf(request),
        action: DOCUMENT_DOWNLOAD_ACTION,
        entity: 'order',
        entityId: order.orderNo,
        before: null,
        after: { document: document.number, kind: document.kind },
      }),
    );

  return contractRoutes({ tags: ['orders'] }, (route) => {
    route(ordersApi.document, {
      summary: "An invoice's or credit note's PDF: the owner's order (session) or a guest's with ?token=; others get not found. Answers application/pdf, not the envelope",
      preValidation: guards.optionalUser,
      request: documentDownloadQuerySchema,
      handler: async (request, reply) => {
        const { orderNo, number } = pathOf(request);
        const order = await orders.findForAccess(orderNo, orderAccessOf(request, request.query.token));
        return send(order, number, reply);
      },
    });
    route(adminOrdersApi.document, {
      tags: ['admin'],
      summary: "Any order's invoice or credit note PDF, for the back office. Answers application/pdf, not the envelope",
      preValidation: guards.requirePermission(PERMISSIONS.ORDER_VIEW),
      handler: async (request, reply) => {
        const { orderNo, number } = pathOf(request);
        const order = await documents.orderByNumber(orderNo);
        if (!order) throw notFound('order');
        return send(order, number, reply, request);
      },
    });
  });
}
