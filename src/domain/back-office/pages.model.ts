/** The content pages as the back office's Pages screen and the build see them (docs/back-office.md "Pages"). */
import type { ContentPageText } from '../content-pages.ts';
import type { Locale } from '../locale.ts';

/** Where a page's text in one locale comes from now: its repository file, or the back office's versions. */
export type PageSource = 'repository' | 'backOffice';

export interface PageLocaleState {
  source: PageSource;
  /** The text the editor opens: the last saved version, or the repository file; null when the page lacks this locale. */
  text: ContentPageText | null;
  inFooter: boolean;
  savedVersionId: number | null;
  publishedVersionId: number | null;
  savedAt: string | null;
  savedBy: string | null;
  publishedAt: string | null;
  /** Saved since the last publish: the storefront shows an older text. */
  unpublished: boolean;
  /** The repository file changed after the last back-office save (the back office's version still wins). */
  repositoryChanged: boolean;
  /** The repository file's text, when there is one. */
  repository: ContentPageText | null;
}

/**
 * A locale of a page never saved in the back office: the repository file's text when there is one
 * (null for a page just created on the Pages screen), nothing saved or published.
 */
export function unsavedLocaleState(source: PageSource, repository: ContentPageText | null): PageLocaleState {
  return {
    source,
    text: repository,
    inFooter: false,
    savedVersionId: null,
    publishedVersionId: null,
    savedAt: null,
    savedBy: null,
    publishedAt: null,
    unpublished: false,
    repositoryChanged: false,
    repository,
  };
}

export interface PageSummary {
  slug: string;
  locales: Record<Locale, { title: string | null; source: PageSource; unpublished: boolean; repositoryChanged: boolean; savedAt: string | null }>;
  inFooter: boolean;
}

export interface PageDetail {
  slug: string;
  locales: Record<Locale, PageLocaleState>;
}

export interface PageVersionSummary {
  id: number;
  slug: string;
  locale: Locale;
  title: string;
  savedAt: string;
  savedBy: string;
  kind: 'save' | 'restore';
  restoredFrom: number | null;
  /** The version the storefront shows. */
  live: boolean;
}

export interface PageVersion extends PageVersionSummary {
  text: ContentPageText;
  inFooter: boolean;
}

/** What a publish did: the locales put live, and whether every page is rebuilt (the footer changed) or only this one. */
export interface PagePublishResult {
  slug: string;
  locales: Locale[];
  rebuild: 'page' | 'all';
}

/** A page the back office published, as the build reads it (contentApi.publishedPages). */
export interface PublishedContentPage extends ContentPageText {
  slug: string;
  locale: Locale;
  inFooter: boolean;
  /** sha-256 of the repository file when the page was last saved in the back office (null: there was none). */
  sourceHash: string | null;
  savedAt: string;
}
