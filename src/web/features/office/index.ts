/** What other features may use of the office feature: where the broker's payouts go. */
export { myOfficeQuery } from './api';
