/** Shapes of the API's answers, as the server sends them. */
export type CommissionInfo = { amount: string; status: string };

export type Referral = {
  id: string;
  number: number;
  tenantPhone: string;
  propertyType: string | null;
  city: string | null;
  district: string | null;
  notes: string | null;
  rentAmount: number | null;
  status: string;
  contractId: string | null;
  submittedAt: string;
  createdAt: string;
  updatedAt: string;
  commission: CommissionInfo | null;
  potentialCommission: string | null;
};

export type ReferralDetails = Referral & {
  formToken: string;
  tenantFormUrl: string;
  tenantData: {
    name: string;
    income: string;
    monthlyObligations: string;
    submittedAt: string;
    salaryDefinitionFile: string | null;
    creditReportFile: string | null;
  } | null;
};

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export type Metrics = {
  activeReferrals: number;
  totalCommission: string;
  completedContracts: number;
  successRate: number;
  totalReferrals: number;
  totalCommissions: string;
};

export type Commission = {
  id: string;
  referralId: string;
  tenantPhone: string;
  amount: string;
  paidAmount: string;
  status: string;
  contractNumber: string | null;
  paidAt: string | null;
  createdAt: string;
};

export type CommissionSummary = { total: string; paid: string; pending: string; requested: string };

export type TransferRequest = {
  id: string;
  amount: string;
  iban: string;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
  handledAt: string | null;
};
