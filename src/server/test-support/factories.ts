import { randomInt } from 'node:crypto';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { commissionEndpoints } from '#contract/commissions';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION } from '#domain';
import { createSession } from '../auth/sessions.js';
import { brokers } from '../db/schema.js';
import { client } from './client.js';
import type { Commission } from './responses.js';
import {
  createReferralWithToken,
  nextPhone,
  signUpBroker,
  type TestApp,
  type TestBroker,
  type TestReferral,
} from './test-app.js';

/**
 * How a broker starts: active, named «وسيط تجريبي» and holding a verified FAL licence unless a
 * test says otherwise.
 */
type BrokerOptions = { active?: boolean; fullName?: string | null; licensed?: boolean };
/** A referral's input: a fresh tenant and 60,000 a year unless said; `rent: null` declares none. */
type ReferralOptions = { rent?: number | null; tenantPhone?: string };

/**
 * A name no other test's broker has, for searching by it: the prefix and a fresh phone's digits
 * as letters (a name with a phone number in it is no name a tenant may see, and such a broker
 * takes no referral).
 */
export const aUniqueName = (prefix: string): string =>
  `${prefix} ${nextPhone().replace(/\d/g, (digit) => 'ابتثجحخدذر'[Number(digit)] ?? '')}`;

/** A broker signed up through the API, as a session the client can call with. */
export const aBroker = (t: TestApp, options: BrokerOptions = {}): Promise<TestBroker> =>
  signUpBroker(t, options);

/** An account with the admin role. */
export const anAdmin = (t: TestApp): Promise<TestBroker> => signUpBroker(t, { admin: true });

/** An account with the super-admin role, which may also do all an admin does. */
export const aSuperAdmin = (t: TestApp): Promise<TestBroker> =>
  signUpBroker(t, { superAdmin: true });

/** A referral the broker sends through the API, with the number and token it was given. */
export const aReferral = (
  t: TestApp,
  broker: TestBroker,
  options: ReferralOptions = {},
): Promise<TestReferral> => createReferralWithToken(t, broker, options.rent, options.tenantPhone);

/** An active broker who has sent one referral: where a tenant's or a money story starts. */
export async function anActiveBrokerWithReferral(
  t: TestApp,
  options: Pick<BrokerOptions, 'fullName'> & ReferralOptions = {},
): Promise<{ broker: TestBroker; referral: TestReferral }> {
  const broker = await aBroker(t, { fullName: options.fullName });
  return { broker, referral: await aReferral(t, broker, options) };
}

/**
 * A signed lease as the console records it (decision 069): a fresh Ejar contract number (11
 * random digits: no two tests' leases are one contract, whatever runs beside them), the annual
 * rent and a year's dates. Spread into a contract-signing status change.
 */
export function aLease(contractRent: number) {
  return {
    contractId: `2${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}/1`,
    contractRent,
    contractStartsOn: '2026-12-01',
    contractEndsOn: '2027-11-30',
  };
}

/**
 * A referral the admin moves to a status that earns its commission (contract signed unless
 * told), through PUT /api/admin/referrals/:id/status as the console does; answers the
 * commission the broker now sees. A new active broker's referral unless `broker` is given.
 */
export async function aSignedContract(
  t: TestApp,
  admin: TestBroker,
  options: {
    broker?: TestBroker;
    status?: 'contract_signed' | 'commission_added';
  } & ReferralOptions = {},
): Promise<{ broker: TestBroker; referral: TestReferral; commission: Commission }> {
  const broker = options.broker ?? (await aBroker(t));
  const referral = await aReferral(t, broker, options);
  // The lease at the rent the broker declared (60,000 unless told), so no rent signal holds it;
  // without a declared rent, one whose commission is the minimum.
  const declared = options.rent === undefined ? 60_000 : options.rent;
  const changed = await client(t)
    .as(admin)
    .call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: {
        status: options.status ?? 'contract_signed',
        ...aLease(declared ?? 30_000),
      },
    });
  if (changed.statusCode !== 200 || !changed.json().commissionCreated) {
    throw new Error(`no commission for the referral: ${changed.statusCode} ${changed.body}`);
  }
  const commissions = (await client(t).as(broker).call(commissionEndpoints.list)).json().items;
  const commission = commissions.find((c) => c.referralId === referral.id);
  if (!commission) throw new Error('the commission is not in the broker’s list');
  return { broker, referral, commission };
}

/** The tenant submits the form through their link (no documents): the referral goes to review. */
export async function aTenantSubmission(t: TestApp, referral: TestReferral): Promise<void> {
  const submitted = await client(t)
    .as(null)
    .call(tenantFormEndpoints.submit, {
      body: {
        token: referral.token,
        referralId: referral.id,
        name: 'مستأجر تجريبي',
        income: 12000,
        monthlyObligations: 2000,
        consent: true,
        creditConsent: true,
        consentVersion: CONSENT_VERSION,
      },
    });
  if (submitted.statusCode !== 200) {
    throw new Error(`tenant form refused: ${submitted.statusCode} ${submitted.body}`);
  }
}

/**
 * An active admin written straight to the database, with a session of their own: for apps on
 * a real SMS provider's adapter, where signing up (which reads the code from the recording
 * sender) is not possible.
 */
export async function anAdminRow(t: TestApp): Promise<TestBroker> {
  const [admin] = await t.database.db
    .insert(brokers)
    .values({
      phone: nextPhone(),
      passwordHash: 'not-a-hash',
      brokerCode: `SH-T${Math.floor(Math.random() * 1e6)}`,
      fullName: 'مشرف',
      isActive: true,
      isAdmin: true,
    })
    .returning();
  if (!admin) throw new Error('no admin written');
  const token = await createSession(t.database.db, admin);
  return { id: admin.id, phone: admin.phone, cookie: `sid=${token}` };
}
