/**
 * The import rules inside src/server (docs/architecture.md), used by layers.js:
 * - a file of modules/X reaches another module only through its public entry, modules/Y/index.ts;
 *   a module's table files (schema.ts, *-schema.ts) may name another module's table files, for
 *   foreign keys;
 * - modules read their own tables from their schema files, never the gathered db/schema.ts;
 * - the lower folders (http, db, mail, messages, media, hosting, pdf) and the files directly under
 *   src/server that modules import (config, clock, errors, csv, xlsx, metrics, personal-data,
 *   on-first-use) import no
 *   module and not app.ts, except db/schema.ts, which gathers the modules' table files for
 *   drizzle-kit and the seed;
 * - nothing in modules imports app.ts.
 */
import path from 'node:path';

const LOWER = new Set(['http', 'db', 'mail', 'messages', 'media', 'hosting', 'pdf', 'config.ts', 'clock.ts', 'errors.ts', 'csv.ts', 'xlsx.ts', 'metrics.ts', 'personal-data.ts', 'on-first-use.ts']);

export const SERVER_MESSAGES = {
  moduleEntry: '{{from}} may reach module "{{module}}" only through modules/{{module}}/index.ts',
  upward: '{{from}} may not import {{to}}: it sits below the modules and app.ts (docs/architecture.md "Shape")',
  gatheredSchema: '{{from}} reads tables from its own schema.ts or another module\'s index.ts, not db/schema.ts',
};

const isTableFile = (name) => name === 'schema.ts' || name.endsWith('-schema.ts');

/** Where a file sits in src/server: ['modules', area, ...rest] or [folder, ...rest] or [file]. */
function partsOf(file, serverRoot) {
  const relative = path.relative(serverRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/** Answers a report ({ messageId, data }) for an import of `target` from `file`, or null. */
export function checkServerImport(file, target, srcRoot) {
  const serverRoot = path.join(srcRoot, 'server');
  const from = partsOf(file, serverRoot);
  const to = partsOf(target, serverRoot);
  if (!from || !to) return null;
  const fromName = path.posix.join('src/server', ...from);
  const toName = path.posix.join('src/server', ...to);
  const toApp = to.length === 1 && to[0] === 'app.ts';
  if (from[0] === 'modules' && from.length > 2) {
    if (toApp) return { messageId: 'upward', data: { from: fromName, to: toName } };
    if (to[0] === 'db' && to[1] === 'schema.ts') return { messageId: 'gatheredSchema', data: { from: fromName } };
    if (to[0] === 'modules' && to.length > 2 && to[1] !== from[1]) {
      const viaEntry = to.length === 3 && to[2] === 'index.ts';
      const tableToTable = from.length === 3 && isTableFile(from[2]) && to.length === 3 && isTableFile(to[2]);
      if (!viaEntry && !tableToTable) return { messageId: 'moduleEntry', data: { from: fromName, module: to[1] } };
    }
    return null;
  }
  if (LOWER.has(from[0]) && (toApp || to[0] === 'modules')) {
    const gathering = from[0] === 'db' && from[1] === 'schema.ts' && from.length === 2 && to[0] === 'modules' && to.length === 3 && isTableFile(to[2]);
    if (!gathering) return { messageId: 'upward', data: { from: fromName, to: toName } };
  }
  return null;
}
