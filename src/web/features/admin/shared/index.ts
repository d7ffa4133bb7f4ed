// What the console's tabs share: the list toolbar and its state, the export, the deletion of
// brokers and referrals, the reason and payment dialogs, and the console's query keys.
export { ACTION_TOASTS } from './action-toasts';
export { DELETION_AFFECTS, type ExportQuery, type ExportType, exportUrl } from './api';
export { brokerColumn, ConsoleList } from './ConsoleList';
export {
  BROKER_DELETION,
  DeletableList,
  ProtectedAccountNote,
  REFERRAL_DELETION,
  useDeletion,
  useSelection,
} from './deletion';
export { ExportButton } from './ExportButton';
export {
  type AnalyticsRange,
  adminKeys,
  type BrokerFilters,
  type CommissionFilters,
  type OutboxFilters,
  type ReferralListFilters,
  type SettingKey,
  type SignalFilters,
} from './keys';
export { ListToolbar } from './ListToolbar';
export { usePaymentDialog } from './PaymentDialog';
export { ReasonDialog, useReasonDialog } from './ReasonDialog';
export { ltr } from './text';
export { type AdminList, useAdminList } from './use-admin-list';
