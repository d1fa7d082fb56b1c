/** The back office's patches and add-ons calls (product:edit, as the products they go with): docs/back-office.md "Patches and add-ons". */
import { adminExtrasApi } from '../../../domain/api/admin/extras.ts';
import {
  addonCreateRequestSchema,
  addonListRequestSchema,
  addonUpdateRequestSchema,
  extraActiveRequestSchema,
  extraPictureRequestSchema,
  patchCreateRequestSchema,
  patchListRequestSchema,
  patchUpdateRequestSchema,
} from '../../../domain/back-office/extras.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import { splitPage } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { ExtrasDesk } from './extras-desk.ts';

export function extrasAdminRoutes(deps: { db: Db }, guards: Guards) {
  const desk = new ExtrasDesk(deps.db);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const edit = staffCalls(route, guards.requirePermission(PERMISSIONS.PRODUCT_EDIT));
    edit(adminExtrasApi.patchList, 'Patches, active or not, searchable by name, filtered by state and by a navigation tag they fit', patchListRequestSchema, ({ body }) => desk.patchList(...splitPage(body)));
    edit(adminExtrasApi.patchCreate, 'Add a patch: names in both languages, price (EUR cents), an uploaded picture, the navigation tags whose products it fits', patchCreateRequestSchema, ({ body, actor }) =>
      desk.createPatch(actor, body),
    );
    edit(adminExtrasApi.patchUpdate, "Edit a patch; carts reprice at once and every page is rebuilt", patchUpdateRequestSchema, ({ body: { id, ...input }, actor }) => desk.updatePatch(actor, id, input));
    edit(adminExtrasApi.patchSetActive, 'Deactivate a patch (hidden from shoppers, refused in new cart lines; orders keep theirs) or activate it again', extraActiveRequestSchema, ({ body, actor }) =>
      desk.setPatchActive(actor, body.id, body.active),
    );
    edit(adminExtrasApi.patchPicture, "Upload a patch's picture (checked as a product image); answers the URL to save", extraPictureRequestSchema, ({ body }) => desk.picture(body.data));
    edit(adminExtrasApi.addonList, 'Add-ons, active or not, searchable by name, kind or team, filtered by state and team', addonListRequestSchema, ({ body }) => desk.addonList(...splitPage(body)));
    edit(adminExtrasApi.addonCreate, "Add an add-on to a team: kind (shorts, socks or a new one), names in both languages, price (EUR cents), an uploaded picture", addonCreateRequestSchema, ({ body, actor }) =>
      desk.createAddon(actor, body),
    );
    edit(adminExtrasApi.addonUpdate, 'Edit an add-on; carts reprice at once and every page is rebuilt', addonUpdateRequestSchema, ({ body: { id, ...input }, actor }) => desk.updateAddon(actor, id, input));
    edit(adminExtrasApi.addonSetActive, 'Deactivate an add-on (hidden from shoppers, refused in new cart lines; orders keep theirs) or activate it again', extraActiveRequestSchema, ({ body, actor }) =>
      desk.setAddonActive(actor, body.id, body.active),
    );
    edit(adminExtrasApi.addonPicture, "Upload an add-on's picture (checked as a product image); answers the URL to save", extraPictureRequestSchema, ({ body }) => desk.picture(body.data));
  });
}
