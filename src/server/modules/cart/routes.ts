import { cartApi } from '../../../domain/api/cart.ts';
import { rosterApi } from '../../../domain/api/rosters.ts';
import { rosterCartGroupRequestSchema, rosterQuoteRequestSchema, rosterToCartRequestSchema } from '../../../domain/roster.schema.ts';
import { cartListRequestSchema, deleteCartRequestSchema, saveCartRequestSchema } from '../../../domain/cart.schema.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import { notFound } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import type { Guards } from '../../http/auth.ts';
import type { CartService } from './cart.ts';
import type { CartRosters } from './rosters.ts';
import { cartOwnerFor, cartOwnerOf, localeOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

export function cartRoutes(cart: CartService, rosters: CartRosters, guards: Guards) {
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
    route(rosterApi.quote, {
      tags: ['rosters'],
      summary: "Check a team roster by the configurator's rules and the whole roster's stock, and price it (tiers on its total quantity): all rows or a refusal naming them",
      request: rosterQuoteRequestSchema,
      handler: async (request) => ok(await rosters.quote(request.body.roster, request.body.currency, localeOf(request))),
    });
    route(rosterApi.addToCart, {
      tags: ['rosters'],
      summary: 'Add a team roster to the cart as one group (a line per row); with groupId, replace that group whole',
      request: rosterToCartRequestSchema,
      handler: async (request, reply) => ok(await rosters.addToCart(cartOwnerFor(request, reply), request.body.roster, request.body.groupId)),
    });
    route(rosterApi.cartGroup, {
      tags: ['rosters'],
      summary: "A group of the caller's cart as a roster, to reopen it in the editor",
      request: rosterCartGroupRequestSchema,
      handler: async (request) => {
        const owner = cartOwnerOf(request);
        if (!owner) throw notFound('rosterGroup');
        return ok(await rosters.cartGroup(owner, request.body.groupId));
      },
    });
    route(cartApi.count, {
      summary: 'Number of items in the cart',
      request: emptyBodySchema,
      handler: async (request) => ok(await cart.itemCount(cartOwnerOf(request))),
    });
  });
}
