/** Staff two-step sign-in: TOTP enrolment, recovery codes, the sign-in's second step, the owner's switch and reset. */
export * from './schema.ts';
export { TwoFactorService, TWO_FACTOR_ACTIONS, CHALLENGE_SECONDS, type TwoFactorDeps } from './two-factor.ts';
export { twoFactorRoutes } from './routes.ts';
