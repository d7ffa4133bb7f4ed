/**
 * The two documents a tenant provides with their form: the salary certificate and the SIMAH
 * credit report. Only the operations team opens them; the referring broker learns that each was
 * provided, and when (decision 066).
 */
export const TENANT_DOCUMENT_KINDS = ['salary', 'credit'] as const;
export type TenantDocumentKind = (typeof TENANT_DOCUMENT_KINDS)[number];

export const TENANT_DOCUMENT_LABELS: Record<TenantDocumentKind, string> = {
  salary: 'تعريف الراتب',
  credit: 'تقرير سمة الائتماني',
};
