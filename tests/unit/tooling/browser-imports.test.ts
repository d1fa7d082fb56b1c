/**
 * Browser code and zod. Schemas are built at module level; with `z` declared pure
 * (astro.config.mjs), a schema the page does not use drops out of its bundle, but a schema built by
 * calling a method on another module's schema (`currencyCodeSchema.default('EUR')`,
 * `idSchema.optional()`) is a call the bundler must keep, and zod (about 23 KB gzip) with it,
 * wherever that module is imported. So browser code takes values only from domain modules without
 * such calls (the *.model.ts modules and order-numbers.ts hold what it needs). Type-only imports
 * are erased and fine. Account forms are the exception: they validate with the server's own
 * schemas (account.schema.ts), so the pages with those forms load zod on purpose.
 * Checked over the sources of every layer that runs in the browser and over the <script> blocks of
 * Astro files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOMAIN = 'src/domain';
const BROWSER_DIRS = ['src/islands', 'src/scripts', 'src/stores', 'src/client', 'src/i18n', 'src/components', 'src/layouts', 'src/pages'];
/** Forms validate with these schemas in the browser (see above). */
const ZOD_ON_PURPOSE = new Set(['src/domain/account.schema.ts']);

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

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/** `import {...} from` / `export ... from` statements with their source, unless the whole statement is type-only or imports types only. */
function valueImports(code: string): { statement: string; source: string }[] {
  const found: { statement: string; source: string }[] = [];
  for (const m of code.matchAll(/\b(import|export)\s+(type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
    const [statement, , typeOnly, clause, source] = m;
    if (typeOnly) continue;
    const braces = clause!.match(/\{([\s\S]*)\}/);
    const names = braces ? braces[1]!.split(',').map((s) => s.trim()).filter(Boolean) : [clause!.trim()];
    if (names.some((name) => !name.startsWith('type '))) found.push({ statement, source: source! });
  }
  return found;
}

/** A project file imported by `source` from `file`, relative to the root; null for packages. */
function resolve(file: string, source: string): string | null {
  return source.startsWith('.') ? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), source)) : null;
}

/** A method called on a schema constant: `idSchema.optional(`, `pageRequestShape.size.default(`. */
const SCHEMA_CALL = /\b\w+(?:Schema|Shape)(?:\.\w+)*\.\w+\(/;

/** Domain modules that keep zod wherever they are imported: their own schema calls, or a value import of such a module. */
function zodKeepingModules(): Set<string> {
  const modules = files(DOMAIN).filter((file) => file.endsWith('.ts'));
  const code = new Map(modules.map((file) => [file, withoutComments(readFileSync(path.join(ROOT, file), 'utf8'))]));
  const keeping = new Set(modules.filter((file) => SCHEMA_CALL.test(code.get(file)!)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of modules) {
      if (keeping.has(file)) continue;
      if (valueImports(code.get(file)!).some(({ source }) => keeping.has(resolve(file, source) ?? ''))) {
        keeping.add(file);
        grew = true;
      }
    }
  }
  return keeping;
}

/** Our modules and the packages the code of `entries` imports for their values, statically (not `import()`), all the way down. */
function staticClosure(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const code = withoutComments(browserCode(file));
    const sources = [...valueImports(code).map(({ source }) => source), ...[...code.matchAll(/\bimport\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!)];
    for (const source of sources) {
      const target = resolve(file, source);
      if (target === null) packages.add(source);
      else queue.push(target);
    }
  }
  return { files, packages };
}

describe('browser code and zod', () => {
  it('the check sees value imports and lets type-only ones through', () => {
    expect(valueImports("import { SIZES, type Size } from '../domain/catalogue.ts';")).toHaveLength(1);
    expect(valueImports("export * from '../../domain/catalogue.ts';")).toHaveLength(1);
    expect(valueImports("import type { Size } from '../domain/catalogue.ts';")).toEqual([]);
    expect(valueImports("import { type Size, type NavItem } from '../domain/catalogue.ts';")).toEqual([]);
  });

  it('the modules that keep zod are found by their schema calls and what imports them', () => {
    const keeping = zodKeepingModules();
    // Method calls on other schemas at module level.
    for (const file of ['catalogue.schema', 'cart.schema', 'checkout.schema', 'coupons.schema', 'orders.schema']) expect(keeping).toContain(`${DOMAIN}/${file}.ts`);
    // Schemas built from `z` alone, or no zod at all.
    for (const file of ['money.model', 'personalisation', 'pricing', 'catalogue.model', 'coupons.model', 'order-numbers', 'locale', 'account.model', 'cart.model', 'checkout.model', 'orders.model']) expect(keeping).not.toContain(`${DOMAIN}/${file}.ts`);
  });

  it('the page layout, which every page loads, imports no zod at all', () => {
    // Its modules share one chunk (src/build/chunks.ts, closureChunk), which would take in all of zod
    // for an import whose schemas are not even used.
    const layout = staticClosure(['src/layouts/BaseLayout.astro', 'src/components/AppShell.astro']);
    expect(layout.files).toContain('src/domain/money.model.ts');
    expect(layout.files).toContain('src/stores/cart-header.ts');
    expect([...layout.packages].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
  });

  it('no browser module imports a value from a domain module that keeps zod (account forms excepted)', () => {
    const keeping = zodKeepingModules();
    const offenders = BROWSER_DIRS.flatMap(files).flatMap((file) =>
      valueImports(browserCode(file))
        .filter(({ source }) => {
          const target = resolve(file, source);
          return target !== null && keeping.has(target) && !ZOD_ON_PURPOSE.has(target);
        })
        .map(({ statement }) => `${file}: ${statement}`),
    );
    expect(offenders).toEqual([]);
  });
});
