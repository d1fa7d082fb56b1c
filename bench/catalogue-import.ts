/**
 * Section 8, the catalogue file (issue 32): 10,000 new products (8 sizes each: 80,000 rows) imported
 * through the back-office API, the dry run then the apply, timed, with the process's peak memory
 * (the API runs in this process); then the whole catalogue exported and its file dry-run again,
 * which must change nothing. PGlite by default, as the shop runs; PostgreSQL with --db postgres
 * and DATABASE_URL.
 */
import { adminProductsApi } from '../src/domain/api/admin/products.ts';
import { CATALOGUE_COLUMNS } from '../src/domain/back-office/catalogue-file.model.ts';
import { SIZES } from '../src/domain/catalogue.model.ts';
import { csvLine } from '../src/server/csv.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { teams } from '../src/server/db/schema.ts';
import { seedIfEmpty } from '../src/server/db/seed/index.ts';
import { createPostgresDatabase } from './processes.ts';
import { CATALOGUE_IMPORT_TARGETS, checkCatalogueImport, type Check } from './targets.ts';
import { ownerApi } from './owner-api.ts';

export interface CatalogueImportResult {
  settings: string[];
  db: 'pglite' | 'postgres';
  products: number;
  rows: number;
  fileMb: number;
  dryRunSeconds: number;
  applySeconds: number;
  exportSeconds: number;
  exportMb: number;
  roundTripSeconds: number;
  roundTripChanges: number;
  peakRssMb: number;
  startRssMb: number;
  checks: Check[];
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The file of `count` new products, every column the export writes but tags and images (new products take their team's navigation). */
function newProductsFile(count: number, teamRows: { tag: string; sport: string }[]): string {
  const columns = CATALOGUE_COLUMNS.filter((c) => c !== 'tags' && c !== 'images');
  let text = '\uFEFF' + csvLine(columns);
  for (let i = 0; i < count; i++) {
    const team = teamRows[i % teamRows.length]!;
    SIZES.forEach((size, s) => {
      const cells: Record<string, string | number> = { handle: `bench-shirt-${i}`, size, stock: (i + s) % 40 };
      if (s === 0) {
        Object.assign(cells, {
          titleEn: `Bench Shirt ${i} "Home", 2025/26`,
          titleZh: `测试球衣 ${i} 主场`,
          descriptionEn: `A bench shirt, number ${i}, in breathable polyester with a printed crest, a ribbed collar and side panels for air.`,
          descriptionZh: `测试球衣 ${i}，透气涤纶面料，印制队徽，罗纹领口，侧面透气。`,
          price: `${49 + (i % 30)}.99`,
          compareAtPrice: i % 4 === 0 ? `${99 + (i % 30)}.00` : '',
          customisationFee: i % 3 === 0 ? '5.00' : '0.00',
          taxClass: i % 10 === 0 ? 'children' : 'standard',
          sport: team.sport,
          team: team.tag,
          printable: 'yes',
          published: i % 2 === 0 ? 'yes' : 'no',
        });
      }
      text += csvLine(columns.map((c) => cells[c] ?? null));
    });
  }
  return text;
}

export async function runCatalogueImport(options: { quick: boolean; databaseUrl: string | null; log: (message: string) => void }): Promise<CatalogueImportResult> {
  const { log } = options;
  const count = options.quick ? 2_000 : CATALOGUE_IMPORT_TARGETS.products;
  const pg = options.databaseUrl ? await createPostgresDatabase(options.databaseUrl) : null;
  const database = await openDatabase({ databaseUrl: pg?.url ?? null, dataDir: null, poolSize: 10 });
  let peak = 0;
  let startRss: number;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    await seedIfEmpty(database.db, {});
    const teamRows = await database.db.select({ tag: teams.tag, sport: teams.sport }).from(teams);
    const api = await ownerApi(database, pg?.url ?? null);
    try {

      const csv = newProductsFile(count, teamRows);
      log(`catalogue: ${count.toLocaleString('en')} new products, ${mb(Buffer.byteLength(csv))} MB of CSV`);
      // The peak is of the import's steps: the seed and the server's start come before.
      startRss = process.memoryUsage().rss;
      peak = startRss;
      let t = performance.now();
      const run = await api.post(adminProductsApi.catalogueDryRun.path, { csv });
      const dryRunSeconds = (performance.now() - t) / 1000;
      if (run.code !== '0000' || run.data.refused || run.data.created !== count) throw new Error(`dry run: ${run.msg} ${JSON.stringify(run.data?.problems?.slice(0, 3))}`);
      log(`catalogue: dry run ${dryRunSeconds.toFixed(1)} s`);
      t = performance.now();
      const applied = await api.post(adminProductsApi.catalogueApply.path, { csv, basis: run.data.basis });
      const applySeconds = (performance.now() - t) / 1000;
      if (applied.code !== '0000' || applied.data.created !== count) throw new Error(`apply: ${applied.msg}`);
      log(`catalogue: apply ${applySeconds.toFixed(1)} s`);

      t = performance.now();
      const exported = await (await api.send(adminProductsApi.catalogueExport.path, {})).text();
      const exportSeconds = (performance.now() - t) / 1000;
      t = performance.now();
      const again = await api.post(adminProductsApi.catalogueDryRun.path, { csv: exported });
      const roundTripSeconds = (performance.now() - t) / 1000;
      if (again.code !== '0000') throw new Error(`round trip: ${again.msg}`);
      const roundTripChanges = again.data.created + again.data.changed + again.data.refused;
      log(`catalogue: export ${exportSeconds.toFixed(1)} s (${mb(Buffer.byteLength(exported))} MB), its dry run ${roundTripSeconds.toFixed(1)} s, ${roundTripChanges} changes`);
      return {
        settings: [
          `${count.toLocaleString('en')} new products of ${SIZES.length} sizes (${(count * SIZES.length).toLocaleString('en')} rows) over the demo catalogue, on ${pg ? 'PostgreSQL' : 'PGlite'}; the API in this process, over HTTP`,
          `then the whole catalogue exported and that file dry-run again (it must change nothing); target: dry run + apply <= ${CATALOGUE_IMPORT_TARGETS.maxSeconds} s for ${CATALOGUE_IMPORT_TARGETS.products.toLocaleString('en')}`,
        ],
        db: pg ? 'postgres' : 'pglite',
        products: count,
        rows: count * SIZES.length,
        fileMb: mb(Buffer.byteLength(csv)),
        dryRunSeconds,
        applySeconds,
        exportSeconds,
        exportMb: mb(Buffer.byteLength(exported)),
        roundTripSeconds,
        roundTripChanges,
        peakRssMb: mb(peak),
        startRssMb: mb(startRss),
        checks: options.quick ? [] : checkCatalogueImport(dryRunSeconds + applySeconds, roundTripChanges),
      };
    } finally {
      await api.close();
    }
  } finally {
    clearInterval(sampler);
    await database.close();
    await pg?.drop();
  }
}
