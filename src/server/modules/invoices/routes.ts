/**
 * The documents' downloads (docs/api.md "Downloads"): the buyer's (the signed-in owner of the
 * order, or a guest with the order's token) and staff's (order:view). The answer is the PDF
 * itself; a refusal is the envelope, and someone else's order, a wrong token or an unknown number
 * is "not found", as the order pages answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { ordersApi } from '../../../domain/api/orders.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { documentDownloadParamsSchema, documentDownloadQuerySchema } from '../../../domain/orders.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { notFound } from '../../errors.ts';
import { orderAccessOf, type OrderRow, type OrderService } from '../orders/index.ts';
import { PDF_TYPE, type TaxDocuments } from './documents.ts';

export interface DocumentRouteDeps {
  documents: TaxDocuments;
  orders: OrderService;
}

/** The path's order number and document number, or "not found" (an address that names no document names none). */
function pathOf(request: FastifyRequest): { orderNo: string; number: string } {
  const parsed = documentDownloadParamsSchema.safeParse(request.params);
  if (!parsed.success) throw notFound('document');
  return parsed.data;
}

export function documentRoutes({ documents, orders }: DocumentRouteDeps, guards: Guards) {
  const send = async (order: OrderRow, number: string, reply: FastifyReply) => {
    const document = await documents.byNumber(order.id, number);
    if (!document) throw notFound('document');
    const pdf = await documents.pdf(document);
    return reply
      .header('content-type', PDF_TYPE)
      .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

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
        return send(order, number, reply);
      },
    });
  });
}
