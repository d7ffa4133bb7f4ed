import { z } from 'zod';
import {
  changePasswordBodySchema,
  createPasswordBodySchema,
  loginBodySchema,
  type OtpPurpose,
  phoneBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  verifyOtpBodySchema,
  verifyOtpOnlyBodySchema,
} from '../domain/index.js';
import { profile } from './brokers.js';
import { endpoint, ok } from './common.js';

const signedIn = z.object({ user: profile });
const verified = z.object({ verified: z.literal(true) });

export const authEndpoints = {
  checkPhone: endpoint({
    method: 'POST',
    path: '/api/auth/check-phone',
    access: 'public',
    summary: 'does this phone need a code (no verified account yet)?',
    body: phoneBodySchema,
    response: z.object({ requiresOtp: z.boolean() }),
  }),
  sendOtp: endpoint({
    method: 'POST',
    path: '/api/auth/send-otp',
    access: 'public',
    summary:
      'send a one-time code for signing in (or creating the account) or for a password reset',
    // A code is accepted only by the calls of its purpose: sign-in by default.
    body: phoneBodySchema.extend({
      purpose: z
        .enum(['sign_in', 'reset'] satisfies OtpPurpose[], { error: 'غرض رمز التحقق غير معروف' })
        .default('sign_in'),
    }),
    // The code itself only from a development server on loopback.
    response: z.object({ message: z.string(), otpCode: z.string().optional() }),
  }),
  verifyOtp: endpoint({
    method: 'POST',
    path: '/api/auth/verify-otp',
    access: 'public',
    summary: 'sign in with a code, setting the password',
    body: verifyOtpBodySchema,
    response: signedIn,
  }),
  verifyOtpOnly: endpoint({
    method: 'POST',
    path: '/api/auth/verify-otp-only',
    access: 'public',
    summary: 'verify a code for creating the account (binds the verification to this browser)',
    body: verifyOtpOnlyBodySchema,
    response: verified,
  }),
  verifyOtpTemp: endpoint({
    method: 'POST',
    path: '/api/auth/verify-otp-temp',
    access: 'public',
    summary: 'verify a code for a password reset (binds the verification to this browser)',
    body: verifyOtpOnlyBodySchema,
    response: verified,
  }),
  createPassword: endpoint({
    method: 'POST',
    path: '/api/auth/create-password',
    access: 'public',
    summary: 'create the account with the verified phone',
    body: createPasswordBodySchema,
    response: signedIn,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    summary: 'register a verified phone that has no account',
    body: registerBodySchema,
    response: signedIn,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary: 'sign in with the password',
    body: loginBodySchema,
    response: signedIn,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    summary: 'end this session',
    response: ok,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    summary: 'set a new password with the verified phone',
    body: resetPasswordBodySchema,
    response: ok,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    access: 'broker',
    summary: 'change the password, ending the other sessions',
    body: changePasswordBodySchema,
    response: ok,
  }),
};
