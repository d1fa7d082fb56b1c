/**
 * The back office's patches and add-ons (docs/back-office.md "Patches and add-ons"): what its calls
 * answer, and the add-on kinds. The requests are in extras.schema.ts.
 */
import type { Localised } from '../locale.ts';

/**
 * The kinds the shop draws art for (team shorts and socks in the team's colours, media-routes.ts).
 * Staff may name a new kind (ADDON_KIND_PATTERN): the configurator and the production sheet show an
 * add-on by its name and picture whatever its kind, so a new kind only needs its own picture.
 */
export const BUILT_IN_ADDON_KINDS = ['shorts', 'socks'] as const;
/** A kind: lower-case letters and single hyphens, as a tag. */
export const ADDON_KIND_PATTERN = /^[a-z]+(-[a-z]+)*$/;
export type AddonKind = string;

export const EXTRA_NAME_MAX = 80;
/** The highest price of a patch or an add-on, in EUR minor units (1,000.00). */
export const EXTRA_PRICE_MAX = 100_000;

export interface AdminPatchRow {
  id: number;
  name: Localised;
  /** EUR minor units. */
  price: number;
  image: string;
  /** The navigation tags (sport, league, competition, team) whose products the patch fits. */
  fitsTags: string[];
  active: boolean;
}

export interface AdminAddonRow {
  id: number;
  teamId: number;
  teamName: Localised;
  kind: AddonKind;
  name: Localised;
  /** EUR minor units. */
  price: number;
  image: string;
  active: boolean;
}

/** An uploaded picture, ready to be saved on a patch or an add-on. */
export interface ExtraPicture {
  image: string;
}
