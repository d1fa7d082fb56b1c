/**
 * The shop's content pages (about, FAQ, policies and the pages editors add), shared by the build,
 * the server and the back office's Pages screen (src/content/README.md, docs/back-office.md):
 * the slug and front matter rules, the markdown file format, the link check and the line diff of
 * two versions. Pure: no I/O, so the browser and the build use the same rules as the server.
 */
import { Marked } from 'marked';
import { LOCALES, type Locale } from './locale.ts';

export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const CONTENT_SLUG_MAX = 60;
export const CONTENT_TITLE_MAX = 80;
export const CONTENT_DESCRIPTION_MAX = 200;
export const CONTENT_BODY_MAX = 100_000;

/**
 * Paths below a locale that the shop's own routes use (src/pages/[locale]/): a content page of
 * that name would be hidden by the route. A unit test keeps this list equal to the route files.
 */
export const RESERVED_SLUGS: readonly string[] = [
  '404',
  'account',
  'add-address',
  'address',
  'cart',
  'category',
  'change-password',
  'checkouts',
  'login',
  'myprofile',
  'order-detail',
  'order-success',
  'orders',
  'pay',
  'product',
  'register',
  'reset-password',
  'rosters',
  'search',
  'tracking-order',
  'wishlist',
];

/** One locale's text of a page: what the markdown file holds. */
export interface ContentPageText {
  title: string;
  description: string;
  /** YYYY-MM-DD, or null when the page shows no "last updated". */
  updated: string | null;
  body: string;
}

/** A problem with a field, as a message key of the back office and its values. */
export interface ContentProblem {
  field: 'slug' | 'title' | 'description' | 'updated' | 'body';
  problem: 'required' | 'tooLong' | 'format' | 'reserved' | 'date';
  max?: number;
}

export function slugProblem(slug: string): ContentProblem | null {
  if (!slug) return { field: 'slug', problem: 'required' };
  if (slug.length > CONTENT_SLUG_MAX) return { field: 'slug', problem: 'tooLong', max: CONTENT_SLUG_MAX };
  if (!CONTENT_SLUG_PATTERN.test(slug)) return { field: 'slug', problem: 'format' };
  if (RESERVED_SLUGS.includes(slug) || (LOCALES as readonly string[]).includes(slug) || slug === 'admin') return { field: 'slug', problem: 'reserved' };
  return null;
}

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The front matter rules the build has always applied (src/content.config.ts): title ≤80, description ≤200, updated a date. */
export function frontMatterProblems(text: ContentPageText): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const title = text.title.trim();
  const description = text.description.trim();
  if (!title) problems.push({ field: 'title', problem: 'required' });
  else if (title.length > CONTENT_TITLE_MAX) problems.push({ field: 'title', problem: 'tooLong', max: CONTENT_TITLE_MAX });
  if (!description) problems.push({ field: 'description', problem: 'required' });
  else if (description.length > CONTENT_DESCRIPTION_MAX) problems.push({ field: 'description', problem: 'tooLong', max: CONTENT_DESCRIPTION_MAX });
  if (text.updated !== null && text.updated !== '' && !isIsoDate(text.updated)) problems.push({ field: 'updated', problem: 'date' });
  if (text.body.length > CONTENT_BODY_MAX) problems.push({ field: 'body', problem: 'tooLong', max: CONTENT_BODY_MAX });
  return problems;
}

/** Splits a page file (`---` front matter, then markdown) into its text; null when it has no front matter. */
export function parsePageFile(source: string): ContentPageText | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source.replace(/^\uFEFF/, ''));
  if (!match) return null;
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!field) continue;
    let value = field[2]!.trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    fields.set(field[1]!, value);
  }
  return { title: fields.get('title') ?? '', description: fields.get('description') ?? '', updated: fields.get('updated') || null, body: match[2]!.replace(/^\r?\n/, '') };
}

