/** The settings calls of the back office (settings:edit, R_SUPER only). */
import { adminSettingsApi } from '../../../domain/api/admin/settings.ts';
import { settingsSaveRequestSchema } from '../../../domain/settings.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import type { SettingsService } from './settings.ts';

export function settingsRoutes(deps: { settings: SettingsService }, guards: Guards) {
  return backOfficeCalls(guards, [PERMISSIONS.SETTINGS_EDIT], (edit) => {
    edit(adminSettingsApi.settings, "The shop's settings, each section with when it was last saved", undefined, () => deps.settings.adminView());
    edit(adminSettingsApi.saveSettings, 'Save one settings section; every instance prices from it at once; audited with the fields changed', settingsSaveRequestSchema, ({ actor, body }) => deps.settings.save(actor, body));
  });
}
