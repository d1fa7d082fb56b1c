/**
 * No import cycle in src (docs/architecture.md "Layers"): a cycle makes module start-up order
 * matter and hides a layer mix-up. The layer lint forbids upward imports between layers; this
 * catches cycles inside one layer too, type-only imports included (they tie the modules as much for
 * a reader). Astro files are left out: pages are leaves, and their
 * <script> imports are checked by the layer lint.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function cyclesIn(context: string, patterns: string[]): Promise<{ files: number; cycles: string[][] }> {
  // Patterns are matched from the working directory, names answered relative to `context`.
  const tree = await parseDependencyTree(patterns.map((pattern) => path.join(context, pattern)), { context, tsconfig: path.join(ROOT, 'tsconfig.json'), transform: false, skipDynamicImports: false });
  return { files: Object.keys(tree).filter((file) => !file.includes('node_modules')).length, cycles: parseCircular(tree) };
}

describe('import cycles', () => {
  it('are found where two modules import each other', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a.ts';\nexport const b = (f?: typeof a) => f;\n");
    writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a.ts';\nexport const c = a;\n");
    const { cycles } = await cyclesIn(dir, ['*.ts']);
    expect(cycles).toEqual([['a.ts', 'b.ts']]);
  });

  it('there are none in src', async () => {
    const { files, cycles } = await cyclesIn(ROOT, ['src/**/*.ts', 'src/**/*.tsx']);
    expect(files).toBeGreaterThan(250);
    expect(cycles).toEqual([]);
  }, 60_000);
});
