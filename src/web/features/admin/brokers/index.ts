export { AdminBrokersTab } from './AdminBrokersTab';
export { useActivateBroker } from './api';
