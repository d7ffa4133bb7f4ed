// What the console's tabs share: the list toolbar and its state (with the export), the deletion of
// brokers and referrals, the reason and payment dialogs, the console's query keys, and money with
// its VAT.

export { VatOnTop, withVat } from '#ui/money-with-vat';
export { ACTION_TOASTS } from './action-toasts';
export { brokerColumn, ConsoleList } from './ConsoleList';
export {
  BROKER_DELETION,
  DeletableList,
  ProtectedAccountNote,
  REFERRAL_DELETION,
  useDeletion,
  useSelection,
} from './deletion';
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
export { useAdminList } from './use-admin-list';
