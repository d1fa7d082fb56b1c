/** API tokens for other systems: the owner's list, create and revoke, the guards' check, the per-use audit. */
export * from './schema.ts';
export { ApiTokenService, API_TOKEN_ACTIONS, type ApiTokenDeps } from './api-tokens.ts';
export { apiTokenRoutes } from './routes.ts';
