/**
 * The content pages' collection (src/content.config.ts): the repository's markdown files
 * (src/content/pages/<locale>/<slug>.md) and the pages published in the back office
 * (contentApi.publishedPages), merged by the rule written in src/content/README.md "Which text wins":
 * a page never edited in the back office follows its file; once published from the back office,
 * the back office's version wins, and when the file changed after that version was saved the
 * build says so, naming the page, so neither text is dropped silently.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader } from 'astro/loaders';
import type { PublishedContentPage } from '../domain/back-office/pages.model.ts';
import { contentApi } from '../domain/api/content.ts';
import { parsePageFile, type ContentPageText } from '../domain/content-pages.ts';
import { LOCALES } from '../domain/locale.ts';

const CONTENT_DIR = fileURLToPath(new URL('../content/pages/', import.meta.url));

export interface PageFile {
  /** `<locale>/<slug>`, the collection entry's id. */
  id: string;
  filePath: string;
  text: ContentPageText;
  hash: string;
}

/** Every page file of the repository; a file without front matter stops the build, naming it. */
export async function readPageFiles(dir = CONTENT_DIR): Promise<PageFile[]> {
  const files: PageFile[] = [];
  for (const folder of await readdir(dir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    if (!(LOCALES as readonly string[]).includes(folder.name)) throw new Error(`src/content/pages/${folder.name}: pages live in a locale folder (${LOCALES.join(', ')})`);
    for (const name of (await readdir(path.join(dir, folder.name))).sort()) {
      if (!name.endsWith('.md')) continue;
      const filePath = path.join(dir, folder.name, name);
      const source = await readFile(filePath, 'utf8');
      const text = parsePageFile(source);
      if (!text) throw new Error(`src/content/pages/${folder.name}/${name}: the file must start with its front matter between two --- lines`);
      files.push({ id: `${folder.name}/${name.slice(0, -3)}`, filePath: path.relative(process.cwd(), filePath), text, hash: createHash('sha256').update(source).digest('hex') });
    }
  }
  return files;
}

export interface MergedPage {
  id: string;
  text: ContentPageText;
  inFooter: boolean;
  source: 'repository' | 'backOffice';
  filePath?: string;
}

/** Applies "which text wins" (src/content/README.md); `warn` hears of every file changed after its page's back-office version. */
export function mergePages(files: readonly PageFile[], published: readonly PublishedContentPage[], warn: (message: string) => void): MergedPage[] {
  const merged = new Map<string, MergedPage>();
  for (const file of files) merged.set(file.id, { id: file.id, text: file.text, inFooter: false, source: 'repository', filePath: file.filePath });
  for (const page of published) {
    const id = `${page.locale}/${page.slug}`;
    const file = files.find((f) => f.id === id);
    if (file && file.hash !== page.sourceHash) {
      warn(
        `${file.filePath} changed in the repository after its back-office version of ${page.savedAt.slice(0, 10)}: the back office's version is published. ` +
          'Bring the change into the Pages screen (or publish the file\'s text from there), then this warning goes.',
      );
    }
    const { title, description, updated, body } = page;
    merged.set(id, { id, text: { title, description, updated, body }, inFooter: page.inFooter, source: 'backOffice' });
  }
  return [...merged.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** The back office's published pages; none (with a warning) where no API is configured, as for `astro sync`. */
async function publishedPages(warn: (message: string) => void): Promise<PublishedContentPage[]> {
  if (!process.env['CATALOGUE_API_URL']) {
    warn('CATALOGUE_API_URL is not set: the content pages are the repository files only');
    return [];
  }
  // A failure stops the build: pages built without the back office's versions would undo its edits.
  // (Plain fetch: the build layer does not take the browser's HTTP layer.)
  const url = `${process.env['CATALOGUE_API_URL'].replace(/\/$/, '')}${contentApi.publishedPages.path}`;
  const response = await fetch(url);
  const envelope = (await response.json().catch(() => null)) as { code?: string; msg?: string; data?: PublishedContentPage[] } | null;
  if (!response.ok || envelope?.code !== '0000' || !Array.isArray(envelope.data)) throw new Error(`${url} answered ${response.status} ${envelope?.msg ?? ''}: the back office's pages cannot be read`);
  return envelope.data;
}

export function contentPagesLoader(): Loader {
  return {
    name: 'jersey-shop:content-pages',
    load: async ({ store, parseData, renderMarkdown, generateDigest, logger }) => {
      const warn = (message: string) => logger.warn(message);
      const pages = mergePages(await readPageFiles(), await publishedPages(warn), warn);
      store.clear();
      for (const page of pages) {
        const { title, description, updated, body } = page.text;
        const data = await parseData({ id: page.id, data: { title, description, ...(updated ? { updated } : {}), inFooter: page.inFooter, source: page.source }, ...(page.filePath ? { filePath: page.filePath } : {}) });
        store.set({ id: page.id, data, body, rendered: await renderMarkdown(body), digest: generateDigest({ data, body }), ...(page.filePath ? { filePath: page.filePath } : {}) });
      }
    },
  };
}
