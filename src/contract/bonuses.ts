import { z } from 'zod';
import { bonusBody } from '../domain/index.js';
import { endpoint, idParams, isoDateTime, money, ok } from './common.js';

// ---------- bonuses (decision record 074) ----------

/** A bonus: a target of contracts signed between two Riyadh days, and its fixed amount. */
const bonus = z.object({
  id: z.string(),
  name: z.string(),
  signedContracts: z.number().int(),
  /** Its first and last Riyadh days, both included, `YYYY-MM-DD`. */
  startsOn: z.string(),
  endsOn: z.string(),
  amount: money,
  /** When a super-admin stopped it; null while it runs. */
  closedAt: isoDateTime.nullable(),
  /** Brokers paid it so far: once one is, it is neither changed nor deleted, only stopped. */
  awarded: z.number().int(),
});

export const bonusEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/superadmin/bonuses',
    access: 'superadmin',
    summary: 'the bonuses, the latest ending first, with how many brokers were paid each',
    response: z.object({ items: z.array(bonus) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/superadmin/bonuses',
    access: 'superadmin',
    summary:
      'define a bonus: a fixed amount paid once to each broker who signs the target of contracts in the period (audited)',
    body: bonusBody,
    status: 201,
    response: bonus,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/superadmin/bonuses/:id',
    access: 'superadmin',
    summary: 'change a bonus nobody has reached yet (audited)',
    params: idParams,
    body: bonusBody,
    notFound: 'المكافأة غير موجودة',
    response: bonus,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/superadmin/bonuses/:id/close',
    access: 'superadmin',
    summary:
      'stop a bonus at once: nobody is paid it from then on; those paid keep it (audited; idempotent)',
    params: idParams,
    notFound: 'المكافأة غير موجودة',
    response: bonus,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/bonuses/:id',
    access: 'superadmin',
    summary: 'delete a bonus nobody has reached yet (audited)',
    params: idParams,
    notFound: 'المكافأة غير موجودة',
    response: ok,
  }),
};
