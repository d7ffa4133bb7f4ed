import type { CommissionRule } from '../../../domain';
import type { Referral } from '../../lib/types';

export type AdminReferral = Referral & {
  brokerName: string | null;
  brokerPhone: string;
  brokerCode: string;
  formToken: string;
  tenantFormUrl: string;
  /** What contract signing creates under the commission rule in force. */
  commissionEstimate: string;
  /** The rule in force, to price the contract rent the admin confirms at signing. */
  commissionRule: CommissionRule;
  /** The signed contract's annual rent as confirmed at signing; null before, or if not given. */
  contractRent: number | null;
};

export type AdminTenantForm = {
  fullName: string;
  phone: string;
  monthlyIncome: string;
  monthlyObligations: string;
  creditReportUrl: string | null;
  salaryReportUrl: string | null;
  submittedAt: string;
};
