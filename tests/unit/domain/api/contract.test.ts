/**
 * The API's paths are written once, in the contract (src/domain/api/): browser calls and server
 * routes take them from its entries, so a path string anywhere else in src/ is a second copy that
 * can drift. This scans every source file for every entry's path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractEntries } from '../../../../src/domain/api/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CONTRACT_DIR = 'src/domain/api/';
const SOURCE = /\.(ts|tsx|astro|js|mjs)$/;

function sourceFiles(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(CONTRACT_DIR));
}

/** Where `paths` occur in `text` (`/api/demo/x` counts as `/demo/x`; `/demo/xy` does not). */
export function pathLiterals(text: string, paths: readonly string[]): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  for (const apiPath of paths) {
    // Not followed by a file extension either: `domain/api/admin/search.ts` is a module, not the path `/admin/search`.
    const pattern = new RegExp(`${apiPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_.])`, 'g');
    for (const match of text.matchAll(pattern)) found.push({ path: apiPath, line: text.slice(0, match.index).split('\n').length });
  }
  return found;
}

describe('the API contract', () => {
  const entries = contractEntries();

  it('has entries, each a method and a path below /api, no two alike', () => {
    expect(entries.length).toBeGreaterThan(40);
    for (const { name, entry } of entries) {
      expect(['GET', 'POST'], name).toContain(entry.method);
      // Path parameters (`:orderNo`) and a file's extension (`.pdf`) only in the download entries.
      expect(entry.path, name).toMatch(/^\/[A-Za-z0-9/_:.-]+$/);
      expect(entry.path, name).not.toMatch(/^\/api\//);
    }
    const routes = entries.map(({ entry }) => `${entry.method} ${entry.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('the scan finds a path in code and comments, with or without /api, and not a longer path', () => {
    const text = "post('/demo/ironOrder/queryList', {});\n// see /api/demo/ironOrder/track\nfetch('/demo/ironOrder/queryListAll');";
    expect(pathLiterals(text, ['/demo/ironOrder/queryList', '/demo/ironOrder/track'])).toEqual([
      { path: '/demo/ironOrder/queryList', line: 1 },
      { path: '/demo/ironOrder/track', line: 2 },
    ]);
  });

  it('no source file outside src/domain/api writes an API path', () => {
    const paths = [...new Set(entries.map(({ entry }) => entry.path))];
    const files = sourceFiles();
    expect(files).toContain('src/client/cart.ts');
    const offenders = files.flatMap((file) => pathLiterals(readFileSync(path.join(ROOT, file), 'utf8'), paths).map((hit) => `${file}:${hit.line} ${hit.path}`));
    expect(offenders).toEqual([]);
  });
});
