import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { adminCommissionListQuery } from '#contract/admin/commissions';
import type { ADMIN_COMMISSION_SORTS } from '#contract/admin/lists';
import {
  appliedRuleAr,
  COMMISSION_STATUS_KEYS,
  commissionKindAr,
  commissionStatusLabel,
  formatDateAr,
  formatSar,
  NOUNS,
} from '#domain';
import { Button } from '#ui/button';
import type { Column } from '#ui/data-table';
import { ListTotal } from '#ui/paged-list';
import {
  ACTION_TOASTS,
  brokerColumn,
  ConsoleList,
  ListToolbar,
  useAdminList,
  usePaymentDialog,
  useReasonDialog,
  VatOnTop,
} from '../shared';
import { type AdminCommission, adminCommissionsQuery, useCommissionAction } from './api';
import { CommissionNotes, CommissionStatusBadge } from './CommissionNotes';
import { paymentDescription, paymentSplit } from './payment-description';

type SortKey = (typeof ADMIN_COMMISSION_SORTS)[number] extends `${infer K}:${string}` ? K : never;

const FILTERS = [
  { value: 'all', label: 'جميع العمولات' },
  ...COMMISSION_STATUS_KEYS.map((status) => ({
    value: status,
    label: commissionStatusLabel(status),
  })),
];

/** Reversing a commission asks why: the broker reads the reason. */
const REVERSAL = {
  title: 'إلغاء العمولة',
  label: 'سبب الإلغاء',
  confirmLabel: 'تأكيد إلغاء العمولة',
};

/**
 * Every commission, searched, filtered and sorted by its date header: payment confirmed (with
 * the bank's reference) or the commission reversed with a reason. Cards on a phone, a dense
 * table from 1024 px.
 */
export function CommissionsList() {
  const filters = useAdminList(adminCommissionListQuery, { prefix: 'commissions' });
  const { page, search, status, sort } = filters.query;
  const commissions = useQuery(adminCommissionsQuery({ page, search, status, sort }));
  const action = useCommissionAction(ACTION_TOASTS);
  // The VAT the dialog showed, sent with the confirmation (paymentSplit).
  const shownVat = useRef('0.00');
  const payment = usePaymentDialog((paid) =>
    action.mutate({ kind: 'confirm-payment', ...paid, vatAmount: shownVat.current }),
  );
  const reversal = useReasonDialog(REVERSAL, action.isPending, (c: AdminCommission, reason) =>
    action.mutate({ kind: 'reverse', id: c.id, reason, success: 'تم إلغاء العمولة' }),
  );

  const confirmPayment = (c: AdminCommission) =>
    c.status === 'pending' ? (
      <Button
        onClick={() => {
          shownVat.current = paymentSplit(c).sent.vat;
          payment.ask({
            title: 'تأكيد دفع العمولة',
            description: paymentDescription(c),
            confirmLabel: 'تأكيد الدفع',
            id: c.id,
            success: 'تم تأكيد الدفع',
          });
        }}
      >
        تأكيد الدفع
      </Button>
    ) : null;
  const commissionActions = (c: AdminCommission) => (
    <div className="flex flex-wrap gap-2">
      {confirmPayment(c)}
      {c.status !== 'reversed' && c.status !== 'requested' ? (
        <Button variant="outline" onClick={() => reversal.ask(c)}>
          إلغاء العمولة
        </Button>
      ) : null}
    </div>
  );
  const columns: Column<AdminCommission, SortKey>[] = [
    {
      id: 'amount',
      header: 'المبلغ',
      cell: (c) => (
        <>
          <strong className="whitespace-nowrap">{formatSar(c.amount)}</strong>
          <VatOnTop amount={c.amount} vatAmount={c.vatAmount} className="text-slate-700" />
        </>
      ),
    },
    { id: 'status', header: 'الحالة', cell: (c) => <CommissionStatusBadge commission={c} /> },
    brokerColumn(),
    {
      id: 'tenant',
      header: 'المستأجر وعقد إيجار',
      cell: (c) =>
        c.kind === 'referral' ? (
          <>
            <bdi dir="ltr">{c.tenantPhone}</bdi>
            <ContractNumber commission={c} />
          </>
        ) : (
          <ProgramMoney commission={c} />
        ),
    },
    {
      id: 'created',
      header: 'تاريخ الإنشاء',
      sortKey: 'createdAt',
      firstDirection: 'desc',
      cell: (c) => formatDateAr(c.createdAt),
      className: 'whitespace-nowrap',
    },
    { id: 'rule', header: 'القاعدة', cell: (c) => <CommissionRule commission={c} /> },
    { id: 'notes', header: 'ملاحظات', cell: (c) => <CommissionNotes commission={c} /> },
    { id: 'actions', header: 'الإجراءات', cell: commissionActions },
  ];

  return (
    <>
      {payment.dialog}
      {reversal.dialog}
      <ListToolbar
        list={filters}
        searchBy="باسم الوسيط أو جواله"
        filter={status ?? 'all'}
        onFilter={(value) =>
          filters.set({ status: value === 'all' ? undefined : (value as typeof status) })
        }
        filterLabel="تصفية العمولات"
        filters={FILTERS}
        exportType="commissions"
        exportQuery={{ search, status }}
      />
      <ListTotal of={commissions.data} noun={NOUNS.commission} />
      <ConsoleList
        query={commissions}
        list={filters}
        caption="العمولات"
        empty="لا توجد عمولات مطابقة"
        columns={columns}
        card={(c) => (
          <>
            <div className="flex items-center justify-between gap-2">
              <p className="min-w-0">
                <strong className="text-lg">{formatSar(c.amount)}</strong>
                <VatOnTop
                  amount={c.amount}
                  vatAmount={c.vatAmount}
                  className="text-sm text-slate-700"
                />
              </p>
              <CommissionStatusBadge commission={c} />
            </div>
            <p className="flex flex-wrap gap-x-3 text-sm">
              <span>{c.brokerName || '—'}</span>
              <bdi dir="ltr">{c.brokerCode}</bdi>
            </p>
            <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
              {c.kind === 'referral' ? (
                <span>
                  المستأجر <bdi dir="ltr">{c.tenantPhone}</bdi>
                </span>
              ) : (
                <ProgramMoney commission={c} />
              )}
              <span>{formatDateAr(c.createdAt)}</span>
            </p>
            <ContractNumber commission={c} />
            <CommissionRule commission={c} />
            <CommissionNotes commission={c} />
            {commissionActions(c)}
          </>
        )}
      />
    </>
  );
}

/** The lease the commission rests on (decision 069), when its contract was numbered. */
function ContractNumber({ commission }: { commission: AdminCommission }) {
  if (!commission.contractNumber) return null;
  return (
    <p className="text-sm text-slate-700">
      رقم عقد إيجار <bdi dir="ltr">{commission.contractNumber}</bdi>
    </p>
  );
}

/**
 * The rule that made the commission, as stored with it (decision record 072); an adjustment or
 * a bonus was made by no rule (its kind and reason say what made it).
 */
function CommissionRule({ commission }: { commission: AdminCommission }) {
  if (commission.kind !== 'referral') return null;
  return <p className="text-sm text-slate-700">{appliedRuleAr(commission.rule)}</p>;
}

/** What made an adjustment or a bonus (decision record 074): its kind and its reason. */
function ProgramMoney({ commission }: { commission: AdminCommission }) {
  return (
    <span>
      {commissionKindAr(commission.kind)}: {commission.reason}
    </span>
  );
}
