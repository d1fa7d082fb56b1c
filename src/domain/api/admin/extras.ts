/** The back office's patches and add-ons (docs/back-office.md "Patches and add-ons"): product:edit. */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { AdminAddonRow, AdminPatchRow, ExtraPicture } from '../../back-office/extras.model.ts';
import type * as requests from '../../back-office/extras.schema.ts';
import { post } from '../endpoint.ts';

export const adminExtrasApi = {
  patchList: post<z.input<typeof requests.patchListRequestSchema>, Page<AdminPatchRow>>('/admin/patches/list'),
  patchCreate: post<z.input<typeof requests.patchCreateRequestSchema>, AdminPatchRow>('/admin/patches/create'),
  patchUpdate: post<z.input<typeof requests.patchUpdateRequestSchema>, AdminPatchRow>('/admin/patches/update'),
  patchSetActive: post<z.input<typeof requests.extraActiveRequestSchema>, AdminPatchRow>('/admin/patches/setActive'),
  patchPicture: post<z.input<typeof requests.extraPictureRequestSchema>, ExtraPicture>('/admin/patches/picture'),
  addonList: post<z.input<typeof requests.addonListRequestSchema>, Page<AdminAddonRow>>('/admin/addons/list'),
  addonCreate: post<z.input<typeof requests.addonCreateRequestSchema>, AdminAddonRow>('/admin/addons/create'),
  addonUpdate: post<z.input<typeof requests.addonUpdateRequestSchema>, AdminAddonRow>('/admin/addons/update'),
  addonSetActive: post<z.input<typeof requests.extraActiveRequestSchema>, AdminAddonRow>('/admin/addons/setActive'),
  addonPicture: post<z.input<typeof requests.extraPictureRequestSchema>, ExtraPicture>('/admin/addons/picture'),
};
