/**
 * Who is calling: `request.user` is set by the guards below from the `Authorization: Bearer`
 * access token. Routes choose their guard: requireUser (account pages), optionalUser (carts: a
 * guest by visitor id, or the signed-in user), requireRoles (R_SUPER passes all), requirePermission
 * (the back office: the caller's roles must hold the code, docs/back-office.md).
 * A token that is sent is always checked, even where signing in is optional: an expired one
 * answers 9999 so the page refreshes and retries as the user, not silently as a guest.
 * An API token (`jst_…`, docs/accounts-and-security.md "API tokens") is taken by the back office's
 * guards only: it is no person, so every route of a person's own (requireUser) refuses it.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES, SESSION_CODES } from '../../domain/api/envelope.ts';
import { API_TOKEN_PREFIX } from '../../domain/back-office/api-tokens.ts';
import { hasAnyRole, type Role } from '../../domain/account.model.ts';
import { hasPermission, type Permission } from '../../domain/back-office/staff.model.ts';
import { fail, loggableError, sessionFailure } from '../errors.ts';
import type { AuthUser } from './caller.ts';

/** What the guards need of the session service: an access token checked into its user. */
export interface Authenticator {
  authenticate(token: string): Promise<AuthUser>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, once a guard has run; null for guests. */
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,4096})$/i;

/** The bearer token of the request, undefined when none was sent, null when the header is malformed. */
export function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  return BEARER.exec(header)?.[1] ?? null;
}

export type Guard = (request: FastifyRequest) => Promise<void>;

/** A guard that asks for a permission code; defineRoute writes the code into the OpenAPI operation. */
export type PermissionGuard = Guard & { readonly permission: Permission };

/**
 * Told of every call a role or permission guard refuses (403) for a signed-in caller, so the audit
 * log can record it; anonymous callers (401) are not told (docs/accounts-and-security.md "The
 * audit log"). Its failure never changes the answer.
 */
export type RefusalListener = (request: FastifyRequest, wanted: { permission: Permission } | { anyRole: readonly Role[] } | { anyPermission: readonly Permission[] }) => Promise<void>;

export interface Guards {
  requireUser: Guard;
  optionalUser: Guard;
  requireRoles: (...roles: Role[]) => Guard;
  requirePermission: (code: Permission) => PermissionGuard;
  /** Any one of the codes: for a call that answers each caller only what their codes open (the global search). */
  requireAnyPermission: (...codes: Permission[]) => Guard;
}

/**
 * Whether a signed-in staff member must enrol in two-step sign-in before any back-office call
 * (the owner requires it and they have none): the two-factor module answers it.
 */
export type EnrolmentCheck = (user: AuthUser) => Promise<boolean>;

/** Whether a bearer token is an API token's secret rather than a session's JWT (which starts `eyJ`). */
export function isApiTokenSecret(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** `apiTokens` checks API tokens' secrets; without it they are refused everywhere. */
export function authGuards(sessions: Authenticator, onRefused?: RefusalListener, mustEnrol?: EnrolmentCheck, apiTokens?: Authenticator): Guards {
  const refuse = async (request: FastifyRequest, wanted: Parameters<RefusalListener>[1]): Promise<never> => {
    await onRefused?.(request, wanted).catch((error: unknown) => request.log.error({ err: loggableError(error) }, 'recording a refused call failed'));
    throw fail(CODES.FORBIDDEN, 'session.forbidden');
  };
  const requireUser: Guard = async (request) => {
    const token = bearerToken(request);
    if (!token) throw sessionFailure(SESSION_CODES.INVALID_TOKEN, 'session.loginRequired');
    if (isApiTokenSecret(token)) throw sessionFailure(SESSION_CODES.INVALID_TOKEN, 'apiToken.backOfficeOnly');
    request.user = await sessions.authenticate(token);
  };
  const optionalUser: Guard = async (request) => {
    if (bearerToken(request) === undefined) {
      request.user = null;
      return;
    }
    await requireUser(request);
  };
  /** The back office's guards (roles, permissions) answer 1427 to a session that must enrol first; its own enrolment calls need only requireUser. */
  const requireStaffUser: Guard = async (request) => {
    const token = bearerToken(request);
    if (token && apiTokens && isApiTokenSecret(token)) {
      // No two-step enrolment for a token: no person signs in with it, and only an owner's account makes one.
      request.user = await apiTokens.authenticate(token);
      return;
    }
    await requireUser(request);
    if (await mustEnrol?.(request.user!)) throw fail(CODES.TWO_FACTOR_ENROLMENT_NEEDED, 'twoFactor.enrolmentNeeded');
  };
  const requireRoles =
    (...roles: Role[]): Guard =>
    async (request) => {
      await requireStaffUser(request);
      if (!hasAnyRole(request.user!.roles, roles)) await refuse(request, { anyRole: roles });
    };
  const requirePermission = (code: Permission): PermissionGuard =>
    Object.assign(
      async (request: FastifyRequest) => {
        await requireStaffUser(request);
        if (!hasPermission(request.user!, code)) await refuse(request, { permission: code });
      },
      { permission: code },
    );
  const requireAnyPermission =
    (...codes: Permission[]): Guard =>
    async (request) => {
      await requireStaffUser(request);
      if (!codes.some((code) => hasPermission(request.user!, code))) await refuse(request, { anyPermission: codes });
    };
  return { requireUser, optionalUser, requireRoles, requirePermission, requireAnyPermission };
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
}

export default fp(authPlugin, { name: 'auth' });
