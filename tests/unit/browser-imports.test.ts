/**
 * Browser code takes catalogue values from the zod-free src/domain/catalogue-model.ts: a value
 * imported from src/domain/catalogue.ts brings the module's zod schemas, and zod, into the bundle.
 * Type-only imports are erased and fine. Checked over the sources of every layer that runs in the
 * browser and over the <script> blocks of Astro files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BROWSER_DIRS = ['src/islands', 'src/stores', 'src/client', 'src/i18n', 'src/components', 'src/layouts', 'src/pages'];

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** The code that ends up in the browser: whole .ts/.tsx files, and an Astro file's <script> blocks (not its build-time frontmatter). */
function browserCode(file: string): string {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  if (!file.endsWith('.astro')) return text;
  return [...text.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

/** `import {...} from` / `export {...} from` statements naming a module, with what they import unless the whole statement is type-only. */
function valueImportsFrom(code: string, module: RegExp): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/\b(import|export)\s+(type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
    const [statement, , typeOnly, clause, source] = m;
    if (!module.test(source!) || typeOnly) continue;
    const braces = clause!.match(/\{([\s\S]*)\}/);
    const names = braces ? braces[1]!.split(',').map((s) => s.trim()).filter(Boolean) : [clause!.trim()];
    const values = names.filter((name) => !name.startsWith('type '));
    if (values.length) found.push(statement);
  }
  return found;
}

describe('browser code and zod', () => {
  const CATALOGUE_SCHEMAS = /(^|\/)domain\/catalogue\.ts$/;

  it('the check sees value imports and lets type-only ones through', () => {
    expect(valueImportsFrom("import { SIZES, type Size } from '../domain/catalogue.ts';", CATALOGUE_SCHEMAS)).toHaveLength(1);
    expect(valueImportsFrom("export * from '../../domain/catalogue.ts';", CATALOGUE_SCHEMAS)).toHaveLength(1);
    expect(valueImportsFrom("import type { Size } from '../domain/catalogue.ts';", CATALOGUE_SCHEMAS)).toEqual([]);
    expect(valueImportsFrom("import { type Size, type NavItem } from '../domain/catalogue.ts';", CATALOGUE_SCHEMAS)).toEqual([]);
    expect(valueImportsFrom("import { SIZES } from '../domain/catalogue-model.ts';", CATALOGUE_SCHEMAS)).toEqual([]);
  });

  it('no browser module imports a value from src/domain/catalogue.ts', () => {
    const offenders = BROWSER_DIRS.flatMap(files).flatMap((file) => valueImportsFrom(browserCode(file), CATALOGUE_SCHEMAS).map((s) => `${file}: ${s}`));
    expect(offenders).toEqual([]);
  });
});
