import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { addressKey, enforceRateLimits } from '../rate-limit.js';
import { verifyPassword } from './passwords.js';

const WRONG_PASSWORD = 'كلمة المرور الحالية غير صحيحة';

/**
 * The password again before a change a stolen session must not make alone (an IBAN that payouts
 * go to, a key for the inbound API): ten tries per account and a budget per address in 15
 * minutes for each kind of change, as a new password has. `required` is said without one.
 */
export async function confirmPassword(
  db: Database,
  account: { id: string; passwordHash: string },
  password: string | undefined,
  from: { ip: string; perAddress: number },
  change: { scope: string; required: string },
): Promise<void> {
  await enforceRateLimits(db, [
    { key: `${change.scope}:broker:${account.id}`, limit: 10, windowSeconds: 15 * 60 },
    {
      key: `${change.scope}:ip:${addressKey(from.ip)}`,
      limit: from.perAddress,
      windowSeconds: 15 * 60,
    },
  ]);
  if (!password) {
    throw new AppError(400, 'PASSWORD_REQUIRED', change.required, {
      fields: { password: change.required },
    });
  }
  if (!(await verifyPassword(password, account.passwordHash))) {
    throw new AppError(400, 'WRONG_PASSWORD', WRONG_PASSWORD, {
      fields: { password: WRONG_PASSWORD },
    });
  }
}
