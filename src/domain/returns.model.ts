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
