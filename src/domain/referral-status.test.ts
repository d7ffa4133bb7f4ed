import { describe, expect, it } from 'vitest';
import {
  REFERRAL_STATUS_KEYS,
  REFERRAL_STATUS_TAKES_CONTRACT,
  statusTakesContract,
} from './referral-status.js';

describe('statusTakesContract', () => {
  it('is decided by the status key: the owner’s contract, the tenant’s, the signed one', () => {
    expect(REFERRAL_STATUS_KEYS.filter((key) => statusTakesContract(key))).toEqual([
      'accepted_awaiting_owner_contract',
      'preparing_tenant_contract',
      'contract_signed',
    ]);
    expect(
      [...REFERRAL_STATUS_TAKES_CONTRACT].every((key) => REFERRAL_STATUS_KEYS.includes(key)),
    ).toBe(true);
  });

  it('reads an unknown or missing value as the first status, which takes none', () => {
    expect(statusTakesContract('something else')).toBe(false);
    expect(statusTakesContract(undefined)).toBe(false);
    // A label is not a key: only keys decide.
    expect(statusTakesContract('تم توقيع العقد')).toBe(false);
  });
});
