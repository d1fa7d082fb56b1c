/**
 * Staff two-step sign-in's calls (docs/accounts-and-security.md "Two-step sign-in"): the caller's
 * own enrolment (any signed-in staff member, also while the owner's requirement refuses every other
 * back-office call), the sign-in's second step (no session yet: the challenge names the account),
 * and the owner's switch and reset (staff:manage).
 */
import { twoFactorApi } from '../../../domain/api/admin/two-factor.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { twoFactorCodeRequestSchema, twoFactorLoginRequestSchema, twoFactorPolicyRequestSchema, twoFactorResetRequestSchema } from '../../../domain/back-office/two-factor.ts';
import type { Guards } from '../../http/auth.ts';
import { actorOf, callerOf, userOf } from '../../http/context.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { done, ok } from '../../http/envelope.ts';
import type { TwoFactorService } from './two-factor.ts';

export function twoFactorRoutes(twoFactor: TwoFactorService, guards: Guards) {
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(twoFactorApi.status, {
      summary: "The caller's two-step sign-in: on or not, required by the owner, recovery codes left",
      preValidation: guards.requireUser,
      handler: async (request) => ok(await twoFactor.status(userOf(request).userId)),
    });
    route(twoFactorApi.start, {
      summary: 'Start enrolment (staff only): a new pending secret, its otpauth:// URI, the QR code as SVG and the base32 secret',
      preValidation: guards.requireUser,
      handler: async (request) => ok(await twoFactor.start(userOf(request))),
    });
    route(twoFactorApi.confirm, {
      summary: 'Turn it on with a current code; answers the ten single-use recovery codes, this once (audited)',
      preValidation: guards.requireUser,
      request: twoFactorCodeRequestSchema,
      handler: async (request) => ok(await twoFactor.confirm(actorOf(request), request.body.code, callerOf(request))),
    });
    route(twoFactorApi.disable, {
      summary: "Turn it off with a current code (audited); refused while the owner requires it",
      preValidation: guards.requireUser,
      request: twoFactorCodeRequestSchema,
      handler: async (request) => done(twoFactor.disable(actorOf(request), request.body.code, callerOf(request))),
    });
    route(twoFactorApi.login, {
      summary: 'The second step of a staff sign-in (after 1428): the challenge with a 6-digit code or a recovery code; the token pair',
      request: twoFactorLoginRequestSchema,
      handler: async (request) => {
        const { userId: _userId, ...pair } = await twoFactor.signIn(request.body, callerOf(request));
        return ok(pair);
      },
    });
    const manage = staffCalls(route, guards.requirePermission(PERMISSIONS.STAFF_MANAGE));
    manage(twoFactorApi.setPolicy, 'Require two-step sign-in of every staff member, or not (audited); turning it on needs your own on', twoFactorPolicyRequestSchema, ({ body, actor }) =>
      twoFactor.setRequired(actor, body.required),
    );
    manage(twoFactorApi.reset, "Reset a staff member's two-step sign-in (lost device): off, recovery codes gone, their sessions ended (audited)", twoFactorResetRequestSchema, ({ body, actor }) =>
      twoFactor.reset(actor, body.userId),
    );
  });
}
