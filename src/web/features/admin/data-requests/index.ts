export { AdminDataRequestsTab } from './AdminDataRequestsTab';
