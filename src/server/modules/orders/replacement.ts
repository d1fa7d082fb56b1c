/**
 * A free replacement order (a misprint claim resolved so, modules/returns): a new order of the
 * claimed lines with their print, amounts 0 and no tax, paid from the start so it goes through
 * production again, to the original's buyer and address, its stock taken. `source` is
 * 'replacement' and `replaces_order_id` names the original; the production sheet shows both.
 * Written inside the caller's transaction (the claim's), which holds the original's lock.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { orderNoFromBytes } from '../../../domain/orders.model.ts';
import type { Tx } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { shortageOf, stockDemand, stockTaking } from '../catalogue/index.ts';
import { orderItems, orderStatusEvents, orders } from './schema.ts';
import { accessTokenFor, tokenDigest, type ItemRow, type OrderRow } from './views.ts';

export interface ReplacementLine {
  item: ItemRow;
  quantity: number;
}

export interface ReplacementAsk {
  /** Unique per cause (the claim's number): asked twice, the order is made once (the key's index refuses the second). */
  key: string;
  /** The timeline's note ("Free replacement of JS-... (claim RT-...)"). */
  note: string;
  at: Date;
}

function newOrderNo(): string {
  for (;;) {
    const orderNo = orderNoFromBytes(randomBytes(32));
    if (orderNo) return orderNo;
  }
}

export async function placeReplacement(tx: Tx, secret: string, original: OrderRow, lines: readonly ReplacementLine[], ask: ReplacementAsk): Promise<OrderRow> {
  const demand = lines.filter((l) => l.item.productId !== null).map((l) => ({ productId: l.item.productId!, size: l.item.size, quantity: l.quantity }));
  if (demand.length) {
    // Told by name before taking: a refused take raises and ends the transaction.
    const short = await shortageOf(tx, demand);
    if (short) {
      const line = lines.find((l) => l.item.productId === short.productId && l.item.size === short.size)!;
      throw fail(CODES.CONFLICT, msg('return.noStock', { product: line.item.title['en-US'] ?? String(short.productId), size: short.size }));
    }
    const { ctes, holds } = stockTaking(tx, sql`${stockDemand(demand)}`);
    await tx
      .with(...ctes)
      .select({ ok: holds })
      .from(sql`(select 1) as one`);
  }
  const orderNo = newOrderNo();
  const nonce = randomBytes(16).toString('base64url');
  const [row] = await tx
    .insert(orders)
    .values({
      orderNo,
      accessNonce: nonce,
      accessTokenHash: tokenDigest(accessTokenFor(secret, orderNo, nonce)),
      userId: original.userId,
      email: original.email,
      locale: original.locale,
      currency: original.currency,
      rateX100: original.rateX100,
      baseRateX100: original.baseRateX100,
      itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
      itemsTotal: 0,
      tierPercent: 0,
      tierDiscount: 0,
      couponDiscount: 0,
      shippingMethod: original.shippingMethod,
      shippingZone: original.shippingZone,
      shippingAmount: 0,
      taxTotal: 0,
      taxAdded: 0,
      taxDisplay: original.taxDisplay,
      taxMarket: null,
      taxReason: 'no-tax',
      total: 0,
      deliveryMinDays: original.deliveryMinDays,
      deliveryMaxDays: original.deliveryMaxDays,
      shippingAddress: original.shippingAddress,
      personalised: lines.some((l) => l.item.personalised),
      status: 'paid',
      // Nothing is owed: the back office's payment filter shows it settled, not waiting.
      paymentState: 'paid',
      idempotencyScope: 'replacement',
      idempotencyKey: ask.key,
      requestHash: '-',
      payBefore: ask.at,
      paidAt: ask.at,
      source: 'replacement',
      replacesOrderId: original.id,
      createdAt: ask.at,
      updatedAt: ask.at,
    })
    .returning();
  await tx.insert(orderItems).values(
    lines.map(({ item, quantity }) => {
      const { id: _id, orderId: _orderId, ...copy } = item;
      return { ...copy, orderId: row!.id, quantity, unitPrice: 0, unitPriceEur: 0, lineTotal: 0 };
    }),
  );
  await tx.insert(orderStatusEvents).values({ orderId: row!.id, fromStatus: null, toStatus: 'paid', at: ask.at, actor: 'admin', note: ask.note });
  return row!;
}
