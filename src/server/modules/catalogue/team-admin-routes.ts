/** The back office's teams (`team:edit`) and navigation tree (`nav:edit`) calls. */
import { splitPage } from '../../db/paging.ts';
import { adminNavigationApi } from '../../../domain/api/admin/navigation.ts';
import { adminTeamsApi } from '../../../domain/api/admin/teams.ts';
import { navAddRequestSchema, navMoveRequestSchema, navRemoveRequestSchema, navRenameRequestSchema } from '../../../domain/back-office/navigation.schema.ts';
import { squadPlayerRemoveRequestSchema, squadPlayerSaveRequestSchema, teamListRequestSchema, teamPatchesRequestSchema, teamRequestSchema } from '../../../domain/back-office/teams.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { NavDesk } from './nav-desk.ts';
import { TeamDesk } from './team-desk.ts';

export interface CatalogueAdminDeps {
  db: Db;
}

export function catalogueAdminRoutes(deps: CatalogueAdminDeps, guards: Guards) {
  const teamsAdmin = new TeamDesk(deps.db);
  const nav = new NavDesk(deps.db);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const editTeams = staffCalls(route, guards.requirePermission(PERMISSIONS.TEAM_EDIT));
    const editNav = staffCalls(route, guards.requirePermission(PERMISSIONS.NAV_EDIT));
    editTeams(adminTeamsApi.teamList, 'Teams, searchable by name or tag, filtered by sport and league, with their squad and product counts', teamListRequestSchema, ({ body }) => teamsAdmin.list(...splitPage(body)));
    editTeams(adminTeamsApi.team, "One team: its squad and the patches that apply to it (through its own tag or its league's)", teamRequestSchema, ({ body }) => teamsAdmin.detail(body.teamId));
    editTeams(
      adminTeamsApi.savePlayer,
      "Add a squad player or edit one: name 1-15 letters A-Z, number 0-99 (the configurator's rules); one number per player",
      squadPlayerSaveRequestSchema,
      ({ body, actor }) => teamsAdmin.savePlayer(actor, body),
    );
    editTeams(adminTeamsApi.removePlayer, 'Remove a squad player', squadPlayerRemoveRequestSchema, ({ body, actor }) => teamsAdmin.removePlayer(actor, body.teamId, body.id));
    editTeams(adminTeamsApi.setTeamPatches, "Which patches the team's own tag lists (patches of its league stay)", teamPatchesRequestSchema, ({ body, actor }) =>
      teamsAdmin.setPatches(actor, body.teamId, body.patchIds),
    );
    editNav(adminNavigationApi.navTree, 'The navigation tree with both titles and product counts', undefined, () => nav.tree());
    editNav(adminNavigationApi.navAdd, 'Add a navigation entry (at most three levels); answers the tree', navAddRequestSchema, ({ body, actor }) => nav.add(actor, body));
    editNav(adminNavigationApi.navRename, "Change an entry's titles in both languages; answers the tree", navRenameRequestSchema, ({ body, actor }) => nav.rename(actor, body));
    editNav(adminNavigationApi.navRemove, 'Remove an entry without entries or products under it; answers the tree', navRemoveRequestSchema, ({ body, actor }) => nav.remove(actor, body.id));
    editNav(
      adminNavigationApi.navMove,
      'Reorder an entry among its siblings or move it under another parent (no fourth level); answers the tree',
      navMoveRequestSchema,
      ({ body, actor }) => nav.move(actor, body),
    );
  });
}
