import { z } from 'zod';
import {
  BROKER_REQUEST_BLOCKS,
  linkRequestBodySchema,
  linkRequestCodeBodySchema,
} from '../domain/index.js';
import { endpoint, money } from './common.js';

/** The broker's own link: its code, the address to share, a ready WhatsApp text. */
export const referralLink = z.object({
  code: z.string(),
  url: z.string(),
  /** The QR code's address: the link, marked as scanned. */
  qrUrl: z.string(),
  shareText: z.string(),
});

const linkParams = z.object({ code: z.string().max(40) });

/**
 * Who provides the service, as the tenant's pages show it (decision record 059): the server's
 * own settings (BRAND_*), which production refuses to start without, not the build's.
 */
const providerIdentity = z.object({
  legalName: z.string(),
  /** The commercial registration number (10 digits). */
  commercialRegistration: z.string(),
  licenseIssuer: z.string(),
  licenseNumber: z.string(),
  /** The provider's WhatsApp number, 05 and 8 digits. */
  whatsapp: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The provider's own full privacy policy (https). */
  privacyUrl: z.string(),
});

/**
 * The error code of a link the broker replaced by a new one (a 404 with `brokerName`, null
 * unless the broker still takes requests).
 */
export const LINK_RETIRED = 'LINK_RETIRED';

export const referralLinkEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/broker/referral-link',
    access: 'broker',
    summary: "the broker's own referral link (made on first use)",
    response: referralLink,
  }),
  regenerate: endpoint({
    method: 'POST',
    path: '/api/broker/referral-link/regenerate',
    access: 'broker',
    summary:
      'a new code for the link; the old one answers not found from now, as a retired link (audited)',
    response: referralLink,
  }),
  qr: endpoint({
    method: 'GET',
    path: '/api/broker/referral-link/qr.svg',
    access: 'broker',
    summary: "the link's QR code as SVG, with the product's and the broker's names, for A6",
    response: null,
  }),
  funnel: endpoint({
    method: 'GET',
    path: '/api/broker/referral-link/funnel',
    access: 'broker',
    summary: 'what the link brought, week by week: visits, requests, forms, contracts, commissions',
    response: z.object({
      weeks: z.array(
        z.object({
          /** The Sunday the Riyadh week starts, YYYY-MM-DD. */
          week: z.string(),
          visits: z.number().int(),
          started: z.number().int(),
          completed: z.number().int(),
          signed: z.number().int(),
          commissions: money,
        }),
      ),
    }),
  }),
  open: endpoint({
    method: 'GET',
    path: '/api/r/:code',
    access: 'public',
    summary:
      "a broker's link as the tenant opens it: who the broker is (only while they take requests), and whether they can take requests and why not (a visit, counted once a day); a replaced link answers 404 LINK_RETIRED, with the broker's public name while they take requests",
    params: linkParams,
    query: z.object({ s: z.enum(['qr']).optional() }),
    response: z.object({
      /**
       * The name the page may show; null when missing or refused (never the broker code), or
       * when the broker takes no request.
       */
      brokerName: z.string().nullable(),
      officeName: z.string().nullable(),
      falLicense: z.string().nullable(),
      canReceive: z.boolean(),
      unavailableReason: z.enum(BROKER_REQUEST_BLOCKS).nullable(),
    }),
  }),
  provider: endpoint({
    method: 'GET',
    path: '/api/provider',
    access: 'public',
    summary:
      "the provider's identity for the tenant's pages: legal name, commercial registration, licence, WhatsApp, privacy policy",
    response: providerIdentity,
  }),
  retention: endpoint({
    method: 'GET',
    path: '/api/privacy/retention',
    access: 'public',
    summary:
      "for the privacy notice: how many days after a referral closes its tenant's documents are erased",
    response: z.object({ documentRetentionDays: z.number().int() }),
  }),
  sendCode: endpoint({
    method: 'POST',
    path: '/api/r/:code/send-code',
    access: 'public',
    summary: "a one-time code to the tenant's phone, before any request is made",
    params: linkParams,
    body: linkRequestCodeBodySchema,
    response: z.object({ message: z.string(), otpCode: z.string().optional() }),
  }),
  request: endpoint({
    method: 'POST',
    path: '/api/r/:code/request',
    access: 'public',
    summary:
      "the tenant's own request, once the phone's code is right: a referral of the broker's, as a typed one, with its source; answers the way into the tenant's form",
    params: linkParams,
    body: linkRequestBodySchema,
    status: 201,
    response: z.object({ formPath: z.string() }),
  }),
};
