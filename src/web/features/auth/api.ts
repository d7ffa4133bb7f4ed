import { apiRequest } from '../../lib/api';
import type { Profile } from '../../lib/session';

type SignedIn = { user: Profile };

export const authApi = {
  checkPhone: (phone: string) =>
    apiRequest<{ requiresOtp: boolean }>('POST', '/api/auth/check-phone', { phone }),
  sendOtp: (phone: string) =>
    apiRequest<{ message: string; otpCode?: string }>('POST', '/api/auth/send-otp', { phone }),
  verifyOtp: (phone: string, otp: string, password: string) =>
    apiRequest<SignedIn>('POST', '/api/auth/verify-otp', { phone, otp, password }),
  verifyOtpOnly: (phone: string, otp: string) =>
    apiRequest('POST', '/api/auth/verify-otp-only', { phone, otp }),
  verifyOtpForReset: (phone: string, otp: string) =>
    apiRequest('POST', '/api/auth/verify-otp-temp', { phone, otp }),
  createPassword: (phone: string, password: string) =>
    apiRequest<SignedIn>('POST', '/api/auth/create-password', { phone, password }),
  login: (phone: string, password: string) =>
    apiRequest<SignedIn>('POST', '/api/auth/login', { phone, password }),
  resetPassword: (phone: string, newPassword: string) =>
    apiRequest('POST', '/api/auth/reset-password', { phone, newPassword }),
};
