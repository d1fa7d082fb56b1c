/** API tokens for other systems (docs/back-office.md "API tokens"): the owner lists, makes and revokes them (staff:manage). */
import type { z } from 'zod';
import type { ApiToken, NewApiToken, apiTokenCreateRequestSchema, apiTokenRevokeRequestSchema } from '../../back-office/api-tokens.ts';
import { post, type NoRequest } from '../endpoint.ts';

export const adminApiTokensApi = {
  /** Newest first; never a secret. */
  list: post<NoRequest, ApiToken[]>('/admin/apiTokens/list'),
  /** Answers the secret this once: only its hash is kept. */
  create: post<z.input<typeof apiTokenCreateRequestSchema>, NewApiToken>('/admin/apiTokens/create'),
  /** Refused from its next call on. */
  revoke: post<z.input<typeof apiTokenRevokeRequestSchema>, ApiToken>('/admin/apiTokens/revoke'),
};
