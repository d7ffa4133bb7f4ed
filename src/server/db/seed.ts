import { randomBytes } from 'node:crypto';
import { riyadhIsoDate } from '#domain';
import { hashPassword } from '../auth/passwords.js';
import { createBroker, findBrokerByPhone } from '../brokers/service.js';
import type { Database } from './client.js';
import { referrals } from './schema.js';

export type DemoAccount = { role: string; phone: string; password: string };

const DEMO_PASSWORD = 'demo1234';

const DEMO_BROKERS = [
  {
    role: 'مشرف عام (super-admin)',
    phone: '0550000001',
    fullName: 'سارة القحطاني',
    flags: { isSuperAdmin: true, isAdmin: true, isActive: true },
  },
  {
    role: 'مشرف (admin)',
    phone: '0550000002',
    fullName: 'خالد العتيبي',
    flags: { isAdmin: true, isActive: true },
  },
  {
    role: 'وسيط مفعّل (active broker)',
    phone: '0550000003',
    fullName: 'عبدالله الشمري',
    // A brokerage licence an admin verified (decision 070): the demo broker earns at once.
    flags: {
      isActive: true,
      falLicense: '1100000003',
      falLicenseType: 'brokerage',
      falLicenseExpiresOn: riyadhIsoDate(new Date(Date.now() + 365 * 24 * 60 * 60 * 1000)),
      falLicenseVerifiedAt: new Date(),
      falLicenseEvidence: 'rega_enquiry',
      falLicenseNote: 'بيانات تجريبية',
    },
  },
  {
    role: 'وسيط غير مفعّل (inactive broker)',
    phone: '0550000004',
    fullName: 'نورة الدوسري',
    flags: {},
  },
] as const;

const DEMO_REFERRALS = [
  { tenantPhone: '0561111001', rentAmount: 48000, city: 'riyadh', status: 'pending_completion' },
  { tenantPhone: '0561111002', rentAmount: 65000, city: 'riyadh', status: 'under_review' },
  {
    tenantPhone: '0561111003',
    rentAmount: 36000,
    city: 'jeddah',
    status: 'accepted_awaiting_owner_contract',
  },
  { tenantPhone: '0561111004', rentAmount: null, city: 'dammam', status: 'rejected' },
] as const;

/**
 * Development demo data: created once, on the first start of an empty database. Returns the
 * accounts it created so the caller can print them; nothing when they already exist.
 */
export async function seedDemoData(db: Database): Promise<DemoAccount[]> {
  if (await findBrokerByPhone(db, DEMO_BROKERS[0].phone)) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created: DemoAccount[] = [];
  for (const demo of DEMO_BROKERS) {
    const broker = await createBroker(db, {
      phone: demo.phone,
      passwordHash,
      fullName: demo.fullName,
      firstTimeOtpVerified: true,
      city: 'riyadh',
      ...demo.flags,
    });
    created.push({ role: demo.role, phone: demo.phone, password: DEMO_PASSWORD });
    if (demo.phone === '0550000003') {
      await db.insert(referrals).values(
        DEMO_REFERRALS.map((referral, index) => ({
          ...referral,
          brokerId: broker.id,
          propertyType: 'apartment',
          formToken: randomBytes(24).toString('base64url'),
          submittedAt: new Date(Date.now() - (index + 1) * 2 * 24 * 60 * 60 * 1000),
        })),
      );
    }
  }
  return created;
}
