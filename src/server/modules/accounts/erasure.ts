/**
 * A customer's erasure: the account row goes, and with it (by their foreign keys) its sessions
 * and refresh tokens (so every signed-in device is out at once), addresses, reset codes and cart.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from './schema.ts';

export async function deleteAccount(tx: Tx, userId: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
