export { documentRetentionQuery, useProviderWhatsapp } from './api';
export { DEVICE_DATA, documentsKept, REVIEW_TEAM } from './copy';
export { FalLicence, type PrivacySummary, TenantShell } from './ProviderNotice';
