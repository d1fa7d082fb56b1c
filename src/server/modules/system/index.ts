/** The system module: liveness, readiness, the shop's public settings, and the admin guard's probe. */
export { adminRoutes } from './admin-routes.ts';
export { systemRoutes } from './routes.ts';
