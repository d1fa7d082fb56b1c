/** The cart: the signed-in user's, else the visitor id's. */
import type { z } from 'zod';
import type { CartPage } from '../cart.model.ts';
import type { cartListRequestSchema, deleteCartRequestSchema, saveCartRequestSchema } from '../cart.schema.ts';
import type { emptyBodySchema } from '../request.schema.ts';
import { post } from './endpoint.ts';

export const cartApi = {
  list: post<z.input<typeof cartListRequestSchema>, CartPage>('/demo/ironCartItem/queryCartItemList'),
  /** New lines (the server prices them) or `{id, quantity}` changes. */
  save: post<z.input<typeof saveCartRequestSchema>, { ids: number[] }>('/demo/ironCartItem/saveCartItemList'),
  remove: post<z.input<typeof deleteCartRequestSchema>, { deleted: number }>('/demo/ironCartItem/deleteByIds'),
  /** The header's item count. */
  count: post<z.input<typeof emptyBodySchema>, number>('/demo/ironCartItem/queryCartSumByUserId'),
};
