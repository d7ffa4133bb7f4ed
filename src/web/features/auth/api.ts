import { authEndpoints } from '#contract/auth';
import { callApi } from '#lib/api';

/** The sign-in, sign-up and reset calls; the flows refresh the session themselves. */
export const authApi = {
  checkPhone: (phone: string) => callApi(authEndpoints.checkPhone, { body: { phone } }),
  /** A code for signing in (or creating the account), or for a reset: each works only there. */
  sendOtp: (phone: string, purpose: 'sign_in' | 'reset' = 'sign_in') =>
    callApi(authEndpoints.sendOtp, { body: { phone, purpose } }),
  verifyOtp: (phone: string, otp: string, password: string) =>
    callApi(authEndpoints.verifyOtp, { body: { phone, otp, password } }),
  verifyOtpOnly: (phone: string, otp: string) =>
    callApi(authEndpoints.verifyOtpOnly, { body: { phone, otp } }),
  verifyOtpForReset: (phone: string, otp: string) =>
    callApi(authEndpoints.verifyOtpTemp, { body: { phone, otp } }),
  createPassword: (phone: string, password: string) =>
    callApi(authEndpoints.createPassword, { body: { phone, password } }),
  login: (phone: string, password: string) =>
    callApi(authEndpoints.login, { body: { phone, password } }),
  resetPassword: (phone: string, newPassword: string) =>
    callApi(authEndpoints.resetPassword, { body: { phone, newPassword } }),
};
