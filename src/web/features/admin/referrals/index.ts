export { AdminReferralsTab } from './AdminReferralsTab';
