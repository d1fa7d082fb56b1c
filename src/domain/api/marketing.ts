/**
 * The back office's settings and coupons (docs/back-office.md "Settings and coupons"): settings
 * are R_SUPER's (settings:edit), coupons any staff holding coupon:edit.
 */
import type { z } from 'zod';
import type { AdminSettings } from '../settings.model.ts';
import type { settingsSaveRequestSchema } from '../settings.schema.ts';
import { get, post, type NoRequest } from './endpoint.ts';

export const marketingApi = {
  settings: get<NoRequest, AdminSettings>('/admin/settings/get'),
  saveSettings: post<z.input<typeof settingsSaveRequestSchema>, AdminSettings>('/admin/settings/save'),
};
