/**
 * The returns calls: the order page's (the order's owner by session, or a guest with the order's
 * token; others get "not found") and the Returns screen's (return:manage; a refund also takes
 * order:refund, checked by the desk). Photos are answered as the stored WebP with
 * `X-Content-Type-Options: nosniff`, never as another type, and never cached by a shared cache.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminReturnsApi } from '../../../domain/api/admin/returns.ts';
import { returnsApi } from '../../../domain/api/returns.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { orderAccessRequestSchema } from '../../../domain/orders.schema.ts';
import { RETURN_PHOTO_MAX_BYTES } from '../../../domain/returns.model.ts';
import {
  adminReturnApproveRequestSchema,
  adminReturnDeclineRequestSchema,
  adminReturnListRequestSchema,
  adminReturnPhotoParamsSchema,
  adminReturnReceiveRequestSchema,
  adminReturnRequestSchema,
  adminReturnResolveRequestSchema,
  returnCreateRequestSchema,
  returnPhotoParamsSchema,
  returnPhotoQuerySchema,
  returnPhotoRequestSchema,
} from '../../../domain/returns.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { notFound } from '../../errors.ts';
import { buyerOrderCalls, orderAccessOf } from '../orders/index.ts';
import type { ReturnDesk } from './return-desk.ts';
import type { ReturnService } from './returns.ts';

/** A photo's base64 and the JSON around it. */
const PHOTO_BODY_LIMIT = Math.ceil((RETURN_PHOTO_MAX_BYTES * 4) / 3) + 16 * 1024;

function sendPhoto(reply: FastifyReply, bytes: Uint8Array) {
  return reply
    .header('content-type', 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

const photoIdOf = (photo: string) => Number(photo.slice(0, -'.webp'.length));

export function returnRoutes({ service, desk }: { service: ReturnService; desk: ReturnDesk }, guards: Guards) {
  return contractRoutes({ tags: ['returns'] }, (route) => {
    const buyer = buyerOrderCalls(route, guards);
    buyer(returnsApi.list, "An order's returns and claims, and what may be asked now: the owner's order (session) or a guest's with its token", orderAccessRequestSchema, ({ orderNo, access, locale }) => service.forOrder(orderNo, access, locale));
    buyer(returnsApi.create, 'Asks to return unprinted lines within the return window, or reports a defect or misprint on lines of a paid order; the buyer is mailed', returnCreateRequestSchema, ({ orderNo, access, locale, body }) => service.create(orderNo, access, body, locale));
    buyer(returnsApi.addPhoto, 'Adds a photo (base64 of a JPEG, PNG or WebP, at most 5 MB, its type read from its bytes) to a claim waiting for a decision; re-encoded as WebP without its metadata', returnPhotoRequestSchema, ({ orderNo, access, locale, body }) => service.addPhoto(orderNo, access, body.returnNo, body.data, locale), { bodyLimit: PHOTO_BODY_LIMIT });
    route(returnsApi.photo, {
      summary: "A claim's photo for the order's owner (session) or a guest with ?token=; answers image/webp (nosniff), not the envelope",
      preValidation: guards.optionalUser,
      request: returnPhotoQuerySchema,
      handler: async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply) => {
        const parsed = returnPhotoParamsSchema.safeParse(request.params);
        if (!parsed.success) throw notFound('photo');
        const { orderNo, returnNo, photo } = parsed.data;
        return sendPhoto(reply, await service.photo(orderNo, orderAccessOf(request, request.query.token), returnNo, photoIdOf(photo)));
      },
    });
    route(adminReturnsApi.photo, {
      tags: ['admin'],
      summary: "A claim's photo for the back office (return:manage); answers image/webp (nosniff), not the envelope",
      preValidation: guards.requirePermission(PERMISSIONS.RETURN_MANAGE),
      handler: async (request, reply) => {
        const parsed = adminReturnPhotoParamsSchema.safeParse(request.params);
        if (!parsed.success) throw notFound('photo');
        return sendPhoto(reply, await desk.photo(parsed.data.returnNo, photoIdOf(parsed.data.photo)));
      },
    });

    const manage = staffCalls(route, guards.requirePermission(PERMISSIONS.RETURN_MANAGE));
    manage(adminReturnsApi.list, 'Returns and claims, newest first, by state and searched by return or order number, with each state\'s count', adminReturnListRequestSchema, ({ body }) => desk.list(body));
    manage(adminReturnsApi.detail, 'One request: its lines, photos, order and history', adminReturnRequestSchema, ({ body, locale }) => desk.detail(body.returnNo, locale));
    manage(adminReturnsApi.approve, 'Approves a request with the return instructions, mailed to the buyer; audited', adminReturnApproveRequestSchema, (ask) =>
      desk.approve(ask.body.returnNo, ask.body.instructions, ask.staff, ask.locale),
    );
    manage(adminReturnsApi.decline, 'Declines a request with a reason, mailed to the buyer; audited', adminReturnDeclineRequestSchema, (ask) => desk.decline(ask.body.returnNo, ask.body.reason, ask.staff, ask.locale));
    manage(adminReturnsApi.receive, 'Marks the goods received, restocking the lines asked (never a printed one); audited', adminReturnReceiveRequestSchema, (ask) =>
      desk.receive(ask.body.returnNo, ask.body.restock, ask.staff, ask.locale),
    );
    manage(adminReturnsApi.resolve, 'Resolves by a refund of the lines (also order:refund; the credit note follows) or by a free replacement order that goes to production; audited', adminReturnResolveRequestSchema, (ask) =>
      desk.resolve(ask.body.returnNo, ask.body.by, ask.body.note, ask.staff, ask.locale),
    );
  });
}
