/** Which move buttons an order shows: the server's nextStatuses for the caller, then the R_SUPER overrides. */
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { PRINTED_STATUSES, canMove, type OrderStatus } from '../../../domain/orders.model.ts';

export interface MoveChoice {
  to: OrderStatus;
  /** Cancelling or refunding personalised items already in production: needs a reason. */
  override: boolean;
}

const MOVE_ORDER: OrderStatus[] = ['processing', 'shipped', 'delivered', 'cancelled', 'refunded'];

/**
 * nextStatuses never assumes an override; a caller holding order:override also gets the cancel
 * and full refund the personalised rule holds back, marked as overrides.
 */
export function offeredMoves(order: Pick<AdminOrderDetail, 'status' | 'personalised' | 'nextStatuses'>, mayOverride: boolean): MoveChoice[] {
  const plain = MOVE_ORDER.filter((to) => order.nextStatuses.includes(to)).map((to) => ({ to, override: false }));
  if (!mayOverride || !order.personalised || !PRINTED_STATUSES.includes(order.status)) return plain;
  const overrides = (['cancelled', 'refunded'] as const).filter((to) => !order.nextStatuses.includes(to) && canMove(order.status, to, true, true)).map((to) => ({ to, override: true }));
  return [...plain, ...overrides];
}
