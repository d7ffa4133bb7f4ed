import { formatSar, fromCents, toCents, vatSplit } from '#domain';
import { ltr, withVat } from '../shared';
import type { AdminCommission } from './api';

/**
 * What confirming a commission's payment sends: the outstanding amount less what the broker
 * owes for reversed commissions, and the VAT on it as the server charges it (a commission not
 * yet paid in full carries VAT exactly when the broker does). The VAT is sent with the
 * confirmation, and the server refuses it if the broker's registration changed meanwhile.
 */
export function paymentSplit(c: AdminCommission) {
  const outstanding = toCents(c.amount) - toCents(c.paidAmount);
  const deducted = Math.min(toCents(c.brokerOwes), outstanding);
  const sent = vatSplit(fromCents(Math.max(outstanding - deducted, 0)), {
    vatRegistered: toCents(c.vatAmount) > 0,
  });
  return { deducted, sent };
}

/**
 * What confirming a commission's payment does, said before it is done: when the broker owes
 * money for reversed commissions or deductions (decision 074), it is deducted and only the rest is to be transferred; for a
 * broker registered for VAT, the VAT on what is transferred is paid on top (decision 071).
 */
export function paymentDescription(c: AdminCommission): string {
  const broker = c.brokerName || ltr(c.brokerPhone);
  const { deducted, sent } = paymentSplit(c);
  if (deducted <= 0) {
    if (toCents(sent.vat) === 0) {
      return `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${broker} مدفوعة ويُبلَّغ الوسيط بذلك.`;
    }
    return `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${broker} مدفوعة، فيُحوَّل ${withVat(sent.net, sent.vat)}. ويُبلَّغ الوسيط بذلك.`;
  }
  return `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${broker} مدفوعة، ويُخصم منها ${formatSar(deducted / 100)} مقابل ما على الوسيط من عمولات ملغاة أو خصومات، فيُحوَّل ${withVat(sent.net, sent.vat)} فقط. ويُبلَّغ الوسيط بذلك.`;
}
