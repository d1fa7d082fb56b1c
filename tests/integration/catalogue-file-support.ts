/**
 * What the catalogue file's tests in either format share (admin-catalogue-file.test.ts for CSV,
 * admin-catalogue-file-xlsx.test.ts for XLSX): the catalogue's state in four sums, and the round
 * trip that a file exported and imported unchanged must pass.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CatalogueApplyAnswer, CatalogueDryRun } from '../../src/domain/back-office/catalogue-file.model.ts';
import { products, productSizes } from '../../src/server/db/schema.ts';
import { auditCount } from './admin-support.ts';
import type { Answer, TestShop } from './harness.ts';

/** Versions, prices, stock and the number of products: any write to the catalogue moves one of them. */
export async function catalogueState(shop: TestShop) {
  const answer = (await shop.database.db.execute(
    sql`select (select sum(version) from ${products})::text as v, (select sum(price) from ${products})::text as p, (select sum(stock) from ${productSizes})::text as s, (select count(*) from ${products})::text as n`,
  )) as unknown as { rows: { v: string; p: string; s: string; n: string }[] };
  return answer.rows[0]!;
}

/** The exported file, dry-run then applied unchanged: no change reported, none made, one audit row. */
export async function expectRoundTripChangesNothing<F>(
  shop: TestShop,
  file: F,
  dryRun: (file: F) => Promise<Answer<CatalogueDryRun>>,
  apply: (file: F, basis: Record<string, number>) => Promise<Answer<CatalogueApplyAnswer>>,
): Promise<void> {
  const before = await catalogueState(shop);
  const audits = await auditCount(shop);
  const run = await dryRun(file);
  expect(run.code, run.msg).toBe('0000');
  expect(run.data).toMatchObject({ created: 0, changed: 0, refused: 0, problems: [], reports: [] });
  expect(run.data.unchanged).toBe(Number(before.n));
  const applied = await apply(file, run.data.basis);
  expect(applied.data).toEqual({ created: 0, changed: 0, unchanged: Number(before.n) });
  expect(await catalogueState(shop)).toEqual(before);
  expect(await auditCount(shop)).toBe(audits + 1);
}
