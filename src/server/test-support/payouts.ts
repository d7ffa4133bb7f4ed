import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { commissionEndpoints } from '#contract/commissions';
import { type Caller, client } from './client.js';
import type { BodyOf } from './endpoints.js';
import { ibanFor } from './iban.js';
import type { TestApp, TestBroker } from './test-app.js';

/** Transfer requests (payouts) as the tests make and move them, through the API. */

/**
 * The broker asks for `amount` riyals as the transfer-request form sends it, to the IBAN
 * `anIbanOnProfile` puts on their profile unless another is given (which the profile must
 * already hold: no password is sent). Answers the response, accepted (201) or refused, for the
 * test to read.
 */
export const askForPayout = (
  t: TestApp,
  broker: TestBroker,
  amount: number,
  bankAccount = ibanFor(broker.phone),
) =>
  client(t).as(broker).call(commissionEndpoints.requestPayout, { body: { amount, bankAccount } });

/**
 * The console's batch action on payouts, for a file's tests: `mark(caller, ids, status)` moves
 * the payouts `ids` to `status`, with the bank's reference where one is given (for `sent`).
 * `const mark = payoutMarker(t);`
 */
export const payoutMarker =
  (t: TestApp) =>
  (
    caller: Caller,
    ids: string[],
    status: BodyOf<typeof adminPayoutEndpoints.mark>['status'],
    transferReference?: string,
  ) =>
    client(t)
      .as(caller)
      .call(adminPayoutEndpoints.mark, { body: { ids, status, transferReference } });
