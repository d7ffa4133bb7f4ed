import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminPayoutListQuery } from '#contract/admin/payouts';
import {
  arabicCount,
  formatNumberAr,
  formatSar,
  NOUNS,
  PAYOUT_STATUSES,
  type PayoutStatus,
  payoutStatusLabel,
} from '#domain';
import { downloadFile } from '#lib/download';
import { useListParams } from '#lib/use-list-params';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Checkbox } from '#ui/checkbox';
import { Skeleton } from '#ui/feedback';
import { PagedList } from '#ui/paged-list';
import { QueryView } from '#ui/query-view';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import { useReasonDialog, useSelection } from '../shared';
import { announce } from './announce';
import {
  type AdminPayout,
  BANK_FILE_URL,
  bankFileAgainUrl,
  type PayoutMarking,
  payoutStepsQuery,
  payoutsQuery,
  refreshPayouts,
  useFailPayout,
  useMarkPayouts,
  usePayDue,
} from './api';
import { useCancelDialog } from './cancel-dialog';
import { PayoutItem } from './PayoutItem';
import { PayoutSteps } from './PayoutSteps';
import { SendPayoutsDialog } from './SendPayoutsDialog';

// Drafts are the open transfer requests, approved from their own card.
const STATUS_OPTIONS = PAYOUT_STATUSES.filter((status) => status !== 'draft').map((status) => ({
  value: status,
  label: payoutStatusLabel(status, 'payout'),
}));

const payoutsList = adminPayoutListQuery;
/** The card's list: a state other than draft, the approved ones unless asked. */
const CARD_LIST = payoutsList.extend({
  status: payoutsList.shape.status.unwrap().exclude(['draft']).default('approved'),
});

/** What the chosen payouts of each state move to, and the button that moves them. */
const NEXT: Partial<Record<PayoutStatus, { to: PayoutMarking['status']; label: string }>> = {
  approved: { to: 'sent', label: 'تعليم المحدد كمُرسَل' },
  sent: { to: 'paid', label: 'تعليم المحدد كمدفوع' },
};

/** What an empty list of each state says: nothing yet, and what would appear. */
const EMPTY: Record<Exclude<PayoutStatus, 'draft'>, string> = {
  approved: 'لا توجد دفعات معتمدة. تظهر هنا الدفعات بعد اعتمادها حتى تُرسل إلى البنك.',
  sent: 'لا توجد دفعات مُرسَلة إلى البنك. تظهر هنا بعد تعليمها مُرسَلة حتى يؤكد البنك دفعها.',
  paid: 'لا توجد دفعات مدفوعة بعد.',
  failed: 'لا توجد دفعات فشل تحويلها.',
  rejected: 'لا توجد دفعات مرفوضة.',
  cancelled: 'لا توجد دفعات ملغاة.',
};

/** A failed transfer is recorded with the bank's reason. */
const FAILURE = {
  title: 'تسجيل فشل التحويل',
  label: 'سبب الفشل كما ذكره البنك',
  confirmLabel: 'تأكيد فشل التحويل',
};

/**
 * The payouts, top to bottom in the order of the work: «دفع كل المستحق» (its drafts join the
 * open transfer requests), the steps with what waits at each (approve, the bank file, sent,
 * paid or failed), then the payouts of one state with a choice of rows, moved on in one action;
 * one no bank has been given may be cancelled, with a reason.
 */
