import type { Referral } from '../../lib/types';

export type AdminReferral = Referral & {
  brokerName: string | null;
  brokerPhone: string;
  brokerCode: string;
  formToken: string;
  tenantFormUrl: string;
  /** What contract signing creates under the commission rule in force. */
  commissionEstimate: string;
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
