import { z } from 'zod';
import { programTermsAcceptBody, programTermsBody } from '../domain/index.js';
import { endpoint, isoDateTime } from './common.js';

// ---------- the partner program's terms (decision record 075) ----------

/** What a broker reads and whether they accepted it. */
const brokerTerms = z.object({
  /** The version in force; null before any is published (nothing to accept). */
  current: z
    .object({ version: z.number().int(), body: z.string(), publishedAt: isoDateTime })
    .nullable(),
  /** The latest version the broker accepted, and when; null if none. */
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: isoDateTime.nullable(),
});

export const programTermsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/superadmin/program-terms',
    access: 'superadmin',
    summary: 'every version of the program terms, newest first, with how many brokers accepted it',
    response: z.object({
      items: z.array(
        z.object({
          version: z.number().int(),
          body: z.string(),
          publishedAt: isoDateTime,
          publishedBy: z.string().nullable(),
          accepted: z.number().int(),
        }),
      ),
    }),
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/superadmin/program-terms',
    access: 'superadmin',
    summary:
      'publish a new version of the program terms: every broker accepts it before their next referral (audited)',
    body: programTermsBody,
    status: 201,
    response: z.object({ version: z.number().int(), publishedAt: isoDateTime }),
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/broker/program-terms',
    access: 'broker',
    summary: 'the program terms in force and the version the broker accepted',
    response: brokerTerms,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/broker/program-terms/accept',
    access: 'broker',
    summary:
      'accept the version read (409 when a newer one was published); kept with time, address and browser (audited)',
    body: programTermsAcceptBody,
    response: brokerTerms,
  }),
};