export function AdminPayoutsCard() {
  const titleId = useId();
  const { values, set } = useListParams(CARD_LIST, 'payouts');
  const { status, page } = values;
  const { selected: chosen, toggle, setAll, clear } = useSelection();
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState('');
  const [downloading, setDownloading] = useState(false);
  const payouts = useQuery(payoutsQuery(status, page));
  const steps = useQuery(payoutStepsQuery());
  const cancelling = useCancelDialog();
  const mark = useMarkPayouts({
    onSuccess: (result) => {
      announce(result);
      clear();
    },
    onError: errorToast('خطأ', 'فشل في معالجة الدفعات'),
  });
  const payDue = usePayDue({
    onSuccess: (run) => {
      const skipped =
        run.skipped.noIban + run.skipped.ibanHold + run.skipped.signal + run.skipped.ownMoney;
      toast({
        title:
          run.created > 0
            ? `أُنشئت ${arabicCount(run.created, NOUNS.payout)} بمبلغ ${formatSar(run.amount)}`
            : skipped > 0
              ? 'لم تُنشأ أي دفعة'
              : 'لا توجد مبالغ مستحقة تبلغ الحد الأدنى',
        // The new drafts wait in «طلبات التحويل المفتوحة» for approval.
        ...(skipped > 0
          ? {
              description: `لم تُنشأ دفعة لعدد ${formatNumberAr(skipped)} من الوسطاء: بلا آيبان ${formatNumberAr(run.skipped.noIban)}، آيبان غُيّر مؤخراً ${formatNumberAr(run.skipped.ibanHold)}، تنبيه مفتوح ${formatNumberAr(run.skipped.signal)}، حسابك أو حساب يشاركك الجوال أو الآيبان ${formatNumberAr(run.skipped.ownMoney)}.`,
            }
          : {}),
      });
    },
    onError: errorToast('خطأ', 'فشل في إنشاء الدفعات'),
  });
  const fail = useFailPayout({
    onSuccess: () => toast({ title: 'سُجّل فشل التحويل وعاد المبلغ إلى رصيد الوسيط' }),
    onError: errorToast('خطأ', 'فشل في تسجيل فشل التحويل'),
  });
  const failure = useReasonDialog(FAILURE, fail.isPending, (p: AdminPayout, reason) =>
    fail.mutate({ id: p.id, reason }),
  );
  const next = NEXT[status];
  const items = payouts.data?.items ?? [];
  const allChosen = items.length > 0 && items.every((p) => chosen.has(p.id));
  const move = (transferReference?: string) => {
    if (!next) return;
    mark.mutate({ ids: [...chosen], status: next.to, transferReference });
  };
  async function bankFile(batch?: string) {
    setDownloading(true);
    try {
      await (batch
        ? downloadFile(bankFileAgainUrl(batch), 'bank_transfers.csv')
        : downloadFile(BANK_FILE_URL, 'bank_transfers.csv', 'POST'));
    } catch (error) {
      errorToast('خطأ', 'فشل في تنزيل ملف البنك')(error);
    } finally {
      setDownloading(false);
      // A new file stamps its payouts: the steps and the list are read again.
      await refreshPayouts();
    }
  }

  return (
    <Card className="space-y-4" role="region" aria-labelledby={titleId}>
      {sending ? (
        <SendPayoutsDialog
          count={chosen.size}
          reference={reference}
          onReferenceChange={setReference}
          onClose={() => setSending(false)}
          onConfirm={(transferReference) => {
            move(transferReference);
            setSending(false);
            setReference('');
          }}
        />
      ) : null}
      {failure.dialog}
      {cancelling.dialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id={titleId}>الدفعات</CardTitle>
        <Button disabled={payDue.isPending} onClick={() => payDue.mutate()}>
          دفع كل المستحق
        </Button>
      </div>
      <QueryView query={steps} loading={<Skeleton className="h-40" />}>
        {(data) => (
          <PayoutSteps
            steps={data}
            downloading={downloading}
            onBankFile={() => bankFile()}
            onShow={(next) => {
              set({ status: next, page: 1 });
              clear();
            }}
          />
        )}
      </QueryView>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <Select
            aria-label="حالة الدفعات"
            value={status}
            onValueChange={(value) => {
              set({ status: value as typeof status });
              clear();
            }}
            options={STATUS_OPTIONS}
          />
        </div>
        {next ? (
          <Button
            disabled={chosen.size === 0 || mark.isPending}
            onClick={() => (next.to === 'sent' ? setSending(true) : move())}
          >
            {next.label}
            {chosen.size > 0 ? ` (${arabicCount(chosen.size, NOUNS.payout)})` : ''}
          </Button>
        ) : null}
      </div>
      <PagedList
        query={payouts}
        loading={<p className="text-sm text-slate-700">جارٍ التحميل…</p>}
        empty={<p className="text-sm text-slate-700">{EMPTY[status]}</p>}
        pages={{ label: 'صفحات الدفعات', page, onPage: (next) => set({ page: next }) }}
      >
        {(data) => (
          <div className="space-y-2">
            {next ? (
              <Checkbox
                className="flex min-h-11 items-center gap-3 text-sm"
                boxClassName="size-5 shrink-0"
                checked={allChosen}
                onCheckedChange={(on) =>
                  setAll(
                    data.items.map((p) => p.id),
                    on,
                  )
                }
              >
                اختيار الكل في هذه الصفحة
              </Checkbox>
            ) : null}
            <ul className="divide-y divide-slate-100" aria-label="الدفعات">
              {data.items.map((p) => (
                <PayoutItem
                  key={p.id}
                  payout={p}
                  choosable={Boolean(next)}
                  chosen={chosen.has(p.id)}
                  onToggle={() => toggle(p.id)}
                  downloading={downloading}
                  onBankFile={bankFile}
                  onFail={() => failure.ask(p)}
                  onCancel={() => cancelling.ask(p)}
                />
              ))}
            </ul>
          </div>
        )}
      </PagedList>
    </Card>
  );
}
