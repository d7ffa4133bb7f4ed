export { useProviderWhatsapp } from './api';
export { DEVICE_DATA, REVIEW_TEAM } from './copy';
export { FalLicence, type PrivacySummary, TenantShell } from './ProviderNotice';
