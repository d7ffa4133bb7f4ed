import { describe, expect, it } from 'vitest';
import {
  AVAILABLE_TO_TRANSFER,
  hasNoMoney,
  MONEY_BUCKETS,
  pendingToShow,
  UNPAID,
} from './money-buckets.js';

const ZERO = {
  total: '0.00',
  paid: '0.00',
  pending: '0.00',
  requested: '0.00',
  onHold: '0.00',
  reversed: '0.00',
  toRecover: '0.00',
};

describe('money buckets', () => {
  it('name each bucket once, with a line that says what it holds', () => {
    const labels = [...Object.values(MONEY_BUCKETS), UNPAID].map((bucket) => bucket.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const bucket of [...Object.values(MONEY_BUCKETS), UNPAID]) {
      expect(bucket.explanation.length).toBeGreaterThan(10);
      // Arabic only: no Latin letters, no Western digits.
      expect(`${bucket.label}${bucket.explanation}`).not.toMatch(/[A-Za-z0-9]/);
    }
    // The product description's words for a commission's states.
    expect(MONEY_BUCKETS.pending.label).toBe('المعلقة');
    expect(MONEY_BUCKETS.paid.label).toBe('المدفوعة');
    // The transfer form's «المتاح للتحويل» is the pending bucket, and its tile says so.
    expect(MONEY_BUCKETS.pending.explanation.startsWith(AVAILABLE_TO_TRANSFER)).toBe(true);
  });

  it('tell a broker who never earned anything from one whose money is all settled or held', () => {
    expect(hasNoMoney(ZERO)).toBe(true);
    expect(hasNoMoney({ ...ZERO, total: '500.00', onHold: '500.00' })).toBe(false);
    // Everything reversed, nothing paid: the reversed amount still shows.
    expect(hasNoMoney({ ...ZERO, reversed: '500.00' })).toBe(false);
    // Reversed after it was paid: the deduction to come is money to show.
    expect(hasNoMoney({ ...ZERO, paid: '1000.00', toRecover: '1000.00' })).toBe(false);
    // Only a deduction (decision 074): the broker is shown what was taken and why.
    expect(hasNoMoney({ ...ZERO, total: '-200.00', pending: '-200.00', toRecover: '200.00' })).toBe(
      false,
    );
  });

  it('never show a negative pending: what is left to deduct shows apart, once', () => {
    // A paid 1,000 reversed with nothing earned since: nothing available, 1,000 to deduct.
    expect(pendingToShow({ pending: '-1000.00' })).toEqual({ available: 0, toDeduct: 1000 });
    // 1,500 earned since: the pending is already net of the deduction, nothing left to deduct.
    expect(pendingToShow({ pending: '500.00' })).toEqual({ available: 500, toDeduct: 0 });
    expect(pendingToShow({ pending: '0.00' })).toEqual({ available: 0, toDeduct: 0 });
    expect(Object.is(pendingToShow({ pending: '0.00' }).toDeduct, 0)).toBe(true);
  });
});
