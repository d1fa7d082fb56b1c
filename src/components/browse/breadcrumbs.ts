/**
 * Breadcrumb trails of the catalogue's pages: the visible trail (Breadcrumbs.astro) and the
 * schema.org BreadcrumbList search engines read, made from the same steps.
 */
import type { NavItem } from '../../domain/catalogue.model.ts';
import { getT, localePath, type Locale } from '../../i18n/index.ts';

export interface Crumb {
  label: string;
  /** A path on the site (localePath); the current page's crumb has one too, for the JSON-LD. */
  href: string;
}

/** The navigation items from the top down to `tag` (sport > league > team); empty for a tag not in the menu. */
export function navTrail(items: readonly NavItem[], tag: string): NavItem[] {
  const byTag = new Map(items.map((item) => [item.tag, item]));
  const trail: NavItem[] = [];
  for (let at = byTag.get(tag); at; at = at.parentTag ? byTag.get(at.parentTag) : undefined) trail.unshift(at);
  return trail;
}

/** Home, then each category of the trail. */
export function categoryCrumbs(locale: Locale, trail: readonly NavItem[]): Crumb[] {
  return [{ label: getT(locale)('browse.home'), href: localePath(locale, '/') }, ...trail.map((step) => ({ label: step.tagName, href: localePath(locale, `/category/${step.tag}/`) }))];
}

/** The trail as schema.org data, with absolute addresses on `site`. */
export function breadcrumbList(crumbs: readonly Crumb[], site: URL): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.label, item: new URL(crumb.href, site).toString() })),
  };
}
