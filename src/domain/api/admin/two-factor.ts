/**
 * Staff two-step sign-in (docs/accounts-and-security.md "Two-step sign-in"): the caller's own
 * enrolment (any staff member), the sign-in's second step, and the owner's switch and reset.
 */
import type { z } from 'zod';
import type { TokenPairAnswer } from '../../account.model.ts';
import type { StaffMember } from '../../back-office/staff.model.ts';
import type {
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
  twoFactorCodeRequestSchema,
  twoFactorLoginRequestSchema,
  twoFactorPolicyRequestSchema,
  twoFactorResetRequestSchema,
} from '../../back-office/two-factor.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const twoFactorApi = {
  status: get<NoRequest, TwoFactorStatus>('/admin/twoFactor/status'),
  /** A new pending secret (replacing an unconfirmed one): QR code, URI and the secret to type. */
  start: post<NoRequest, TwoFactorEnrolment>('/admin/twoFactor/start'),
  /** A current code turns it on; the ten recovery codes are answered this once. */
  confirm: post<z.input<typeof twoFactorCodeRequestSchema>, TwoFactorRecoveryCodes>('/admin/twoFactor/confirm'),
  disable: post<z.input<typeof twoFactorCodeRequestSchema>, null>('/admin/twoFactor/disable'),
  /** The second step of a staff sign-in (after code 1428): the token pair. */
  login: post<z.input<typeof twoFactorLoginRequestSchema>, TokenPairAnswer>('/admin/twoFactor/login'),
  setPolicy: post<z.input<typeof twoFactorPolicyRequestSchema>, TwoFactorStatus>('/admin/twoFactor/policy'),
  /** The owner's reset of a staff member who lost the device: off, recovery codes gone, sessions ended. */
  reset: post<z.input<typeof twoFactorResetRequestSchema>, StaffMember>('/admin/twoFactor/reset'),
};
