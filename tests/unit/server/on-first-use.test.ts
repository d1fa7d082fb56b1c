/**
 * The libraries only some requests need (src/server/on-first-use.ts) stay out of a started API's
 * memory: importing the whole app loads none of them, and each loads when first asked for.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LATE = ['exceljs', 'pdfkit', 'sharp'];

// In a process of its own: this one's module cache has whatever other tests imported.
const probe = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    const name = ${JSON.stringify(LATE)}.find((late) => resolved.url.includes('/node_modules/' + late + '/'));
    if (name) seen.add(name);
    return resolved;
  },
});
await import('./src/server/app.ts');
const atStart = [...seen];
const lazy = await import('./src/server/on-first-use.ts');
const kinds = [typeof (await lazy.loadExcel()).stream, typeof (await lazy.loadPdfKit()), typeof (await lazy.loadSharp())];
console.log(JSON.stringify({ atStart, afterUse: [...seen].sort(), kinds }));
`;

it('loads exceljs, pdfkit and sharp at their first use, not with the app', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test' } });
  const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as { atStart: string[]; afterUse: string[]; kinds: string[] };
  expect(report.atStart).toEqual([]);
  expect(report.afterUse).toEqual(LATE);
  expect(report.kinds).toEqual(['object', 'function', 'function']);
}, 60_000);
