export { adminSummaryQuery } from './api';
