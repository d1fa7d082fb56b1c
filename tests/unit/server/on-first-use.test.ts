/**
 * The libraries only some requests need (src/server/on-first-use.ts) stay out of a started API's
 * memory: importing the whole app loads none of them, and each loads when first asked for.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { onFirstUse } from '../../../src/server/on-first-use.ts';

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

it('runs a load once for every caller, and again at the next call after it failed', async () => {
  let calls = 0;
  const load = onFirstUse(async () => {
    calls++;
    if (calls === 1) throw new Error('not there yet');
    return { loaded: calls };
  });
  await expect(Promise.all([load(), load()])).rejects.toThrow('not there yet');
  expect(calls).toBe(1);
  const [first, second] = await Promise.all([load(), load()]);
  expect(first).toEqual({ loaded: 2 });
  expect(second).toBe(first);
  expect(await load()).toBe(first);
  expect(calls).toBe(2);
});
