import { z } from 'zod';
import { linkRequestBodySchema, linkRequestCodeBodySchema } from '../domain/index.js';
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
    summary: 'a new code for the link; the old one answers not found from now (audited)',
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
      "a broker's link as the tenant opens it: who the broker is, and whether they can take requests (a visit, counted once a day)",
    params: linkParams,
    query: z.object({ s: z.enum(['qr']).optional() }),
    response: z.object({
      brokerName: z.string(),
      officeName: z.string().nullable(),
      falLicense: z.string().nullable(),
      canReceive: z.boolean(),
    }),
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
