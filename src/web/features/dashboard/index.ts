/** What other features may use of the dashboard feature; the rest is its own. */
export { type BrokerApp, NewReferralLink } from './new-referral';
