/**
 * A guest's order, placed and paid through the shop's API and the PayPal simulator as the
 * checkout page and the simulator's dialog would (the checkout journeys drive those pages
 * themselves): for journeys that start from a paid order, like the back office's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { PlacedOrder } from '../../../src/domain/checkout.model.ts';
import type { OrderDetail } from '../../../src/domain/orders.model.ts';
import type { RosterInput } from '../../../src/domain/roster.model.ts';
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET } from '../../../src/server/config.ts';
import { SIM_PREFIX } from '../../../src/server/modules/payments/simulator-protocol.ts';
import { apiData } from '../../support/api.ts';

/** A cart line as the cart call takes it. */
export interface GuestLine {
  productId: number;
  size: string;
  customType: number;
  customName?: string;
  customNumber?: string;
  quantity: number;
}

export interface PaidGuestOrder {
  orderNo: string;
  accessToken: string;
  email: string;
  paypalOrderId: string;
  detail: OrderDetail;
}

/** The product size with the most stock (journeys in parallel buy from the same seeded stock). */
async function bestSize(request: APIRequestContext, productId: number): Promise<string> {
  const product = await apiData<{ sizes: { size: string; stock: number }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: productId });
  return [...product.sizes].sort((a, b) => b.stock - a.stock)[0]!.size;
}

/**
 * A guest buys a shirt printed SMITH 7 and a plain one, in EUR, shipped to the UK, in `locale`
 * (the order's language, so its mails are in it), and pays with PayPal. `email` gives several
 * orders one buyer (a journey finds its own orders by it); by default each guest is new.
 */
export async function paidGuestOrder(
  request: APIRequestContext,
  locale: string,
  /** `roster`: a team roster (the roster call's body) bought instead of `lines`, as one group of lines. */
  options: { email?: string; visitor?: string; lines?: readonly GuestLine[]; roster?: Record<string, unknown> } = {},
): Promise<PaidGuestOrder> {
  const visitor = options.visitor ?? randomBytes(16).toString('hex');
  const email = options.email ?? `guest-${visitor.slice(0, 12)}@example.com`;
  const headers = { 'x-visitor-id': visitor, 'accept-language': locale };
  const { ids } = options.roster
    ? await apiData<{ ids: number[] }>(request, '/roster/addToCart', { roster: options.roster }, headers)
    : await apiData<{ ids: number[] }>(
        request,
        '/demo/ironCartItem/saveCartItemList',
        options.lines ?? [
          { productId: 1, size: await bestSize(request, 1), customType: 3, customName: 'SMITH', customNumber: '7', quantity: 1 },
          { productId: 5, size: await bestSize(request, 5), customType: 1, quantity: 1 },
        ],
        headers,
      );
  return placeAndPay(request, ids, email, headers);
}

/** Places an order of the caller's cart lines `ids` (`headers`: whose cart, in which language) and pays it through the simulator. */
async function placeAndPay(request: APIRequestContext, ids: readonly number[], email: string, headers: Record<string, string>): Promise<PaidGuestOrder> {
  const placed = await apiData<PlacedOrder>(
    request,
    '/demo/checkout/placeOrder',
    {
      source: { type: 'cart', cartItemIds: ids },
      currency: 'EUR',
      email,
      address: { firstName: 'Robin', lastName: 'Keeper', address: '12 Baker Street', country: 'GB', province: 'London', postalCode: 'NW1 6XE', phoneCode: '+44', city: 'London', phone: '2079460000' },
      shippingMethod: 'standard',
      acceptPersonalisedTerms: true,
    },
    { ...headers, 'idempotency-key': randomUUID() },
  );
  const { id: paypalOrderId } = await apiData<{ id: string }>(request, '/demo/paypal/createOrder', { orderNo: placed.orderNo, token: placed.accessToken }, headers);
  // The buyer approves in "the PayPal window" (the simulator's dialog calls this).
  expect((await request.post(`${SIM_PREFIX}/checkout/${paypalOrderId}/approve`, { data: {} })).ok()).toBe(true);
  const captured = await request.get(`/api/demo/paypal/captureOrder?${new URLSearchParams({ id: paypalOrderId, orderNo: placed.orderNo })}`, { headers });
  expect(((await captured.json()) as { code: string }).code).toBe('0000');
  const detail = await apiData<OrderDetail>(request, '/demo/ironOrder/getOrderDetail', { orderNo: placed.orderNo, token: placed.accessToken }, headers);
  expect(detail.status).toBe('paid');
  return { orderNo: placed.orderNo, accessToken: placed.accessToken, email, paypalOrderId, detail };
}

/**
 * A signed-in shopper's paid order of one team roster (docs/storefront.md "Team orders"): the
 * roster added to the shopper's cart as one group, ordered and paid as `paidGuestOrder` does.
 */
export async function paidRosterOrder(request: APIRequestContext, locale: string, token: string, email: string, roster: RosterInput): Promise<PaidGuestOrder> {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': locale };
  const { ids } = await apiData<{ ids: number[] }>(request, '/roster/addToCart', { roster }, headers);
  return placeAndPay(request, ids, email, headers);
}

/** The capture of a PayPal order as the simulator holds it (PayPal's own REST call, with the simulator's credentials). */
export async function simulatorCapture(request: APIRequestContext, paypalOrderId: string): Promise<{ status: string; amount: { value: string } }> {
  const token = await request.post(`${SIM_PREFIX}/v1/oauth2/token`, {
    headers: { authorization: `Basic ${Buffer.from(`${SIM_CLIENT_ID}:${SIM_CLIENT_SECRET}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'grant_type=client_credentials',
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const order = await request.get(`${SIM_PREFIX}/v2/checkout/orders/${paypalOrderId}`, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = (await order.json()) as { purchase_units: { payments: { captures: { status: string; amount: { value: string } }[] } }[] };
  return body.purchase_units[0]!.payments.captures[0]!;
}
