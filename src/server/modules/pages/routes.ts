/** The Pages screen's calls (page:edit; publishing takes page:publish) and the published pages the build reads. */
import { adminPagesApi } from '../../../domain/api/admin/pages.ts';
import { contentApi } from '../../../domain/api/content.ts';
import { pageRequestSchema, pageSaveRequestSchema, pageVersionRequestSchema, pageVersionsRequestSchema } from '../../../domain/back-office/pages.schema.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import type { PageDesk } from './page-desk.ts';

export function pageRoutes({ desk }: { desk: PageDesk }, guards: Guards) {
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const edit = staffCalls(route, guards.requirePermission(PERMISSIONS.PAGE_EDIT));
    const publish = staffCalls(route, guards.requirePermission(PERMISSIONS.PAGE_PUBLISH));
    edit(adminPagesApi.pageList, 'Every content page (repository files and pages added here) with where each locale comes from and what waits to be published', emptyBodySchema, () => desk.list());
    edit(adminPagesApi.page, "One page's text in each locale, with its repository file", pageRequestSchema, ({ body }) => desk.get(body.slug));
    edit(adminPagesApi.savePage, 'Save one locale of a page as a new version (front matter rules as the build); a new page takes a free slug; audited', pageSaveRequestSchema, ({ body, actor }) => desk.save(actor, body));
    edit(adminPagesApi.pageVersions, "A page's saved versions in one locale, newest first", pageVersionsRequestSchema, ({ body }) => desk.versions(body.slug, body.locale));
    edit(adminPagesApi.pageVersion, 'One saved version with its text', pageVersionRequestSchema, ({ body }) => desk.version(body.id));
    edit(adminPagesApi.restorePage, 'Save an older version again as the newest; audited', pageVersionRequestSchema, ({ body, actor }) => desk.restore(actor, body.id));
    publish(adminPagesApi.publishPage, 'Put the saved versions live and rebuild that page (every page when the footer changes); audited', pageRequestSchema, ({ body, actor }) => desk.publish(actor, body.slug));
    route(contentApi.publishedPages, {
      tags: ['content'],
      summary: 'The content pages published from the back office, for the static build',
      handler: async () => ok(await desk.published()),
    });
  });
}
