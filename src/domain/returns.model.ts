/**
 * Returns and misprint claims (docs/back-office.md "Returns and claims"): a shopper asks to send
 * back unprinted lines within the return window, or reports a defect or misprint on any line with
 * photos; staff approve (instructions mailed), decline (a reason), mark received (restocking only
 * what can be sold again) and resolve by a refund or a free replacement order. No zod here.
 */
export const RETURN_KINDS = ['return', 'claim'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'resolved'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_RESOLUTIONS = ['refund', 'replacement'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/** Forward moves only; declined and resolved are final. */
export const RETURN_MOVES: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['approved', 'declined'],
  approved: ['received', 'resolved'],
  declined: [],
  received: ['resolved'],
  resolved: [],
};

/** Photos a claim may carry, and each one's size as uploaded. */
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RETURN_DESCRIPTION_MAX = 2000;

// ---------- rules (the server decides with these; the order page shows what they allow) ----------

const DAY_MS = 24 * 60 * 60 * 1000;

/** A return number: "RT-" and ten characters of the order numbers' alphabet, made by the caller from an order-number body. */
export const RETURN_NO_PREFIX = 'RT';
export const RETURN_NO_PATTERN = /^RT-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;

/** Order states in which a defect or misprint may be reported: paid, whatever happened since, short of a cancellation or refund. */
export const CLAIM_ORDER_STATUSES: readonly string[] = ['paid', 'processing', 'partially_shipped', 'shipped', 'delivered'];

/**
 * When the return window closes: `days` after the delivery (the delivered status event's time),
 * or null before any delivery (nothing can be returned before it arrives).
 */
export function returnWindowEnd(deliveredAt: Date | null, days: number): Date | null {
  return deliveredAt ? new Date(deliveredAt.getTime() + days * DAY_MS) : null;
}

/** Whether unprinted lines of the order may be asked back now: delivered, and within the window (its last instant included). */
export function returnWindowOpen(status: string, deliveredAt: Date | null, days: number, now: Date): boolean {
  const end = returnWindowEnd(deliveredAt, days);
  return status === 'delivered' && end !== null && now.getTime() <= end.getTime();
}

/** A line as the rules see it: its id, quantity and whether it carries a print. */
export interface ReturnRuleLine {
  id: number;
  quantity: number;
  personalised: boolean;
}

/** A line of an earlier request of the order: what it holds, of which kind, in which state. */
export interface EarlierRequestLine {
  orderItemId: number;
  quantity: number;
  kind: ReturnKind;
  status: ReturnStatus;
}

/**
 * How many of a line may still be named in a request of `kind`: a printed line is never
 * returned (it cannot be sold again), and what earlier requests of the same kind hold (declined
 * ones excepted) is taken.
 */
export function quantityLeft(line: ReturnRuleLine, kind: ReturnKind, earlier: readonly EarlierRequestLine[]): number {
  if (kind === 'return' && line.personalised) return 0;
  const held = earlier.filter((e) => e.orderItemId === line.id && e.kind === kind && e.status !== 'declined').reduce((sum, e) => sum + e.quantity, 0);
  return Math.max(0, line.quantity - held);
}

/** Why a request's lines are refused, or null: unknown line, a printed line in a return, more than is left, nothing named. */
export type LinesProblem = 'none' | 'unknown' | 'printed' | 'tooMany';

export function linesProblem(asked: readonly { orderItemId: number; quantity: number }[], lines: readonly ReturnRuleLine[], kind: ReturnKind, earlier: readonly EarlierRequestLine[]): LinesProblem | null {
  if (asked.length === 0) return 'none';
  const merged = new Map<number, number>();
  for (const a of asked) merged.set(a.orderItemId, (merged.get(a.orderItemId) ?? 0) + a.quantity);
  for (const [id, quantity] of merged) {
    const line = lines.find((l) => l.id === id);
    if (!line) return 'unknown';
    if (kind === 'return' && line.personalised) return 'printed';
    if (quantity > quantityLeft(line, kind, earlier)) return 'tooMany';
  }
  return null;
}

/** Whether a request may move from `from` to `to` (RETURN_MOVES). */
export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_MOVES[from].includes(to);
}

/**
 * Whether a request may be resolved now: approved or received; a return (goods coming back for
 * their money) only once they are received, a claim also straight from approved (a misprinted
 * shirt need not travel back before its replacement).
 */
export function mayResolve(kind: ReturnKind, status: ReturnStatus): boolean {
  if (!canMoveReturn(status, 'resolved')) return false;
  return kind === 'claim' || status === 'received';
}

// ---------- answers ----------

export interface ReturnLineRecord {
  orderItemId: number;
  title: string;
  size: string;
  quantity: number;
  personalised: boolean;
  /** The print as one line ("SMITH 10"), null for a blank shirt. */
  print: string | null;
  /** Decided when received; null before. */
  restock: boolean | null;
}

/** A request as the shopper sees it on the order page. */
export interface ReturnRecord {
  returnNo: string;
  kind: ReturnKind;
  status: ReturnStatus;
  description: string;
  createdAt: string;
  /** The instructions of an approval or the reason of a decline. */
  decisionNote: string | null;
  resolution: ReturnResolution | null;
  /** The replacement order's number, once resolved so. */
  replacementOrderNo: string | null;
  lines: ReturnLineRecord[];
  /** Ids of the photos (served to the order's owner only, returns photo entry). */
  photoIds: number[];
}

/** What the order page needs: the requests, and what may be asked now. */
export interface OrderReturns {
  requests: ReturnRecord[];
  /** Unprinted lines may be asked back now (delivered, within the window). */
  returnOpen: boolean;
  /** The window's end (ISO), once delivered. */
  returnUntil: string | null;
  /** A defect or misprint may be reported now. */
  claimOpen: boolean;
  /** Per line, how many may still be named in a return and in a claim. */
  lines: { orderItemId: number; returnable: number; claimable: number }[];
}

/** A row of the Returns screen. */
export interface AdminReturnRow {
  returnNo: string;
  orderNo: string;
  kind: ReturnKind;
  status: ReturnStatus;
  email: string;
  createdAt: string;
  itemCount: number;
  photoCount: number;
}

export interface ReturnHistoryEntry {
  at: string;
  action: string;
  by: string | null;
  note: string | null;
}

/** A request as staff see it: the rows above, what the shopper wrote, the lines, photos and history. */
export interface AdminReturnDetail extends AdminReturnRow, ReturnRecord {
  orderStatus: string;
  currency: string;
  requestedBy: 'shopper' | 'staff';
  refundId: number | null;
  history: ReturnHistoryEntry[];
  /** Whether it may be resolved now (mayResolve). */
  resolvable: boolean;
}

export interface ReturnCounts {
  counts: Record<ReturnStatus, number>;
}
