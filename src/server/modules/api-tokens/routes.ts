/**
 * The owner's API token calls (staff:manage, so R_SUPER; a token itself can never hold it, so no
 * token makes or revokes tokens): list, create (the secret answered once), revoke; both writes audited.
 */
import { adminApiTokensApi } from '../../../domain/api/admin/api-tokens.ts';
import { apiTokenCreateRequestSchema, apiTokenRevokeRequestSchema } from '../../../domain/back-office/api-tokens.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import type { ApiTokenService } from './api-tokens.ts';

export function apiTokenRoutes(tokens: ApiTokenService, guards: Guards) {
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const manage = staffCalls(route, guards.requirePermission(PERMISSIONS.STAFF_MANAGE));
    manage(adminApiTokensApi.list, 'API tokens for other systems, newest first: name, codes, expiry, last use, status; never a secret', undefined, () => tokens.list());
    manage(
      adminApiTokensApi.create,
      'Make an API token with chosen codes (never staff:manage nor customer:erase) for 1 to 365 days; answers its secret this once (audited)',
      apiTokenCreateRequestSchema,
      ({ body, staff }) => tokens.create(staff, body),
    );
    manage(adminApiTokensApi.revoke, 'Revoke an API token: refused from its next call on (audited)', apiTokenRevokeRequestSchema, ({ body, actor }) => tokens.revoke(actor, body.id));
  });
}
