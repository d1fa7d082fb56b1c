/** The back office's teams and their squads and patches (docs/back-office.md "Teams, navigation, customers, reviews and the newsletter"): team:edit. */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { AdminSquadPlayer, AdminTeamDetail, AdminTeamRow } from '../../back-office/teams.model.ts';
import type { squadPlayerRemoveRequestSchema, squadPlayerSaveRequestSchema, teamListRequestSchema, teamPatchesRequestSchema, teamRequestSchema } from '../../back-office/teams.schema.ts';
import { post } from '../endpoint.ts';

export const adminTeamsApi = {
  teamList: post<z.input<typeof teamListRequestSchema>, Page<AdminTeamRow>>('/admin/teams/list'),
  team: post<z.input<typeof teamRequestSchema>, AdminTeamDetail>('/admin/teams/get'),
  savePlayer: post<z.input<typeof squadPlayerSaveRequestSchema>, AdminSquadPlayer>('/admin/teams/savePlayer'),
  removePlayer: post<z.input<typeof squadPlayerRemoveRequestSchema>, { removed: number }>('/admin/teams/removePlayer'),
  setTeamPatches: post<z.input<typeof teamPatchesRequestSchema>, AdminTeamDetail>('/admin/teams/setPatches'),
};
