/**
 * The layer table of docs/architecture.md as a lint rule: each folder under src/ is a layer, and a
 * layer may import only the layers listed for it. Imports are resolved from the importing file, so
 * depth does not matter. Package imports are checked too where a layer must stay pure (domain) or
 * browser-safe. The `<script>` blocks of .astro files are read too (see `create`).
 */
import path from 'node:path';
import { SERVER_MESSAGES, checkServerImport } from './server-modules.js';

const ALLOWED = {
  domain: [],
  i18n: ['domain'],
  client: ['domain'],
  stores: ['client', 'domain'],
  islands: ['stores', 'domain', 'i18n', 'islands', 'components'],
  // Plain DOM scripts of pages; they may mount an island on demand (the cart drawer) and share
  // its DOM helpers (the scroll lock), while islands never import a script. They draw the
  // components' illustrations and styles where a page's HTML has no place for them.
  scripts: ['stores', 'client', 'domain', 'i18n', 'islands', 'components'],
  components: ['components', 'islands', 'scripts', 'domain', 'i18n', 'client'],
  layouts: ['components', 'islands', 'scripts', 'domain', 'i18n', 'client', 'layouts'],
  pages: ['components', 'islands', 'scripts', 'domain', 'i18n', 'client', 'layouts', 'admin'],
  // The back office's single-page app (docs/back-office.md): only src/pages/admin/ loads it.
  admin: ['admin', 'stores', 'client', 'domain', 'i18n'],
  content: ['domain'],
  server: ['server', 'domain'],
  // The static build's plugins (astro.config.mjs loads them): they write the hosts' files with the server's hosting code.
  build: ['build', 'domain', 'server'],
};
/** Layers that run in the browser (or are bundled for it) must not use Node built-ins. */
const BROWSER = new Set(['domain', 'i18n', 'client', 'stores', 'islands', 'scripts', 'admin']);

function layerOf(file, srcRoot) {
  const relative = path.relative(srcRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length ? first : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'enforce the import rules between src/ layers (docs/architecture.md)' },
    schema: [],
    messages: {
      layer: '{{from}} may not import {{to}} (docs/architecture.md: {{from}} may import {{allowed}})',
      builtin: '{{from}} runs in the browser or must stay pure: no Node built-in "{{name}}"',
      ...SERVER_MESSAGES,
    },
  },
  create(context) {
    // eslint-plugin-astro hands each `<script>` of an .astro file to ESLint as a virtual file
    // (`page.astro/1_1.ts`); its imports are relative to the .astro file, which is the physical one.
    const file = context.physicalFilename ?? context.filename;
    const srcRoot = path.join(context.cwd, 'src');
    const from = layerOf(file, srcRoot);
    if (!from || !(from in ALLOWED)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('node:') || ['fs', 'path', 'crypto', 'child_process', 'http', 'os'].includes(source)) {
        if (BROWSER.has(from)) context.report({ node, messageId: 'builtin', data: { from, name: source } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (from === 'server') {
        const problem = checkServerImport(file, target, srcRoot);
        if (problem) context.report({ node, ...problem });
      }
      const to = layerOf(target, srcRoot);
      if (!to || to === from) return;
      if (!ALLOWED[from].includes(to)) {
        context.report({ node, messageId: 'layer', data: { from, to, allowed: ALLOWED[from].join(', ') || 'nothing of ours' } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
