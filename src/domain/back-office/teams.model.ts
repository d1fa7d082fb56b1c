/**
 * The back office's teams and their squads (docs/back-office.md "Teams, navigation, customers,
 * reviews and the newsletter"): what its calls answer. The requests are in teams.schema.ts.
 */
import type { Localised } from '../locale.ts';

export interface AdminTeamRow {
  id: number;
  tag: string;
  name: Localised;
  sport: string;
  leagueTag: string;
  players: number;
  products: number;
}

export interface AdminSquadPlayer {
  id: number;
  name: string;
  number: string;
}

/** A patch as it stands for one team: `via` says why it applies (none: it does not). */
export interface AdminTeamPatch {
  id: number;
  name: Localised;
  price: number;
  /** `team`: the team's own tag lists it (a staff member may remove it); `league`: the team's league does (edited on the patch). */
  via: 'team' | 'league' | null;
}

export interface AdminTeamDetail extends Omit<AdminTeamRow, 'players'> {
  squad: AdminSquadPlayer[];
  patches: AdminTeamPatch[];
}
