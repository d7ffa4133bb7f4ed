import { z } from 'zod';
import {
  FAL_LICENSE_EVIDENCE,
  falLicenseRefuseBodySchema,
  falLicenseVerifyBodySchema,
  vatVerifyBody,
} from '../../domain/index.js';
import { profile } from '../brokers.js';
import { endpoint, idParams, money, pageOf } from '../common.js';
import {
  ADMIN_BROKER_SORTS,
  adminPage,
  brokerFilter,
  count,
  searchTerm,
  sortQuery,
} from './lists.js';

// ---------- brokers ----------

/** A broker in the brokers tab: the profile, the details dialog's figures, whether protected. */
const adminBroker = profile.extend({
  referralCount: count,
  commissionTotal: money,
  /** The protected super-admin, never deleted nor demoted. */
  isProtected: z.boolean(),
  /** The verification on record: what the admin saw and noted, and who; null when none. */
  falLicenseReview: z
    .object({
      evidence: z.enum(FAL_LICENSE_EVIDENCE),
      note: z.string(),
      verifiedBy: z.string().nullable(),
    })
    .nullable(),
  /** The VAT registration's verification on record: the admin's note, and who; null when none. */
  vatReview: z.object({ note: z.string(), verifiedBy: z.string().nullable() }).nullable(),
});

/** The brokers tab's search, filter, order and page. */
export const adminBrokerListQuery = z.object({
  search: searchTerm,
  filter: brokerFilter,
  sort: sortQuery(ADMIN_BROKER_SORTS),
  page: adminPage,
});

export const adminBrokerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/brokers',
    access: 'admin',
    summary: 'live brokers, searched, filtered (active, inactive, awaiting activation), sorted',
    query: adminBrokerListQuery,
    response: pageOf(adminBroker),
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/activate',
    access: 'admin',
    summary: 'activate a broker, closing their activation request (audited, notified)',
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: profile,
  }),
  falLicenseCopy: endpoint({
    method: 'GET',
    path: '/api/admin/brokers/:id/fal-license/copy',
    access: 'admin',
    summary: "a broker's FAL licence copy (audited)",
    params: idParams,
    notFound: 'لا توجد نسخة من الرخصة',
    response: null,
  }),
  verifyFalLicense: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/fal-license/verify',
    access: 'admin',
    summary:
      "verify a broker's FAL licence with the evidence seen and a note; releases the commissions it held (audited, notified; never one's own)",
    params: idParams,
    body: falLicenseVerifyBodySchema,
    notFound: 'الوسيط غير موجود',
    response: adminBroker,
  }),
  refuseFalLicense: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/fal-license/refuse',
    access: 'admin',
    summary: "refuse a broker's FAL licence with the reason the broker reads (audited, notified)",
    params: idParams,
    body: falLicenseRefuseBodySchema,
    notFound: 'الوسيط غير موجود',
    response: adminBroker,
  }),
  vatCertificate: endpoint({
    method: 'GET',
    path: '/api/admin/brokers/:id/tax-profile/certificate',
    access: 'admin',
    summary: "a broker's VAT registration certificate (audited)",
    params: idParams,
    notFound: 'لا توجد شهادة تسجيل ضريبي',
    response: null,
  }),
  verifyVat: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/tax-profile/verify',
    access: 'admin',
    summary:
      "verify a broker's VAT registration with a note of what was checked; their unpaid commissions carry VAT from then (audited, notified; never one's own)",
    params: idParams,
    body: vatVerifyBody,
    notFound: 'الوسيط غير موجود',
    response: adminBroker,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/deactivate',
    access: 'admin',
    summary: 'deactivate a broker; they may ask again (audited, notified)',
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: profile,
  }),
};
