/** The settings calls of the back office (settings:edit, R_SUPER only). */
import { adminSettingsApi } from '../../../domain/api/admin/settings.ts';
import { settingsSaveRequestSchema } from '../../../domain/settings.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { actorOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import type { SettingsService } from './settings.ts';

export function settingsRoutes(deps: { settings: SettingsService }, guards: Guards) {
  const edit = guards.requirePermission(PERMISSIONS.SETTINGS_EDIT);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminSettingsApi.settings, {
      summary: "The shop's settings, each section with when it was last saved",
      preValidation: edit,
      handler: async () => ok(await deps.settings.adminView()),
    });
    route(adminSettingsApi.saveSettings, {
      summary: 'Save one settings section; every instance prices from it at once; audited with the fields changed',
      preValidation: edit,
      request: settingsSaveRequestSchema,
      handler: async (request) => ok(await deps.settings.save(actorOf(request), request.body)),
    });
  });
}
