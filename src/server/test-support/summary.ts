import type { CommissionSummary } from './responses.js';

/**
 * The summary a broker reads, with the figures given and every other one zero: the expected
 * value of a whole summary, written with only the figures the test is about.
 * `expect(await summary(b)).toEqual(summaryWith({ total: '600.00', pending: '600.00' }))`.
 */
export const summaryWith = (figures: Partial<CommissionSummary>): CommissionSummary => ({
  total: '0.00',
  paid: '0.00',
  pending: '0.00',
  requested: '0.00',
  onHold: '0.00',
  reversed: '0.00',
  toRecover: '0.00',
  ...figures,
});
