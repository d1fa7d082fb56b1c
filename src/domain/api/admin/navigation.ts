/** The storefront's navigation tree as staff edit it (docs/back-office.md "Teams, navigation, customers, reviews and the newsletter"): nav:edit. */
import type { z } from 'zod';
import type { AdminNavNode } from '../../back-office/navigation.model.ts';
import type { navAddRequestSchema, navMoveRequestSchema, navRemoveRequestSchema, navRenameRequestSchema } from '../../back-office/navigation.schema.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const adminNavigationApi = {
  navTree: get<NoRequest, AdminNavNode[]>('/admin/nav/tree'),
  navAdd: post<z.input<typeof navAddRequestSchema>, AdminNavNode[]>('/admin/nav/add'),
  navRename: post<z.input<typeof navRenameRequestSchema>, AdminNavNode[]>('/admin/nav/rename'),
  navRemove: post<z.input<typeof navRemoveRequestSchema>, AdminNavNode[]>('/admin/nav/remove'),
  navMove: post<z.input<typeof navMoveRequestSchema>, AdminNavNode[]>('/admin/nav/move'),
};
