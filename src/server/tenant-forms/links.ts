import { randomBytes } from 'node:crypto';

/** 192 random bits: the tenant-form token cannot be guessed or enumerated. */
export const newFormToken = () => randomBytes(24).toString('base64url');

/** 128 random bits in 22 characters: short enough for an SMS, still unguessable. */
export const newShortCode = () => randomBytes(16).toString('base64url');

export const tenantFormPath = (token: string) => `/tenant-form/${token}`;