/** A page's text as a repository file (what a developer would write), e.g. to copy an edit back into the repository. */
export function pageFile(text: ContentPageText): string {
  const quote = (value: string) => (/^[\s"'[{>|*&!%@`#-]|:\s|\s$/.test(value) ? JSON.stringify(value) : value);
  return ['---', `title: ${quote(text.title)}`, `description: ${quote(text.description)}`, ...(text.updated ? [`updated: ${text.updated}`] : []), '---', '', text.body].join('\n');
}

/** A link in a page's markdown that leads nowhere. */
export interface BrokenLink {
  href: string;
  line: number;
}

/**
 * The page's relative links that lead to no page: `../<slug>/` (another content page of the same
 * locale, or one of the shop's routes), `/<locale>/<path>/`, and `#section` anchors of the page
 * itself. Links to other sites and mail links are not checked (the shop cannot fetch them).
 */
export function brokenLinks(body: string, existing: { pages: ReadonlySet<string>; anchors: ReadonlySet<string> }): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const lines = body.split('\n');
  const routes = new Set([...RESERVED_SLUGS, '']);
  lines.forEach((text, index) => {
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const href = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('{{')) continue;
      const [path, anchor] = href.split('#', 2) as [string, string | undefined];
      let ok: boolean;
      if (path === '') ok = anchor === undefined || anchor === '' || existing.anchors.has(decodeURIComponentSafe(anchor));
      else {
        const relative = /^\.\.\/([a-z0-9-]+)\/?$/.exec(path);
        const absolute = /^\/(?:en-US|zh-CN)\/([a-z0-9-]*)(?:\/.*)?$/.exec(path);
        const target = relative?.[1] ?? absolute?.[1];
        ok = target !== undefined && (routes.has(target) || existing.pages.has(target));
      }
      if (!ok) broken.push({ href, line: index + 1 });
    }
  });
  return broken;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The anchor a heading gets on the page: lower case, punctuation dropped, spaces to dashes (the
 * rule of GitHub's slugger, which the build's markdown uses), so Chinese headings keep their text.
 */
export function headingAnchor(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's `##`-and-deeper headings. */
export function headingAnchors(body: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of body.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = headingAnchor(match[1]!.replace(/[*_`]/g, ''));
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * The lines of `after` against `before` (longest common subsequence): what a restore or a save
 * would change. Quadratic in the lines that differ, plenty for pages of a few hundred lines.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // The common start and end need no table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const width = midB.length + 1;
  const table = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      table[i * width + j] = midA[i] === midB[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const lines: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      lines.push({ kind: 'same', text: midA[i]! });
      i++;
      j++;
    } else if (i < midA.length && (j === midB.length || table[(i + 1) * width + j]! >= table[i * width + j + 1]!)) {
      // Removed lines before the added ones that replace them, as diffs are read.
      lines.push({ kind: 'removed', text: midA[i++]! });
    } else {
      lines.push({ kind: 'added', text: midB[j++]! });
    }
  }
  for (const text of a.slice(endA)) lines.push({ kind: 'same', text });
  return lines;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const previewMarkdown = new Marked({
  gfm: true,
  renderer: {
    // Raw HTML is shown as text in the preview: the back office never runs a page's markup.
    html: ({ text }) => escapeHtml(text),
    heading({ tokens, depth, text }) {
      return `<h${depth} id="${escapeHtml(headingAnchor(text.replace(/[*_`]/g, '')))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      return /^javascript:/i.test(href) ? label : `<a href="${escapeHtml(href)}">${label}</a>`;
    },
  },
});

/** The page's markdown as the preview shows it (the build renders with astro's markdown; the result is the same HTML for what pages use). */
export function previewHtml(body: string, supportEmail: string): string {
  const email = escapeHtml(supportEmail);
  return previewMarkdown.parse(body, { async: false }).replaceAll('{{supportEmail}}', `<a href="mailto:${email}">${email}</a>`);
}

/** The locales, in the order the editor shows them side by side. */
export const CONTENT_LOCALES: readonly Locale[] = LOCALES;
