export { AdminMessagingTab } from './AdminMessagingTab';
