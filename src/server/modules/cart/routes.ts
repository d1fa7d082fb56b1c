import { cartApi } from '../../../domain/api/cart.ts';
import { cartListRequestSchema, deleteCartRequestSchema, saveCartRequestSchema } from '../../../domain/cart.schema.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import { notFound } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import type { Guards } from '../../http/auth.ts';
import type { CartService } from './cart.ts';
import { cartOwnerFor, cartOwnerOf, localeOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

export function cartRoutes(cart: CartService, guards: Guards) {
  // A signed-in caller's cart is their account's; a guest's is their visitor id's.
  return contractRoutes({ tags: ['cart'], guard: guards.optionalUser }, (route) => {
    route(cartApi.list, {
      summary: "The caller's cart, priced in the given currency",
      request: cartListRequestSchema,
      handler: async (request) => ok(await cart.list(cartOwnerOf(request), request.body, request.body.currency, localeOf(request))),
    });
    route(cartApi.save, {
      summary: 'Add lines (same configuration merges) or set quantities ({id, quantity}); prices sent are ignored',
      request: saveCartRequestSchema,
      handler: async (request, reply) => ok(await cart.save(cartOwnerFor(request, reply), request.body)),
    });
    route(cartApi.remove, {
      summary: "Delete the caller's lines by id",
      request: deleteCartRequestSchema,
      handler: async (request) => {
        const owner = cartOwnerOf(request);
        if (!owner) throw notFound('cartItem');
        return ok(await cart.deleteByIds(owner, request.body));
      },
    });
    route(cartApi.count, {
      summary: 'Number of items in the cart',
      request: emptyBodySchema,
      handler: async (request) => ok(await cart.itemCount(cartOwnerOf(request))),
    });
  });
}
