import { z } from 'zod';
import { COMMISSION_STATUS_KEYS, REFERRAL_STATUS_KEYS } from '../../domain/index.js';
import { endpoint } from '../common.js';
import { brokerFilter, brokerTagFilter, searchTerm } from './lists.js';

// ---------- exports ----------

/** The console tabs that export to Excel. */
export const EXPORT_TYPES = ['brokers', 'referrals', 'commissions'] as const;

export const exportEndpoints = {
  download: endpoint({
    method: 'GET',
    path: '/api/admin/export/:type',
    access: 'admin',
    summary: "every row of a tab's search and filter as .xlsx (audited)",
    params: z.object({
      type: z.enum(EXPORT_TYPES, { error: 'نوع التصدير غير معروف' }),
    }),
    query: z.object({
      search: searchTerm,
      filter: brokerFilter,
      /** The brokers tab's tag. */
      tag: brokerTagFilter,
      // The referrals tab filters by a referral status, the commissions tab by a commission's.
      status: z.enum([...REFERRAL_STATUS_KEYS, ...COMMISSION_STATUS_KEYS]).optional(),
      /** The referrals tab's «المتأخرة عن مهلة الخدمة». */
      overdue: z.enum(['true'], { error: 'قيمة غير صالحة' }).optional(),
    }),
    response: null,
  }),
};
