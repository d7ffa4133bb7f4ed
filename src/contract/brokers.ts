import { z } from 'zod';
import {
  activationRequestBody,
  bankAccountBodySchema,
  FAL_LICENSE_STATES,
  FAL_LICENSE_TYPES,
  falLicenseBodySchema,
  profilePatchBodySchema,
  profileUpdateBodySchema,
  TAX_ENTITIES,
  taxProfileBody,
  VAT_STATES,
} from '../domain/index.js';
import { endpoint, isoDateTime, ok } from './common.js';

/**
 * Where the broker's FAL licence stands today (decision 070), and why new commissions wait
 * when they do: only a verified, unexpired brokerage licence earns payable commissions.
 */
export const falLicenseStanding = z.object({
  state: z.enum(FAL_LICENSE_STATES),
  verifiedAt: isoDateTime.nullable(),
  /** Why an admin did not accept the licence, for the broker to mend it. */
  refusal: z.string().nullable(),
  /** What a new commission's hold says; null when the licence is verified and valid. */
  holdReason: z.string().nullable(),
});

/**
 * The broker's tax profile (decision 071): who they are for tax, their VAT registration and
 * where it stands, and the self-billing agreement: the current text, and the version accepted.
 */
export const taxProfile = z.object({
  entity: z.enum(TAX_ENTITIES),
  /** An establishment's registered name, as on its commercial registration. */
  legalName: z.string().nullable(),
  crNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** Whether the VAT registration certificate is on file. */
  certificate: z.boolean(),
  vatState: z.enum(VAT_STATES),
  vatVerifiedAt: isoDateTime.nullable(),
  /** Whether commissions and payouts carry 15% VAT: verified, under an accepted agreement. */
  chargesVat: z.boolean(),
  /** The agreement version the broker last accepted; null when never. */
  acceptedAgreement: z.number().int().nullable(),
  agreement: z.object({ version: z.number().int(), text: z.string() }),
});

/** The broker as the web app sees them: no password hash, no internal flags. */
export const profile = z.object({
  id: z.string(),
  phone: z.string(),
  brokerCode: z.string(),
  fullName: z.string().nullable(),
  officeName: z.string().nullable(),
  secondPhone: z.string().nullable(),
  bio: z.string().nullable(),
  logo: z.string().nullable(),
  falLicense: z.string().nullable(),
  falLicenseType: z.enum(FAL_LICENSE_TYPES).nullable(),
  /** `YYYY-MM-DD`: the licence's last valid day. */
  falLicenseExpiresOn: z.string().nullable(),
  /** Whether a copy of the licence (PDF or image) is on file. */
  falLicenseCopy: z.boolean(),
  falLicenseStanding,
  taxProfile,
  email: z.string().nullable(),
  city: z.string().nullable(),
  profileComplete: z.boolean(),
  /**
   * Whether the full name passes the rule for what tenants are shown (brokerNameForTenants):
   * without such a name the broker takes no referral (brokerRequestBlock).
   */
  nameShownToTenants: z.boolean(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  activationRequestedAt: isoDateTime.nullable(),
  /** Why the account is not active: the admin's words on deactivating it or refusing its request. */
  inactiveReason: z.string().nullable(),
  /** A message on the preferred channel when a referral's status changes (on by default). */
  notifyByMessage: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** The IBAN payouts go to, and until when they wait after it was replaced. */
export const bankAccount = z.object({
  iban: z.string().nullable(),
  holdUntil: isoDateTime.nullable(),
});

export const brokerEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/api/broker/profile',
    access: 'broker',
    summary: 'the signed-in broker',
    response: profile,
  }),
  replaceProfile: endpoint({
    method: 'PUT',
    path: '/api/broker/profile',
    access: 'broker',
    summary: 'save the profile form',
    body: profileUpdateBodySchema,
    response: profile,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/broker/profile',
    access: 'broker',
    summary: 'save some profile fields',
    body: profilePatchBodySchema,
    response: profile,
  }),
  requestActivation: endpoint({
    method: 'POST',
    path: '/api/broker/request-activation',
    access: 'broker',
    summary:
      'ask the administration to activate the account (once), with the answers to the activation questions (decision 076)',
    body: activationRequestBody.nullish(),
    response: profile,
  }),
  bankAccount: endpoint({
    method: 'GET',
    path: '/api/broker/bank-account',
    access: 'broker',
    summary: 'the IBAN on the profile, and until when payouts wait after a change',
    response: bankAccount,
  }),
  setBankAccount: endpoint({
    method: 'PUT',
    path: '/api/broker/bank-account',
    access: 'broker',
    summary:
      'set or replace the IBAN with the password again; a replacement holds payouts for 48 hours (audited, notified)',
    body: bankAccountBodySchema,
    response: bankAccount,
  }),
  setFalLicense: endpoint({
    method: 'PUT',
    path: '/api/broker/fal-license',
    access: 'broker',
    summary:
      'enter or renew the FAL licence (number, type, expiry); a change waits for an admin to verify it again (audited)',
    body: falLicenseBodySchema,
    response: profile,
  }),
  uploadFalLicenseCopy: endpoint({
    method: 'PUT',
    path: '/api/broker/fal-license/copy',
    access: 'broker',
    summary:
      'the licence copy, a PDF or a JPEG or PNG image (multipart: file); replaces the last one and waits for verification again',
    response: profile,
  }),
  falLicenseCopy: endpoint({
    method: 'GET',
    path: '/api/broker/fal-license/copy',
    access: 'broker',
    summary: "the broker's own licence copy",
    response: null,
  }),
  setTaxProfile: endpoint({
    method: 'PUT',
    path: '/api/broker/tax-profile',
    access: 'broker',
    summary:
      'save the tax profile (individual or establishment, CR, VAT number with the self-billing agreement accepted); a change waits for an admin again (audited)',
    body: taxProfileBody,
    response: profile,
  }),
  uploadVatCertificate: endpoint({
    method: 'PUT',
    path: '/api/broker/tax-profile/certificate',
    access: 'broker',
    summary:
      'the VAT registration certificate, a PDF or a JPEG or PNG image (multipart: file); waits for verification again',
    response: profile,
  }),
  vatCertificate: endpoint({
    method: 'GET',
    path: '/api/broker/tax-profile/certificate',
    access: 'broker',
    summary: "the broker's own VAT registration certificate",
    response: null,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/broker/account',
    access: 'broker',
    summary: 'leave: the account is retired, its money records kept',
    response: ok,
  }),
};
