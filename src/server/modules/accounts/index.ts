/**
 * The accounts module: users, sessions and refresh tokens, reset codes, passwords, the address
 * book and the throttle counters.
 */
export * from './schema.ts';
export { AccountService, type AccountDeps, type Caller, type StaffSignInFailure } from './accounts.ts';
export { AddressService, type AddressDeps } from './addresses.ts';
export { PasswordHasher } from './passwords.ts';
export { LIMITS, RateLimiter, describeWait, requestLimitStore } from './rate-limit.ts';
export { SessionService, endSessionsTx, liveSessions, heldCustomRoles, type AuthUser, type NewDeviceSignIn, type SignInOrigin, type StaffChangeReason, type TokenPair } from './sessions.ts';
export { deviceOf, type Device } from './device.ts';
export { AccessTokens, newRefreshToken, tokenDigest } from './tokens.ts';
export { UserService, type UnpaidOrders, type UserRow } from './users.ts';
export { authRoutes } from './auth-routes.ts';
export { userRoutes } from './user-routes.ts';
export { addressRoutes } from './address-routes.ts';
export { deleteAccount } from './erasure.ts';
