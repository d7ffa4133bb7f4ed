import { formatSar, toCents } from '#domain';
import { ltr } from '../shared';
import type { AdminCommission } from './api';

/**
 * What confirming a commission's payment does, said before it is done: when the broker owes
 * money for reversed commissions, it is deducted and only the rest is to be transferred.
 */
export function paymentDescription(c: AdminCommission): string {
  const broker = c.brokerName || ltr(c.brokerPhone);
  const outstanding = toCents(c.amount) - toCents(c.paidAmount);
  const deducted = Math.min(toCents(c.brokerOwes), outstanding);
  if (deducted <= 0) {
    return `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${broker} مدفوعة ويُبلَّغ الوسيط بذلك.`;
  }
  return `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${broker} مدفوعة، ويُخصم منها ${formatSar(deducted / 100)} مقابل عمولات ملغاة، فيُحوَّل ${formatSar((outstanding - deducted) / 100)} فقط. ويُبلَّغ الوسيط بذلك.`;
}
