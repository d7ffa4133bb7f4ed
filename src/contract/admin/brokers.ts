import { z } from 'zod';
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
