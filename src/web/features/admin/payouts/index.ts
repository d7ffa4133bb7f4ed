export { AdminPayoutsCard } from './AdminPayoutsCard';
export { OpenRequestsCard } from './OpenRequestsCard';
