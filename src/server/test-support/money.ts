import type { CommissionSummary } from './responses.js';

/** Whether a broker's money adds up, total = paid + pending + requested, counted in cents. */
export const addsUp = (s: CommissionSummary): boolean =>
  Math.round(Number(s.total) * 100) ===
  Math.round(Number(s.paid) * 100) +
    Math.round(Number(s.pending) * 100) +
    Math.round(Number(s.requested) * 100);
