import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteFiles, pageAssets, parseHtml, parseImports, resolveUrl, walkImports } from '../../../bench/assets.ts';

describe('bench asset graph: reading a built page', () => {
  const html = `<!doctype html><html><head>
    <link rel="stylesheet" href="/_astro/page.css"><link rel="modulepreload" href="/_astro/pre.js">
    <link rel="preload" href="/images/hero.svg" as="image"><link rel="canonical" href="/en-US/">
    <script type="application/ld+json">{"@type":"Product"}</script>
    <script>(()=>{self.Astro={}})();</script>
    </head><body>
    <astro-island uid="a" component-url="/_astro/Config.js" renderer-url="/_astro/client.js" props="{&quot;x&quot;:1}" ssr client="idle"></astro-island>
    <astro-island uid="b" component-url="/_astro/Drawer.js" renderer-url="/_astro/client.js" client="event" opts="{}"></astro-island>
    <script type="module" src="/_astro/layout.js"></script>
    </body></html>`;

  it('finds module scripts, preloads, inline scripts (not data blocks), islands with their directive, and stylesheets', () => {
    const entries = parseHtml(html);
    expect(entries.scripts).toEqual(['/_astro/layout.js', '/_astro/pre.js']);
    expect(entries.inlineScripts).toEqual(['(()=>{self.Astro={}})();']);
    expect(entries.islands).toEqual([
      { component: '/_astro/Config.js', renderer: '/_astro/client.js', directive: 'idle' },
      { component: '/_astro/Drawer.js', renderer: '/_astro/client.js', directive: 'event' },
    ]);
    expect(entries.styles).toEqual(['/_astro/page.css']);
  });

  it('reads static and dynamic imports from minified chunks', () => {
    const code =
      'import{r as e,t}from"./rolldown-runtime.js";import"./side-effect.js";export{a as b}from"./re.js";' +
      'var x=()=>import(`./lazy.js`),y=import("./lazy2.js");export{x as default};let s="not an import(\'x\')";';
    const found = parseImports(code);
    expect(found.static.sort()).toEqual(['./re.js', './rolldown-runtime.js', './side-effect.js']);
    expect(found.dynamic.sort()).toEqual(['./lazy.js', './lazy2.js']);
  });

  it('resolves specifiers against the importing module', () => {
    expect(resolveUrl('./x.js', '/_astro/a.js')).toBe('/_astro/x.js');
    expect(resolveUrl('/_astro/y.js', '/en-US/search/?q=a')).toBe('/_astro/y.js');
    expect(resolveUrl('../images/z.svg', '/_astro/a.css')).toBe('/images/z.svg');
  });

  it('walks static imports for what loads up front, and dynamic ones too for everything', () => {
    const graph: Record<string, { static: string[]; dynamic: string[] }> = {
      a: { static: ['b'], dynamic: ['lazy'] },
      b: { static: ['a', 'c'], dynamic: [] }, // a cycle
      c: { static: [], dynamic: [] },
      lazy: { static: ['d'], dynamic: [] },
      d: { static: [], dynamic: [] },
    };
    const { staticClosure, allClosure } = walkImports(['a'], (url) => graph[url]!);
    expect([...staticClosure].sort()).toEqual(['a', 'b', 'c']);
    expect([...allClosure].sort()).toEqual(['a', 'b', 'c', 'd', 'lazy']);
  });
});

describe('bench asset graph: one page of a built site', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-assets-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    '_astro/layout.js': 'import{a}from"./shared.js";const l=()=>import("./toaster.js");' + 'x'.repeat(300),
    '_astro/shared.js': 'export const a=1;' + 'shared '.repeat(200),
    '_astro/toaster.js': 'import"./shared.js";' + 'toast '.repeat(200),
    '_astro/client.js': 'import"./react.js";' + 'client '.repeat(200),
    '_astro/react.js': 'react '.repeat(2000),
    '_astro/Config.js': 'import"./react.js";' + 'config '.repeat(300),
    '_astro/Drawer.js': 'import"./react.js";import"./drawer-only.js";' + 'drawer '.repeat(300),
    '_astro/drawer-only.js': 'drawer only '.repeat(100),
    '_astro/Tabs.js': 'import"./react.js";' + 'tabs '.repeat(100),
    '_astro/page.css': 'body{color:red}'.repeat(50),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const inline = '(()=>{self.Astro={}})();';
  mkdirSync(path.join(root, 'en-US', 'product', '7'), { recursive: true });
  writeFileSync(
    path.join(root, 'en-US', 'product', '7', 'index.html'),
    `<link rel="stylesheet" href="/_astro/page.css"><script>${inline}</script>
     <astro-island component-url="/_astro/Config.js" renderer-url="/_astro/client.js" client="idle"></astro-island>
     <astro-island component-url="/_astro/Tabs.js" renderer-url="/_astro/client.js" client="visible"></astro-island>
     <astro-island component-url="/_astro/Drawer.js" renderer-url="/_astro/client.js" client="event"></astro-island>
     <script type="module" src="/_astro/layout.js"></script>`,
  );
  const gz = (...names: string[]) => names.reduce((sum, name) => sum + gzipSync(files[name]!).length, 0);

  it('sums gzip sizes: idle islands before interaction, visible ones on scroll, event islands and dynamic imports only in all', () => {
    const result = pageAssets(new SiteFiles(root), { kind: 'product', locale: 'en-US', path: '/en-US/product/7/' }, null);
    const inlineBytes = gzipSync(inline).length;
    expect(result.files.beforeInteraction).toEqual(['/_astro/Config.js', '/_astro/client.js', '/_astro/layout.js', '/_astro/react.js', '/_astro/shared.js']);
    expect(result.js.beforeInteraction).toBe(gz('_astro/layout.js', '_astro/shared.js', '_astro/Config.js', '_astro/client.js', '_astro/react.js') + inlineBytes);
    expect(result.js.onScroll).toBe(gz('_astro/Tabs.js'));
    expect(result.js.all).toBe(result.js.beforeInteraction + gz('_astro/Tabs.js', '_astro/Drawer.js', '_astro/drawer-only.js', '_astro/toaster.js'));
    expect(result.css).toBe(gz('_astro/page.css'));
    expect(result.observed).toBeNull();
  });

  it('sizes what a Lighthouse run loaded, by URL', () => {
    const observed = ['http://127.0.0.1:1/_astro/layout.js', 'http://127.0.0.1:1/_astro/shared.js', 'http://127.0.0.1:1/_astro/page.css'];
    const result = pageAssets(new SiteFiles(root), { kind: 'product', locale: 'en-US', path: '/en-US/product/7/' }, observed);
    expect(result.observed!.js).toBe(gz('_astro/layout.js', '_astro/shared.js') + gzipSync(inline).length);
    expect(result.observed!.css).toBe(gz('_astro/page.css'));
  });

  it('fails loudly when the page names a file the build does not have', () => {
    writeFileSync(path.join(root, 'en-US', 'broken.html'), '<script type="module" src="/_astro/missing.js"></script>');
    mkdirSync(path.join(root, 'en-US', 'broken'), { recursive: true });
    writeFileSync(path.join(root, 'en-US', 'broken', 'index.html'), '<script type="module" src="/_astro/missing.js"></script>');
    expect(() => pageAssets(new SiteFiles(root), { kind: 'home', locale: 'en-US', path: '/en-US/broken/' }, null)).toThrow(/no file for \/_astro\/missing\.js/);
  });
});
