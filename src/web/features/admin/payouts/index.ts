export { AdminPayoutsCard } from './AdminPayoutsCard';
export { DocumentsCard } from './DocumentsCard';
export { OpenRequestsCard } from './OpenRequestsCard';
