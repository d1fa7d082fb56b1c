/** The shop's commercial settings (docs/back-office.md "Settings and coupons"): R_SUPER's (settings:edit). */
import type { z } from 'zod';
import type { AdminSettings } from '../../settings.model.ts';
import type { settingsSaveRequestSchema } from '../../settings.schema.ts';
import { post, type NoRequest } from '../endpoint.ts';

export const adminSettingsApi = {
  settings: post<NoRequest, AdminSettings>('/admin/settings/get'),
  saveSettings: post<z.input<typeof settingsSaveRequestSchema>, AdminSettings>('/admin/settings/save'),
};
