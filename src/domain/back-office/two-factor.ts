/** Staff two-step sign-in (docs/accounts-and-security.md "Two-step sign-in"): what its calls take and answer. Strict. */
import { z } from 'zod';
import { idSchema } from '../catalogue.schema.ts';

/** Six digits from the authenticator app. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/** A recovery code as typed (case, spaces and the dash do not matter). */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(10, 'Enter a recovery code')
  .max(24, 'Enter a recovery code');

export const twoFactorCodeRequestSchema = z.strictObject({ code: totpCodeSchema });

/** The sign-in's second step: the challenge from the password step and either code. */
export const twoFactorLoginRequestSchema = z.union([
  z.strictObject({ challenge: z.string().min(20).max(200), code: totpCodeSchema }),
  z.strictObject({ challenge: z.string().min(20).max(200), recoveryCode: recoveryCodeSchema }),
]);

export const twoFactorPolicyRequestSchema = z.strictObject({ required: z.boolean() });
export const twoFactorResetRequestSchema = z.strictObject({ userId: idSchema });

/** The code-1428 answer's data: what the second step sends back. */
export interface SecondStep {
  challenge: string;
  expiresInSeconds: number;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** The owner requires it of every staff member. */
  required: boolean;
  /** Required and not on: this session gets only the enrolment calls. */
  mustEnrol: boolean;
  recoveryCodesLeft: number;
}

/** Shown once, at the start of enrolment. */
export interface TwoFactorEnrolment {
  uri: string;
  /** The QR code of `uri`, an SVG document drawn by the server. */
  qrSvg: string;
  /** Base32, for typing into the app by hand. */
  secret: string;
}

export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}
