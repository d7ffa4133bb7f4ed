export { AdminCommissionsTab } from './AdminCommissionsTab';
