/**
 * The back office's teams and squads, navigation tree, customers, reviews and newsletter
 * (docs/back-office.md "Teams, navigation, customers, reviews and the newsletter"). Staff only,
 * each call behind the permission code the server checks.
 */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { OrderExport } from '../../back-office/admin.model.ts';
import type {
  AdminCustomerDetail,
  AdminCustomerListRow,
  AdminGuestDetail,
  AdminNavNode,
  AdminReviewRow,
  AdminSquadPlayer,
  AdminSubscriber,
  AdminTeamDetail,
  AdminTeamRow,
  CustomerDataExport,
  ErasureAnswer,
} from '../../back-office/people.model.ts';
import type {
  customerEraseRequestSchema,
  customerListRequestSchema,
  customerRequestSchema,
  customerStatusRequestSchema,
  guestCustomerRequestSchema,
  navAddRequestSchema,
  navMoveRequestSchema,
  navRemoveRequestSchema,
  navRenameRequestSchema,
  reviewListRequestSchema,
  reviewModerateRequestSchema,
  squadPlayerRemoveRequestSchema,
  squadPlayerSaveRequestSchema,
  subscriberExportRequestSchema,
  subscriberListRequestSchema,
  teamListRequestSchema,
  teamPatchesRequestSchema,
  teamRequestSchema,
  unsubscribeRequestSchema,
} from '../../back-office/people.schema.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const peopleApi = {
  teamList: post<z.input<typeof teamListRequestSchema>, Page<AdminTeamRow>>('/admin/teams/list'),
  team: post<z.input<typeof teamRequestSchema>, AdminTeamDetail>('/admin/teams/get'),
  savePlayer: post<z.input<typeof squadPlayerSaveRequestSchema>, AdminSquadPlayer>('/admin/teams/savePlayer'),
  removePlayer: post<z.input<typeof squadPlayerRemoveRequestSchema>, { removed: number }>('/admin/teams/removePlayer'),
  setTeamPatches: post<z.input<typeof teamPatchesRequestSchema>, AdminTeamDetail>('/admin/teams/setPatches'),
  navTree: get<NoRequest, AdminNavNode[]>('/admin/nav/tree'),
  navAdd: post<z.input<typeof navAddRequestSchema>, AdminNavNode[]>('/admin/nav/add'),
  navRename: post<z.input<typeof navRenameRequestSchema>, AdminNavNode[]>('/admin/nav/rename'),
  navRemove: post<z.input<typeof navRemoveRequestSchema>, AdminNavNode[]>('/admin/nav/remove'),
  navMove: post<z.input<typeof navMoveRequestSchema>, AdminNavNode[]>('/admin/nav/move'),
  customerList: post<z.input<typeof customerListRequestSchema>, Page<AdminCustomerListRow>>('/admin/customers/list'),
  customer: post<z.input<typeof customerRequestSchema>, AdminCustomerDetail>('/admin/customers/get'),
  guestCustomer: post<z.input<typeof guestCustomerRequestSchema>, AdminGuestDetail>('/admin/customers/guestDetail'),
  setCustomerStatus: post<z.input<typeof customerStatusRequestSchema>, AdminCustomerDetail>('/admin/customers/setStatus'),
  exportCustomer: post<z.input<typeof customerRequestSchema>, CustomerDataExport>('/admin/customers/export'),
  eraseCustomer: post<z.input<typeof customerEraseRequestSchema>, ErasureAnswer>('/admin/customers/erase'),
  reviewList: post<z.input<typeof reviewListRequestSchema>, Page<AdminReviewRow>>('/admin/reviews/list'),
  moderateReview: post<z.input<typeof reviewModerateRequestSchema>, AdminReviewRow>('/admin/reviews/moderate'),
  subscriberList: post<z.input<typeof subscriberListRequestSchema>, Page<AdminSubscriber>>('/admin/newsletter/list'),
  subscriberExport: post<z.input<typeof subscriberExportRequestSchema>, OrderExport>('/admin/newsletter/export'),
  unsubscribe: post<z.input<typeof unsubscribeRequestSchema>, { removed: number }>('/admin/newsletter/unsubscribe'),
};
