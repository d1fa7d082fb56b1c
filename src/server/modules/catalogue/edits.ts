/**
 * Stamps catalogue_edits inside a back-office write's transaction: the catalogue version moves
 * (CatalogueService.catalogueVersion), so the site rebuild picks up edits that change no
 * product row. The caches need nothing from here: the tables' own triggers announce the change.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { catalogueEdits } from './schema.ts';

export async function markCatalogueEdited(tx: Tx): Promise<void> {
  await tx
    .insert(catalogueEdits)
    .values({ id: 1, editedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: catalogueEdits.id, set: { editedAt: sql`clock_timestamp()` } });
}
