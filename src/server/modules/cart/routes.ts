import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartListRequestSchema, deleteCartRequestSchema, saveCartRequestSchema } from '../../../domain/cart.ts';
import { notFound } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import type { Guards } from '../../http/auth.ts';
import type { CartService } from './cart.ts';
import { cartOwnerFor, cartOwnerOf, localeOf } from '../../http/context.ts';

export function cartRoutes(cart: CartService, guards: Guards) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['cart'];
    // A signed-in caller's cart is their account's; a guest's is their visitor id's.
    app.addHook('preValidation', guards.optionalUser);

    r.post('/demo/ironCartItem/queryCartItemList', { schema: { tags, summary: "The caller's cart, priced in the given currency", body: cartListRequestSchema } }, async (request) =>
      ok(await cart.list(cartOwnerOf(request), request.body, request.body.currency, localeOf(request))),
    );
    r.post(
      '/demo/ironCartItem/saveCartItemList',
      {
        schema: {
          tags,
          summary: 'Add lines (same configuration merges) or set quantities ({id, quantity}); prices sent are ignored',
          body: saveCartRequestSchema,
        },
      },
      async (request, reply) => ok(await cart.save(cartOwnerFor(request, reply), request.body)),
    );
    r.post('/demo/ironCartItem/deleteByIds', { schema: { tags, summary: "Delete the caller's lines by id", body: deleteCartRequestSchema } }, async (request) => {
      const owner = cartOwnerOf(request);
      if (!owner) throw notFound('cartItem');
      return ok(await cart.deleteByIds(owner, request.body));
    });
    r.post('/demo/ironCartItem/queryCartSumByUserId', { schema: { tags, summary: 'Number of items in the cart', body: z.strictObject({}).optional() } }, async (request) =>
      ok(await cart.itemCount(cartOwnerOf(request))),
    );
  };
}
