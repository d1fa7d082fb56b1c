/** The back office's teams (`team:edit`) and navigation tree (`nav:edit`) calls. */
import { splitPage } from '../../db/paging.ts';
import { adminNavigationApi } from '../../../domain/api/admin/navigation.ts';
import { adminTeamsApi } from '../../../domain/api/admin/teams.ts';
import {
  navAddRequestSchema,
  navMoveRequestSchema,
  navRemoveRequestSchema,
  navRenameRequestSchema,
  squadPlayerRemoveRequestSchema,
  squadPlayerSaveRequestSchema,
  teamListRequestSchema,
  teamPatchesRequestSchema,
  teamRequestSchema,
} from '../../../domain/back-office/people.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { actorOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { NavDesk } from './nav-desk.ts';
import { TeamDesk } from './team-desk.ts';

export interface CatalogueAdminDeps {
  db: Db;
}

export function catalogueAdminRoutes(deps: CatalogueAdminDeps, guards: Guards) {
  const teamsAdmin = new TeamDesk(deps.db);
  const nav = new NavDesk(deps.db);
  const editTeams = guards.requirePermission(PERMISSIONS.TEAM_EDIT);
  const editNav = guards.requirePermission(PERMISSIONS.NAV_EDIT);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminTeamsApi.teamList, {
      summary: 'Teams, searchable by name or tag, filtered by sport and league, with their squad and product counts',
      preValidation: editTeams,
      request: teamListRequestSchema,
      handler: async (request) => ok(await teamsAdmin.list(...splitPage(request.body))),
    });
    route(adminTeamsApi.team, {
      summary: "One team: its squad and the patches that apply to it (through its own tag or its league's)",
      preValidation: editTeams,
      request: teamRequestSchema,
      handler: async (request) => ok(await teamsAdmin.detail(request.body.teamId)),
    });
    route(adminTeamsApi.savePlayer, {
      summary: "Add a squad player or edit one: name 1-15 letters A-Z, number 0-99 (the configurator's rules); one number per player",
      preValidation: editTeams,
      request: squadPlayerSaveRequestSchema,
      handler: async (request) => ok(await teamsAdmin.savePlayer(actorOf(request), request.body)),
    });
    route(adminTeamsApi.removePlayer, {
      summary: 'Remove a squad player',
      preValidation: editTeams,
      request: squadPlayerRemoveRequestSchema,
      handler: async (request) => ok(await teamsAdmin.removePlayer(actorOf(request), request.body.teamId, request.body.id)),
    });
    route(adminTeamsApi.setTeamPatches, {
      summary: "Which patches the team's own tag lists (patches of its league stay)",
      preValidation: editTeams,
      request: teamPatchesRequestSchema,
      handler: async (request) => ok(await teamsAdmin.setPatches(actorOf(request), request.body.teamId, request.body.patchIds)),
    });
    route(adminNavigationApi.navTree, {
      summary: 'The navigation tree with both titles and product counts',
      preValidation: editNav,
      handler: async () => ok(await nav.tree()),
    });
    route(adminNavigationApi.navAdd, {
      summary: 'Add a navigation entry (at most three levels); answers the tree',
      preValidation: editNav,
      request: navAddRequestSchema,
      handler: async (request) => ok(await nav.add(actorOf(request), request.body)),
    });
    route(adminNavigationApi.navRename, {
      summary: "Change an entry's titles in both languages; answers the tree",
      preValidation: editNav,
      request: navRenameRequestSchema,
      handler: async (request) => ok(await nav.rename(actorOf(request), request.body)),
    });
    route(adminNavigationApi.navRemove, {
      summary: 'Remove an entry without entries or products under it; answers the tree',
      preValidation: editNav,
      request: navRemoveRequestSchema,
      handler: async (request) => ok(await nav.remove(actorOf(request), request.body.id)),
    });
    route(adminNavigationApi.navMove, {
      summary: 'Reorder an entry among its siblings or move it under another parent (no fourth level); answers the tree',
      preValidation: editNav,
      request: navMoveRequestSchema,
      handler: async (request) => ok(await nav.move(actorOf(request), request.body)),
    });
  });
}
