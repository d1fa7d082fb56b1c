/** The settings module: the shop's commercial settings (shipping, free shipping, banner, exchange rates, merchant address). */
export * from './schema.ts';
export { SETTINGS_CHANNEL, SettingsService } from './settings.ts';
export { settingsRoutes } from './routes.ts';
