export { ReferralLinkCard } from './ReferralLinkCard';
export { ReferralSourceBadge } from './ReferralSourceBadge';
