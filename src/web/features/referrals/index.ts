/** What other features may use of the referrals feature; the rest is its own. */
export { useReferralDetails, useReferrals } from './api';
export { DocumentLinks } from './DocumentLinks';
export { StatusTimeline } from './StatusTimeline';
