import { z } from 'zod';
import {
  ADJUSTMENT_DIRECTIONS,
  adjustmentBody,
  brokerNoteBody,
  brokerTagsBody,
  FAL_LICENSE_EVIDENCE,
  falLicenseRefuseBodySchema,
  falLicenseVerifyBodySchema,
  vatVerifyBody,
} from '../../domain/index.js';
import { profile } from '../brokers.js';
import { commissionStatus, endpoint, idParams, isoDateTime, money, pageOf } from '../common.js';
import {
  ADMIN_BROKER_SORTS,
  adminPage,
  brokerFilter,
  brokerTagFilter,
  count,
  reasonBody,
  searchTerm,
  sortQuery,
} from './lists.js';

// ---------- brokers ----------

/**
 * An adjustment as the console lists it (decision 074): a credit (a commission, with its status
 * and how much of it was paid) or a deduction (with how much later payments took back).
 */
const adjustment = z.object({
  id: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: money,
  /** Paid of a credit, or taken back of a deduction. */
  settled: money,
  reason: z.string(),
  /** A credit's commission status; null for a deduction. */
  status: commissionStatus.nullable(),
  /** The admin's name as it stands, or null. */
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
});

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
  /** The team's tags on the broker (decision 073). */
  tags: z.array(z.string()),
  /** The broker's last referral, and the last reminder sent while dormant; null when none. */
  lastReferralAt: isoDateTime.nullable(),
  lastNudgedAt: isoDateTime.nullable(),
  /** The registered office the broker is a member of (decision 080), by name; null for none. */
  registeredOffice: z.string().nullable(),
});

/** A note of the team on a broker, with its author's name (or phone). */
const brokerNote = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: isoDateTime,
});

/** The brokers tab's search, filter, order and page. */
export const adminBrokerListQuery = z.object({
  search: searchTerm,
  filter: brokerFilter,
  tag: brokerTagFilter,
  /** A registered office's id: its active members (decision 080). */
  office: z.string().max(64).optional(),
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
  notes: endpoint({
    method: 'GET',
    path: '/api/admin/brokers/:id/notes',
    access: 'admin',
    summary: "the team's notes on a broker, newest first",
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: z.object({ items: z.array(brokerNote) }),
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/notes',
    access: 'admin',
    summary:
      'add a note of the team on a broker; kept for good, never shown to the broker (audited)',
    params: idParams,
    body: brokerNoteBody,
    notFound: 'الوسيط غير موجود',
    status: 201,
    response: brokerNote,
  }),
  setTags: endpoint({
    method: 'PUT',
    path: '/api/admin/brokers/:id/tags',
    access: 'admin',
    summary: "replace a broker's tags (at most 10; audited)",
    params: idParams,
    body: brokerTagsBody,
    notFound: 'الوسيط غير موجود',
    response: adminBroker,
  }),
  nudge: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/nudge',
    access: 'admin',
    summary:
      'remind a dormant broker by WhatsApp or SMS through the outbox: at most once in 30 days per broker and 500 a day in all (audited)',
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: adminBroker,
  }),
  adjustments: endpoint({
    method: 'GET',
    path: '/api/admin/brokers/:id/adjustments',
    access: 'admin',
    summary: "a broker's adjustments, credits and deductions, newest first",
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: z.object({ items: z.array(adjustment) }),
  }),
  addAdjustment: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/adjustments',
    access: 'admin',
    summary:
      "add to a broker's money (payable at once) or deduct from it (taken from the next payments), with a reason the broker reads; never the admin's own (audited)",
    params: idParams,
    body: adjustmentBody,
    notFound: 'الوسيط غير موجود',
    status: 201,
    response: z.object({ id: z.string(), direction: z.enum(ADJUSTMENT_DIRECTIONS), amount: money }),
  }),
  tags: endpoint({
    method: 'GET',
    path: '/api/admin/broker-tags',
    access: 'admin',
    summary: "every tag on live brokers, with how many carry it, for the brokers tab's filter",
    response: z.object({
      items: z.array(z.object({ tag: z.string(), brokers: z.number().int() })),
    }),
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/deactivate',
    access: 'admin',
    summary: 'deactivate a broker with a reason they read; they may ask again (audited, notified)',
    params: idParams,
    body: reasonBody('يرجى كتابة سبب إلغاء التفعيل'),
    notFound: 'الوسيط غير موجود',
    response: profile,
  }),
  refuseActivation: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/refuse-activation',
    access: 'admin',
    summary:
      "refuse a broker's activation request with a reason they read; they may ask again (audited, notified)",
    params: idParams,
    body: reasonBody('يرجى كتابة سبب رفض الطلب'),
    notFound: 'الوسيط غير موجود',
    response: profile,
  }),
};
